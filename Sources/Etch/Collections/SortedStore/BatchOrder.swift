import Foundation

/// A batch's order and its place among the stored objects, by ``BatchKeys``: the sort
/// keys in turn, then the id, as ``ElementOrder`` orders objects.
///
/// The batch's order is one rank per object (the keys' ranks taken together, equal keys
/// sharing one) and then the id, so putting the batch in order takes one counting pass over
/// the ranks and compares ids only among equal keys.
@usableFromInline
struct BatchOrder<Element: Identifiable> where Element.ID: Comparable & Sendable {
    @usableFromInline let keys: [BatchKeys<Element>]
    /// The keys' ``BatchKeys/equalRange`` in turn: the stored objects in a range whose keys
    /// all equal those of a batch object. With one key, that key's own closure: calling a
    /// closure read from an array retains and releases it, each time.
    @usableFromInline let equalRange: (_ batchIndex: Int, _ range: Range<Int>, _ step: Int) -> Range<Int>
    /// Whether every key's ``BatchKeys/hasSameKey``; with one key, its own closure.
    @usableFromInline let sameKeys: (_ batchIndex: Int, _ storedIndex: Int) -> Bool
    /// Each batch object's rank by all the keys: equal keys share a rank.
    @usableFromInline let ranks: [Int]
    /// The number of distinct ranks.
    @usableFromInline let rankCount: Int
    /// The batch's ids.
    @usableFromInline let ids: [Element.ID]
    /// The stored objects' ids, in the store's order.
    @usableFromInline let storedIDs: [Element.ID]

    /// - Parameters:
    ///   - readers: The readers of each sort key, done reading the batch.
    ///   - ids: The batch's ids, by slot.
    ///   - stored: The store's objects, which only comparator keys read.
    ///   - columns: The store's columns of ids and keys, parallel to `stored`.
    @inlinable
    init(
        _ readers: [BatchKeyReader<Element>], ids: [Element.ID], stored: [Element],
        columns: SortedStoreColumns<Element>
    ) {
        let keys = zip(readers, columns.keys).map { reader, column in
            reader.batchKeys(stored, column?.keys ?? ())
        }
        self.keys = keys
        if keys.count == 1 {
            equalRange = keys[0].equalRange
            sameKeys = keys[0].hasSameKey
            ranks = keys[0].ranks
        } else {
            equalRange = { batchIndex, range, step in
                var range = range
                for (position, key) in keys.enumerated() {
                    range = key.equalRange(batchIndex, range, position == 0 ? step : 1)
                    if range.isEmpty { break }
                }
                return range
            }
            sameKeys = { batchIndex, storedIndex in keys.allSatisfy { $0.hasSameKey(batchIndex, storedIndex) } }
            ranks = BatchKeys<Element>.ranks(count: ids.count) { lhs, rhs in
                for key in keys where key.ranks[lhs] != key.ranks[rhs] {
                    return key.ranks[lhs] < key.ranks[rhs] ? .orderedAscending : .orderedDescending
                }
                return .orderedSame
            }
        }
        rankCount = (ranks.max() ?? -1) + 1
        self.ids = ids
        storedIDs = columns.ids
    }

    /// The batch's objects at `indices`, in order: by rank in a counting pass, then by id
    /// among equal ranks.
    ///
    /// - Complexity: O(*k* + *r*) for *k* indices and *r* ranks, plus sorting the objects
    ///   of each rank by id.
    @inlinable
    func sorted(_ indices: Range<Int>) -> [Int] {
        var starts = [Int](repeating: 0, count: rankCount + 1)
        for index in indices { starts[ranks[index] + 1] += 1 }
        for rank in 0..<rankCount { starts[rank + 1] += starts[rank] }
        var sorted = [Int](repeating: 0, count: indices.count)
        for index in indices {
            sorted[starts[ranks[index]]] = index
            starts[ranks[index]] += 1
        }
        // Captured alone: a closure that captures `self` copies every field of it, each
        // time it is made.
        let ids = ids
        var start = 0
        while start < sorted.count {
            var end = start + 1
            while end < sorted.count && ranks[sorted[end]] == ranks[sorted[start]] { end += 1 }
            if end - start > 1 { sorted[start..<end].sort { ids[$0] < ids[$1] } }
            start = end
        }
        return sorted
    }

    /// Whether the batch's object at `batchIndex` and the stored one at `storedIndex` have
    /// equal sort keys.
    @inlinable
    func hasSameKeys(_ batchIndex: Int, asStored storedIndex: Int) -> Bool {
        sameKeys(batchIndex, storedIndex)
    }

    /// The first index from `start` whose stored object does not sort before the batch's
    /// object at `batchIndex`: each key narrows the range of stored objects with an equal
    /// key, and the ids decide within the last.
    ///
    /// The first key's search gallops, its first step the expected distance when
    /// `remaining` batch objects (this one included) are spread over the stored objects
    /// from `start` on; so a sorted batch costs O(log distance) comparisons per object
    /// rather than O(log *n*).
    @inlinable
    func lowerBound(of batchIndex: Int, from start: Int, remaining: Int) -> Int {
        var range = start..<storedIDs.count
        let step = range.count / Swift.max(1, remaining + 1)
        range = equalRange(batchIndex, range, step)
        if range.isEmpty { return range.lowerBound }
        let id = ids[batchIndex]
        return range.scanningPartitionPoint(scanned: BatchKeys<Element>.scanned, firstStep: 1) { storedIDs[$0] < id }
    }
}
