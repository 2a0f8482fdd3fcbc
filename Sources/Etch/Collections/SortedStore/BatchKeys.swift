import Foundation

/// One ``SortKey`` of a batch of objects, for ``SortedStore``'s merge: it ranks the batch's
/// objects by the key and finds a batch object's key among the stored objects' keys.
/// Objects are named by their index in the batch or in the store.
///
/// A key-path key compares the batch's keys, read once by a ``BatchKeyReader``, with the
/// stored keys in the store's ``SortKeyColumn``, never reading a stored object; its
/// comparisons run in code compiled for the key's type (the closures are made in inlinable
/// code where it is known), with no call through a type-erased key per comparison. A
/// comparator key has no key to read and compares the objects themselves.
///
/// Every comparison with a stored object passes it first, as ``ElementOrder`` does.
@usableFromInline
struct BatchKeys<Element> {
    /// Each batch object's rank by this key alone: equal keys share a rank, and a key that
    /// sorts before another has a smaller rank.
    @usableFromInline let ranks: [Int]
    /// The stored objects in `range` whose key equals that of the batch's object at
    /// `batchIndex`: from the first whose key does not sort before it to the first whose
    /// key sorts after it. The search gallops from the start of `range`, first by `step`.
    @usableFromInline let equalRange: (_ batchIndex: Int, _ range: Range<Int>, _ step: Int) -> Range<Int>
    /// For each of the batch's objects named in `sorted`, which lists them in order, the
    /// stored objects (the first `storedCount`) whose key equals its own, as ``equalRange``
    /// finds them: each search starts where the last one's range starts. One call for the
    /// whole batch, so that the searches of a key with values run in one loop compiled for
    /// its type, with no call per object; a dense batch's plain keys are compared a window
    /// at a time (see ``equalRange(of:inWindowFrom:of:by:)``), a sparse batch's by
    /// galloping.
    @usableFromInline let equalRanges: (_ sorted: [Int], _ storedCount: Int) -> [Range<Int>]
    /// Whether the batch's object at `batchIndex` and the stored one at `storedIndex` have
    /// equal keys: whether a replacing object keeps the replaced one's place.
    @usableFromInline let hasSameKey: (_ batchIndex: Int, _ storedIndex: Int) -> Bool
    /// Merges the batch's keys into the store's column of this key (a `[Value]`) with the
    /// steps the objects took (``Swift/Array/moveMerge(_:extent:releasingRemovedTwice:)``);
    /// nothing for a comparator, which has no column.
    @usableFromInline let mergeColumn: (_ column: inout Any, _ walk: MergeWalk) -> Void

    /// How many stored objects a search looks at one by one before it gallops (see
    /// ``Swift/Range/scanningPartitionPoint(scanned:firstStep:_:)``): between two objects of
    /// a large batch lie as many stored objects as the store has per batch object, often
    /// fewer than this.
    @inlinable static var scanned: Int { 16 }

    /// The key of a comparator, which compares the objects themselves.
    @usableFromInline
    init(
        comparing batch: [Element],
        with stored: [Element],
        by compare: @escaping @Sendable (Element, Element) -> ComparisonResult
    ) {
        ranks = Self.ranks(count: batch.count) { compare(batch[$0], batch[$1]) }
        let equalRange = { (batchIndex: Int, range: Range<Int>, step: Int) -> Range<Int> in
            let element = batch[batchIndex]
            let start = range.scanningPartitionPoint(scanned: Self.scanned, firstStep: step) {
                compare(stored[$0], element) == .orderedAscending
            }
            let end = (start..<range.upperBound).scanningPartitionPoint(scanned: Self.scanned, firstStep: 1) {
                compare(stored[$0], element) != .orderedDescending
            }
            return start..<end
        }
        self.equalRange = equalRange
        equalRanges = { sorted, storedCount in
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(sorted.count)
            var start = 0
            for (done, batchIndex) in sorted.enumerated() {
                let range = equalRange(batchIndex, start..<storedCount, Self.step(start, storedCount, sorted, done))
                ranges.append(range)
                start = range.lowerBound
            }
            return ranges
        }
        hasSameKey = { compare(batch[$0], stored[$1]) == .orderedSame }
        mergeColumn = { _, _ in }
    }

