@_spi(EtchCollections) import Etch

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

/// An object and its place in a sorted index, side by side.
struct SortedMember: Sendable {
    var entry: SortedEntry
    var object: HeldObject
}

/// The objects of one group of a sorted index, in key order (ties by id), kept sorted by
/// binary search on every change.
///
/// The group holds the objects themselves beside their entries, as ``IDOrderedObjects``
/// does, so a range is one walk of the list: no lookup by id in the table. A
/// ``PersistentList``, so a snapshot of the table shares it with the next commit.
struct SortedEntries: Sendable {
    /// The entries and their objects, in order.
    private(set) var members = PersistentList<SortedMember>()

    init() {}

    /// The group of the objects at `sorted`, positions of `objects` in the order of their
    /// `keys` (ties by id), each beside its entry.
    init(sorted: [Int], keys: [IndexKey], of objects: [HeldObject], ids: [IndexKey]) {
        members = PersistentList(count: sorted.count) { offset in
            let position = sorted[offset]
            return SortedMember(entry: SortedEntry(key: keys[position], id: ids[position]), object: objects[position])
        }
    }

    /// The number of entries.
    var count: Int { members.count }

    /// The position of the first entry not before `entry`.
    private func position(of entry: SortedEntry) -> Int {
        members.partitionIndex { $0.entry < entry }
    }

    /// The position of `entry`, if the group holds it.
    private func existingPosition(of entry: SortedEntry) -> Int? {
        let index = position(of: entry)
        return index < members.count && members[index].entry == entry ? index : nil
    }

    /// The position of the first entry whose key is not before `key` (or, when
    /// `afterEqual`, not before or equal to it).
    private func position(ofKey key: IndexKey, afterEqual: Bool) -> Int {
        members.partitionIndex { afterEqual ? $0.entry.key <= key : $0.entry.key < key }
    }

    /// Adds an object at its entry's place.
    /// - Complexity: O(log *n*).
    mutating func insert(_ object: HeldObject, at entry: SortedEntry) {
        members.insert(SortedMember(entry: entry, object: object), at: position(of: entry))
    }

    /// Replaces the object of an entry, if present, whose key did not change.
    /// - Complexity: O(log *n*).
    mutating func replace(_ object: HeldObject, at entry: SortedEntry) {
        if let index = existingPosition(of: entry) {
            members.replace(at: index, with: SortedMember(entry: entry, object: object))
        }
    }

    /// Removes an entry and its object, if present.
    /// - Complexity: O(log *n*).
    mutating func remove(_ entry: SortedEntry) {
        guard let index = existingPosition(of: entry) else { return }
        members.remove(at: index)
    }

    /// Whether the group holds nothing.
    var isEmpty: Bool { members.isEmpty }

    /// The ids whose keys lie within the bounds, in key order or its reverse (ties by id
    /// ascending either way), after skipping `offset` and at most `limit` of them.
    /// - Complexity: O(log *n* + *k*) for *k* ids returned (and the runs of equal keys read).
    func ids(from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, offset: Int, limit: Int?) -> [IndexKey] {
        guard reversed else {
            let positions = range(from: lower, to: upper).clamped(offset: offset, limit: limit)
            return members.elements(in: positions).map(\.entry.id)
        }
        return readPositions(from: lower, to: upper, reversed: reversed, offset: offset, limit: limit).map {
            members[$0].entry.id
        }
    }

    /// The objects whose keys lie within the bounds, in key order or its reverse (ties by id
    /// ascending either way), after skipping `offset` and at most `limit` of them.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned in key order; O(*k* log *n*)
    ///   in reverse (and the runs of equal keys read).
    func objects(
        from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, offset: Int, limit: Int?
    ) -> [HeldObject] {
        var found: [HeldObject] = []
        let object = MemoryLayout<SortedMember>.offset(of: \SortedMember.object)!
        guard reversed else {
            let positions = range(from: lower, to: upper).clamped(offset: offset, limit: limit)
            found.reserveCapacity(positions.count)
            members.forEachPrefetchedRun(in: positions, object: object) { run in
                for index in run.indices { found.append(run[index].object) }
                return true
            }
            return found
        }
        let positions = readPositions(from: lower, to: upper, reversed: true, offset: offset, limit: limit)
        // Read backwards, runs of equal keys are read forwards, and an offset or a limit that
        // cuts into such a run leaves gaps (the last of 100,000 equal keys and the first
        // of them): each stretch of consecutive positions is asked for on its own, so that
        // the objects asked for are the ones read.
        let ascending = positions.sorted()
        var start = 0
        for end in ascending.indices where end + 1 == ascending.count || ascending[end + 1] != ascending[end] + 1 {
            members.forEachPrefetchedRun(in: ascending[start]..<(ascending[end] + 1), object: object)
            start = end + 1
        }
        found.reserveCapacity(positions.count)
        for position in positions { found.append(members.reading(at: position) { $0.object }) }
        return found
    }

    /// Calls `body` with the objects whose keys lie within the bounds, in key order or its
    /// reverse (ties by id ascending either way), until it returns `false`.
    /// - Complexity: O(log *n*) plus O(1) per object visited in key order, O(log *n*) in
    ///   reverse (and the runs of equal keys read).
    func visit(
        from lower: IndexBound?, to upper: IndexBound?, reversed: Bool, _ body: (HeldObject) throws -> Bool
    ) rethrows {
        guard reversed else {
            try members.forEach(in: range(from: lower, to: upper)) { try body($0.object) }
            return
        }
        try TieOrderedPositions.visit(range(from: lower, to: upper), reversed: true, sameKey: sameKey) {
            try body(members[$0].object)
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
        IndexKey.compare(members.reading(at: first) { $0.entry.key }, members.reading(at: second) { $0.entry.key })
            == .orderedSame
    }

    /// The positions of the entries whose keys lie within the bounds, ascending.
    private func range(from lower: IndexBound?, to upper: IndexBound?) -> Range<Int> {
        let start = lower.map { position(ofKey: $0.key, afterEqual: !$0.isInclusive) } ?? 0
        let end = upper.map { position(ofKey: $0.key, afterEqual: $0.isInclusive) } ?? members.count
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
