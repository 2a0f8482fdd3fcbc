import Etch

/// One object's place in a sorted index: its key, then its id to break ties.
struct SortedEntry: Sendable, Comparable {
    /// The indexed value.
    var key: IndexKey
    /// The object's id.
    var id: IndexKey

    static func < (lhs: SortedEntry, rhs: SortedEntry) -> Bool {
        lhs.key != rhs.key ? lhs.key < rhs.key : lhs.id < rhs.id
    }
}

/// The objects of one group of a sorted index, in key order (ties by id), kept sorted by
/// binary search on every change.
struct SortedEntries: Sendable {
    private(set) var entries: [SortedEntry] = []

    init() {}

    /// The group of entries in any order, sorted once.
    init(unsorted: [SortedEntry]) {
        entries = unsorted.sorted()
    }

    /// The position of the first entry not before `entry`.
    private func position(of entry: SortedEntry) -> Int {
        entries.partitionIndex { $0 < entry }
    }

    /// The position of the first entry whose key is not before `key` (or, when
    /// `afterEqual`, not before or equal to it).
    private func position(ofKey key: IndexKey, afterEqual: Bool) -> Int {
        entries.partitionIndex { afterEqual ? $0.key <= key : $0.key < key }
    }

    /// Adds an entry at its place.
    /// - Complexity: O(log *n*) comparisons and one memory move.
    mutating func insert(_ entry: SortedEntry) {
        entries.insert(entry, at: position(of: entry))
    }

    /// Removes an entry if present.
    /// - Complexity: O(log *n*) comparisons and one memory move.
    mutating func remove(_ entry: SortedEntry) {
        let index = position(of: entry)
        if index < entries.count, entries[index] == entry { entries.remove(at: index) }
    }

    /// Whether the group holds nothing.
    var isEmpty: Bool { entries.isEmpty }

    /// The ids whose keys lie within the bounds, in key order or its reverse, after skipping
    /// `offset` and at most `limit` of them.
    /// - Complexity: O(log *n* + *k*) for *k* ids returned.
    func ids(from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, offset: Int, limit: Int?) -> [IndexKey] {
        let start = lower.map { position(ofKey: $0.key, afterEqual: !$0.isInclusive) } ?? 0
        let end = upper.map { position(ofKey: $0.key, afterEqual: $0.isInclusive) } ?? entries.count
        guard start < end else { return [] }
        let count = end - start
        let skipped = min(max(offset, 0), count)
        let taken = min(count - skipped, max(limit ?? Int.max, 0))
        guard taken > 0 else { return [] }
        if reversed {
            let last = end - skipped
            return entries[(last - taken)..<last].reversed().map(\.id)
        }
        let first = start + skipped
        return entries[first..<(first + taken)].map(\.id)
    }
}
