/// The objects of a ``SortedStore`` by id: an open-addressed hash table whose slots hold the
/// id's hash, the id and the object side by side.
///
/// A `Dictionary` keeps its keys and its values in two arrays, so finding an object in a
/// long list costs two cache misses, one in each; here the id, the hash and the object
/// share a slot, and a lookup costs one. The hash kept in the slot is compared before the
/// id, so a probe past another id seldom compares ids (a string id's bytes may be a miss of
/// their own), and growing rehashes no id. A batch hashes each id once and looks up many
/// ids together (``findSlots(of:hashes:into:)``), so that their cache misses overlap.
///
/// Linear probing, at most three quarters full; a removal shifts the entries after it back
/// instead of leaving a tombstone, so a search stops at the first empty slot.
@usableFromInline
package struct IDTable<Element: Identifiable & Sendable>: Sendable where Element.ID: Sendable {
    /// One object with its id and the id's hash.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var hash: Int
        @usableFromInline var id: Element.ID
        @usableFromInline var element: Element

        @inlinable
        init(hash: Int, id: Element.ID, element: Element) {
            self.hash = hash
            self.id = id
            self.element = element
        }
    }

    /// The slots, a power of two of them (or none); `nil` is an empty slot.
    @usableFromInline var entries: [Entry?] = []
    /// The number of objects held.
    @usableFromInline package internal(set) var count = 0

    /// An empty table.
    @inlinable
    package init() {}

    /// Whether the table holds no object.
    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// The hash of `id` that the table files it under (see ``slot(of:hash:)``): for an
    /// integer id, a seeded mix of its bits (``IDHash``); for another, its `hashValue`.
    @inlinable @inline(__always)
    static func hash(of id: Element.ID) -> Int {
        IDHash.hash(of: id) ?? id.hashValue
    }

    // MARK: - By id

    /// The object with this id, if any; setting `nil` removes it.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    package subscript(id: Element.ID) -> Element? {
        get {
            slot(of: id, hash: Self.hash(of: id)).map { entries[$0]!.element }
        }
        set {
            let hash = Self.hash(of: id)
            if let newValue {
                update(newValue, id: id, hash: hash)
            } else if let slot = slot(of: id, hash: hash) {
                _ = remove(atSlot: slot)
            }
        }
    }

    /// Removes the object with this id.
    ///
    /// - Returns: The object removed, or `nil` when there was none.
    /// - Complexity: O(1) on average.
    @inlinable
    @discardableResult
    package mutating func removeValue(forID id: Element.ID) -> Element? {
        guard let slot = slot(of: id, hash: Self.hash(of: id)) else { return nil }
        return remove(atSlot: slot)
    }

    /// Makes `element` the object with id `id` (its own id), whose hash is `hash`: in
    /// place of the object with that id, or as a new one.
    ///
    /// - Complexity: O(1) on average; O(*n*) when the table grows.
    @inlinable
    mutating func update(_ element: Element, id: Element.ID, hash: Int) {
        if let slot = slot(of: id, hash: hash) {
            entries[slot]!.element = element
        } else {
            insertNew(Entry(hash: hash, id: id, element: element))
        }
    }

    // MARK: - By slot

    /// The slot of the object with id `id`, whose hash is `hash`, if any.
    ///
    /// A slot names its object until the next insertion or removal (a growth or a shift
    /// moves entries); replacing an object keeps every slot.
    ///
    /// - Complexity: O(1) on average.
    @inlinable @inline(__always)
    func slot(of id: Element.ID, hash: Int) -> Int? {
        entries.withUnsafeBufferPointer { Self.slot(of: id, hash: hash, in: $0) }
    }

    /// The slot among `entries` of the object with id `id`, whose hash is `hash`, if any.
    @inlinable @inline(__always)
    static func slot(of id: Element.ID, hash: Int, in entries: UnsafeBufferPointer<Entry?>) -> Int? {
        guard !entries.isEmpty else { return nil }
        let mask = entries.count - 1
        var slot = hash & mask
        // The stored hash alone turns away nearly every other id.
        while let stored = entries[slot]?.hash {
            if stored == hash && entries[slot]!.id == id { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The object in a slot that holds one, read and changed in place: reading it copies
    /// nothing (no retain, no release), and a `swap` with it moves both objects.
    @inlinable
    subscript(slot slot: Int) -> Element {
        _read { yield entries[slot]!.element }
        _modify { yield &entries[slot]!.element }
    }
}
