import Etch

/// One object's place in a sorted index: its key, then its id to break ties.
struct SortedEntry: Sendable, Comparable {
    /// The indexed value.
    var key: IndexKey
    /// The object's id.
    var id: IndexKey

    static func < (lhs: SortedEntry, rhs: SortedEntry) -> Bool {
        switch IndexKey.compare(lhs.key, rhs.key) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: IndexKey.compare(lhs.id, rhs.id) == .orderedAscending
        }
    }
}

/// The objects of one group of a sorted index, in key order (ties by id), kept sorted by
/// binary search on every change.
///
/// The group holds the objects themselves beside their entries, as ``IDOrderedObjects``
/// does, so a range is one slice of an array: no lookup by id in the table, whose
/// dictionary is generic over the model and costs a hash, a key copy and a cache miss
/// per object.
struct SortedEntries<Model: Sendable>: Sendable {
    /// The entries, in order.
    private(set) var entries: [SortedEntry] = []
    /// The object of each entry, at the same position.
    private(set) var objects: [Model] = []

    init() {}

    /// The group of `members` in any order, sorted once, each the entry of the object at its
    /// position in `objects`.
    ///
    /// The members are sorted by position rather than with their objects: a sort of a concrete
    /// type is specialized, one that moves objects goes through their value witnesses.
    init(unsorted members: [(entry: SortedEntry, position: Int)], of objects: [Model]) {
        let sorted = members.sorted { $0.entry < $1.entry }
        entries = sorted.map(\.entry)
        self.objects = sorted.map { objects[$0.position] }
    }

    /// The position of the first entry not before `entry`.
    private func position(of entry: SortedEntry) -> Int {
        entries.partitionIndex { $0 < entry }
    }

    /// The position of `entry`, if the group holds it.
    private func existingPosition(of entry: SortedEntry) -> Int? {
        let index = position(of: entry)
        return index < entries.count && entries[index] == entry ? index : nil
    }

    /// The position of the first entry whose key is not before `key` (or, when
    /// `afterEqual`, not before or equal to it).
    private func position(ofKey key: IndexKey, afterEqual: Bool) -> Int {
        entries.partitionIndex { afterEqual ? $0.key <= key : $0.key < key }
    }

    /// Adds an object at its entry's place.
    /// - Complexity: O(log *n*) comparisons and one memory move.
    mutating func insert(_ object: Model, at entry: SortedEntry) {
        let index = position(of: entry)
        entries.insert(entry, at: index)
        objects.insert(object, at: index)
    }

    /// Replaces the object of an entry, if present, whose key did not change.
    /// - Complexity: O(log *n*) comparisons.
    mutating func replace(_ object: Model, at entry: SortedEntry) {
        if let index = existingPosition(of: entry) { objects[index] = object }
    }

    /// Removes an entry and its object, if present.
    /// - Complexity: O(log *n*) comparisons and one memory move.
    mutating func remove(_ entry: SortedEntry) {
        guard let index = existingPosition(of: entry) else { return }
        entries.remove(at: index)
        objects.remove(at: index)
    }

    /// Whether the group holds nothing.
    var isEmpty: Bool { entries.isEmpty }

    /// The ids whose keys lie within the bounds, in key order or its reverse (ties by id
    /// ascending either way), after skipping `offset` and at most `limit` of them.
    /// - Complexity: O(log *n* + *k*) for *k* ids returned (and the runs of equal keys read).
    func ids(from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, offset: Int, limit: Int?) -> [IndexKey] {
        readPositions(from: lower, to: upper, reversed: reversed, offset: offset, limit: limit).map { entries[$0].id }
    }

    /// The objects whose keys lie within the bounds, in key order or its reverse (ties by id
    /// ascending either way), after skipping `offset` and at most `limit` of them.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned (and the runs of equal keys read).
    func objects(from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, offset: Int, limit: Int?) -> [Model] {
        guard reversed else {
            return Array(objects[range(from: lower, to: upper).clamped(offset: offset, limit: limit)])
        }
        let positions = readPositions(from: lower, to: upper, reversed: true, offset: offset, limit: limit)
        var found: [Model] = []
        found.reserveCapacity(positions.count)
        for position in positions { found.append(objects[position]) }
        return found
    }

    /// Calls `body` with the objects whose keys lie within the bounds, in key order or its
    /// reverse (ties by id ascending either way), until it returns `false`.
    /// - Complexity: O(log *n*) plus O(1) per object visited (and the runs of equal keys read).
    func visit(
        from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, _ body: (Model) throws -> Bool
    ) rethrows {
        try TieOrderedPositions.visit(range(from: lower, to: upper), reversed: reversed, sameKey: sameKey) {
            try body(objects[$0])
        }
    }

    /// The number of entries whose keys lie within the bounds.
    /// - Complexity: O(log *n*).
    func count(from lower: IndexBound?, to upper: IndexBound?) -> Int {
        range(from: lower, to: upper).count
    }

    /// The positions of a range's entries in read order, after `offset`, at most `limit`.
    private func readPositions(
        from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, offset: Int, limit: Int?
    ) -> [Int] {
        TieOrderedPositions.positions(
            in: range(from: lower, to: upper), reversed: reversed, offset: offset, limit: limit, sameKey: sameKey)
    }

    /// Whether the entries at two positions have equal keys.
    private func sameKey(_ first: Int, _ second: Int) -> Bool {
        IndexKey.compare(entries[first].key, entries[second].key) == .orderedSame
    }

    /// The positions of the entries whose keys lie within the bounds, ascending.
    private func range(from lower: IndexBound?, to upper: IndexBound?) -> Range<Int> {
        let start = lower.map { position(ofKey: $0.key, afterEqual: !$0.isInclusive) } ?? 0
        let end = upper.map { position(ofKey: $0.key, afterEqual: $0.isInclusive) } ?? entries.count
        return start < end ? start..<end : 0..<0
    }
}

extension Range<Int> {
    /// The part left after skipping `offset` positions (none when negative), at most `limit`.
    fileprivate func clamped(offset: Int, limit: Int?) -> Range<Int> {
        let first = lowerBound + Swift.min(Swift.max(offset, 0), count)
        return first..<(first + Swift.min(upperBound - first, Swift.max(limit ?? Int.max, 0)))
    }
}