    /// A key with values: the batch's `keys`, and the stored objects' in their column.
    /// Inlinable so that it is specialized where the key's type is known.
    @inlinable
    init<Order: KeyOrder>(keys: [Order.Value], storedKeys: [Order.Value], order: Order) {
        ranks = Self.ranks(of: keys, by: order)
        equalRange = { batchIndex, range, step in
            Self.equalRange(of: keys[batchIndex], in: range, firstStep: step, of: storedKeys, by: order)
        }
        equalRanges = { sorted, storedCount in
            keys.withUnsafeBufferPointer { keys in
                storedKeys.withUnsafeBufferPointer { storedKeys in
                    let storedKeys = UnsafeBufferPointer(rebasing: storedKeys[..<storedCount])
                    var ranges: [Range<Int>] = []
                    ranges.reserveCapacity(sorted.count)
                    var start = 0
                    for (done, batchIndex) in sorted.enumerated() {
                        let key = keys[batchIndex]
                        let step = Self.step(start, storedKeys.count, sorted, done)
                        // Near the last one (as most of a large batch are), window after
                        // window; the keys before a window's range, or before its end, all
                        // sort before `key`, so the search below goes on from there.
                        var found: Range<Int>?
                        while step <= Self.window * 2,
                            let range = Self.equalRange(of: key, inWindowFrom: start, of: storedKeys, by: order)
                        {
                            let windowEnd = start + Self.window
                            start = range.lowerBound
                            // The range ends within the window: found.
                            if range.upperBound < windowEnd {
                                found = range
                                break
                            }
                            // It starts within the window and may go on past it.
                            if range.lowerBound < windowEnd { break }
                        }
                        if let found {
                            ranges.append(found)
                            continue
                        }
                        let range = Self.equalRange(
                            of: key, in: start..<storedKeys.count, firstStep: step, of: storedKeys, by: order)
                        start = range.lowerBound
                        ranges.append(range)
                    }
                    return ranges
                }
            }
        }
        hasSameKey = { order.compare(keys[$0], storedKeys[$1]) == .orderedSame }
        mergeColumn = { column, walk in
            if _isPOD(Order.Value.self) {
                column = SortKeyColumn<Element>.typed(column, Order.Value.self).merged(inserting: keys, walk)
                return
            }
            var typed = SortKeyColumn<Element>.typed(column, Order.Value.self)
            column = ()  // so `typed` is the only reference and changes in place
            typed.append(contentsOf: keys)
            typed.moveMerge(walk)
            column = typed
        }
    }

    /// Dense ranks of `count` objects by `compare`: sorted once, then numbered, equal
    /// neighbours sharing a number.
    @inlinable
    static func ranks(count: Int, _ compare: (Int, Int) -> ComparisonResult) -> [Int] {
        var sorted = Array(0..<count)
        sorted.sort { compare($0, $1) == .orderedAscending }
        return numbered(sorted, compare)
    }

    /// Dense ranks of `keys` by `order`, as ``ranks(count:_:)``, sorted by
    /// ``KeyOrder/sortedPositions(of:)``, which compares them inline. Specialized for the
    /// key's type where it is known.
    @inlinable
    static func ranks<Order: KeyOrder>(of keys: [Order.Value], by order: Order) -> [Int] {
        keys.withUnsafeBufferPointer { keys in
            numbered(order.sortedPositions(of: keys)) { order.compare(keys[$0], keys[$1]) }
        }
    }

    /// The ranks of objects listed in order: equal neighbours by `compare` share a rank.
    @inlinable
    static func numbered(_ sorted: [Int], _ compare: (Int, Int) -> ComparisonResult) -> [Int] {
        var ranks = [Int](repeating: 0, count: sorted.count)
        var rank = 0
        for position in sorted.indices.dropFirst() {
            if compare(sorted[position - 1], sorted[position]) != .orderedSame { rank += 1 }
            ranks[sorted[position]] = rank
        }
        return ranks
    }
}
