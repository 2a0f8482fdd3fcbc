import CEtchPrefetch

extension IDTable {
    /// Asks for the slots where the searches for ids with these hashes (``hash(of:)``)
    /// start, with prefetch hints (see ``StoragePrefetch``), ahead of
    /// ``findSlots(of:hashes:into:)``.
    ///
    /// A batch's lookups each wait on a cache miss in a table of many objects. Asked for
    /// together, in a loop that does nothing else, and a while before the searches (which
    /// branch on the slots), the misses overlap, and the searches find their slots in
    /// cache. Each search on its own, between a batch's other work (the atomic operations
    /// of copying objects), would have only a few misses under way.
    @inlinable
    func prefetchSlots(of hashes: UnsafeBufferPointer<Int>) {
        entries.withUnsafeBufferPointer { entries in
            // (An empty array's buffer has an address too, and no slot.)
            guard !entries.isEmpty, let base = entries.baseAddress else { return }
            let mask = entries.count - 1
            // The first and the last word of each slot, which may lie in two cache lines, and
            // the last word of the slot after it: a search goes on to the next slot when the
            // first holds another id, as it does for about a third of the ids held, and that
            // slot often starts a cache line of its own.
            let last = MemoryLayout<Entry?>.stride - MemoryLayout<UInt>.size
            for hash in hashes {
                let slot = UnsafeRawPointer(base + (hash & mask))
                etch_prefetch(slot)
                etch_prefetch(slot + last)
                etch_prefetch(UnsafeRawPointer(base + ((hash + 1) & mask)) + last)
            }
        }
    }

    /// Finds the slots of many ids, each with its hash (``hash(of:)``), in `found` (room for
    /// as many as there are ids): a slot for an id held, -1 for another.
    ///
    /// The slots stay valid while the table only has objects replaced (see
    /// ``slot(of:hash:)``).
    ///
    /// - Complexity: O(*k*) on average for *k* ids.
    @inlinable
    func findSlots(
        of ids: UnsafeBufferPointer<Element.ID>, hashes: UnsafeBufferPointer<Int>, into found: UnsafeMutablePointer<Int>
    ) {
        precondition(ids.count == hashes.count, "one hash per id")
        entries.withUnsafeBufferPointer { entries in
            for index in ids.indices {
                found[index] = Self.slot(of: ids[index], hash: hashes[index], in: entries) ?? -1
            }
        }
    }
}
