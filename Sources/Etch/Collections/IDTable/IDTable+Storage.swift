extension IDTable {
    /// Puts an entry whose id the table does not hold into the first empty slot from its
    /// hash's, growing the table first when it would be more than three quarters full.
    ///
    /// - Complexity: O(1) on average; O(*n*) when the table grows.
    @inlinable
    mutating func insertNew(_ entry: Entry) {
        if (count + 1) * 4 > entries.count * 3 {
            grow(to: Swift.max(8, entries.count * 2))
        }
        place(entry)
        count += 1
    }

    /// Reserves room for `capacity` objects, so that adding up to that many grows the table
    /// at most once.
    ///
    /// - Complexity: O(*n*) when the table grows.
    @inlinable
    package mutating func reserveCapacity(_ capacity: Int) {
        var slots = Swift.max(8, entries.count)
        while capacity * 4 > slots * 3 { slots *= 2 }
        if slots > entries.count { grow(to: slots) }
    }

    /// Puts `entry` into the first empty slot from its hash's.
    @inlinable
    mutating func place(_ entry: Entry) {
        let mask = entries.count - 1
        var slot = entry.hash & mask
        while entries[slot] != nil { slot = (slot + 1) & mask }
        entries[slot] = entry
    }

    /// Moves every entry into a table of `slotCount` slots, a power of two, by the hash it
    /// keeps: no id is hashed again, and no object copied.
    @inlinable
    mutating func grow(to slotCount: Int) {
        var old: [Entry?] = []
        swap(&old, &entries)
        entries = Array(repeating: nil, count: slotCount)
        for index in old.indices {
            if let entry = old[index].take() { place(entry) }
        }
    }

    /// Removes the object in a slot that holds one, then shifts back each entry after it
    /// that the new hole cuts off from its hash's slot, so that no search stops short.
    ///
    /// - Returns: The object removed.
    /// - Complexity: O(1) on average.
    @inlinable
    mutating func remove(atSlot slot: Int) -> Element {
        let mask = entries.count - 1
        let removed = entries[slot].take()!.element
        count -= 1
        var hole = slot
        var next = (slot + 1) & mask
        while let hash = entries[next]?.hash {
            // The entry at `next` may move to the hole when the hole lies between its own
            // slot and `next`, cyclically: its search passes the hole on the way.
            if (next &- hash) & mask >= (next - hole) & mask {
                entries[hole] = entries[next].take()
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }
}
