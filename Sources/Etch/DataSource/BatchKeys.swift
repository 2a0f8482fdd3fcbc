import Foundation

/// One ``SortKey`` of a batch of objects and of the stored objects it merges into, for
/// ``SortedStore``'s merge: objects are named by their index in the batch or in the store.
///
/// Reading a key through a key path (a runtime projection, often a computed property)
/// costs far more than comparing two keys, and sorting a batch of *k* objects compares
/// each of them about log *k* times. So a key-path key reads each batch object's key once,
/// up front, and each stored object's key at most once, when first compared. A comparator
/// key has no key to read and compares the objects themselves.
///
/// Every comparison passes its operands in the order ``ElementOrder`` would, stored
/// object first, so even a comparator that is not a strict weak order gives the same
/// answers as there.
@usableFromInline
struct BatchKeys<Element> {
    /// Compares the batch's objects at two indices.
    @usableFromInline let compareInBatch: (Int, Int) -> ComparisonResult
    /// Compares the stored object at an index with the batch's object at an index.
    @usableFromInline let compareStoredToBatch: (_ stored: Int, _ batch: Int) -> ComparisonResult

    /// The key of a comparator, which compares the objects themselves.
    @usableFromInline
    init(
        comparing batch: [Element],
        with stored: [Element],
        by compare: @escaping @Sendable (Element, Element) -> ComparisonResult
    ) {
        compareInBatch = { compare(batch[$0], batch[$1]) }
        compareStoredToBatch = { compare(stored[$0], batch[$1]) }
    }

    /// The key read through `keyPath`: the batch's keys now, the stored ones when first
    /// compared. Inlinable so that it is specialized where the key's type is known.
    @inlinable
    init<Value>(
        reading keyPath: KeyPath<Element, Value>,
        of batch: [Element],
        and stored: [Element],
        order: @escaping (Value, Value) -> ComparisonResult
    ) {
        let keys = batch.map { $0[keyPath: keyPath] }
        compareInBatch = { order(keys[$0], keys[$1]) }
        // A merge reads few of the stored keys (about log(n/k) per batch object), some of
        // them more than once: the search for each object starts where the last one ended.
        var storedKeys = [Value?](repeating: nil, count: stored.count)
        compareStoredToBatch = { index, batchIndex in
            if let key = storedKeys[index] { return order(key, keys[batchIndex]) }
            let key = stored[index][keyPath: keyPath]
            storedKeys[index] = key
            return order(key, keys[batchIndex])
        }
    }
}

/// A batch's order and its place among the stored objects, by ``BatchKeys``: the sort
/// keys in turn, then the id, as ``ElementOrder`` orders objects.
@usableFromInline
struct BatchOrder<Element: Identifiable> where Element.ID: Comparable {
    @usableFromInline let keys: [BatchKeys<Element>]
    @usableFromInline let batch: [Element]
    @usableFromInline let stored: [Element]

    @inlinable
    init(_ order: ElementOrder<Element>, batch: [Element], stored: [Element]) {
        keys = order.keys.map { $0.batchKeys(batch, stored) }
        self.batch = batch
        self.stored = stored
    }

    /// Whether the batch's object at `lhs` sorts before the one at `rhs`.
    @inlinable
    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        for key in keys {
            let result = key.compareInBatch(lhs, rhs)
            if result != .orderedSame { return result == .orderedAscending }
        }
        return batch[lhs].id < batch[rhs].id
    }

    /// Compares the stored object at `index` with the batch's object at `batchIndex` by
    /// the sort keys only, ignoring ids.
    @inlinable
    func compareKeys(stored index: Int, batch batchIndex: Int) -> ComparisonResult {
        for key in keys {
            let result = key.compareStoredToBatch(index, batchIndex)
            if result != .orderedSame { return result }
        }
        return .orderedSame
    }

    /// Whether the stored object at `index` sorts before the batch's object at `batchIndex`.
    @inlinable
    func precedes(stored index: Int, batch batchIndex: Int) -> Bool {
        switch compareKeys(stored: index, batch: batchIndex) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: stored[index].id < batch[batchIndex].id
        }
    }

    /// The first index in `range` whose stored object does not sort before the batch's
    /// object at `batchIndex`.
    ///
    /// - Complexity: O(log *n*) comparisons.
    @inlinable
    func lowerBound(of batchIndex: Int, in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if precedes(stored: middle, batch: batchIndex) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// The first index from `start` whose stored object does not sort before the batch's
    /// object at `batchIndex`, found by growing steps and then a binary search, so a sorted
    /// batch costs O(log distance) comparisons per object rather than O(log *n*).
    ///
    /// The first step is the expected distance, when `remaining` batch objects (this one
    /// included) are spread over the stored objects from `start` on.
    @inlinable
    func gallopingLowerBound(of batchIndex: Int, from start: Int, remaining: Int) -> Int {
        let count = stored.count
        var step = Swift.max(1, (count - start) / Swift.max(1, remaining + 1))
        var low = start
        var high = start + step - 1
        while high < count, precedes(stored: high, batch: batchIndex) {
            low = high + 1
            step *= 2
            high = low + step - 1
        }
        return lowerBound(of: batchIndex, in: low..<Swift.min(high, count))
    }
}
