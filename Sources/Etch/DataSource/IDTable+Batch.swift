import CEtchPrefetch

extension IDTable {
    /// Finds the slots of many ids, each with its hash (``hash(of:)``), in `found`: a slot
    /// for an id held, -1 for another.
    ///
    /// A batch's lookups each wait on a cache miss in a table of many objects. The slot
    /// where each search starts is asked for first, with prefetch hints (see
    /// ``StoragePrefetch``), in a loop that does nothing else, so the processor has many of
    /// these misses under way at once; the searches, which branch on the slots, then find
    /// them in cache. Each
    /// search on its own, between a batch's other work (hashing, the atomic operations of
    /// copying objects), would have only a few misses under way.
    ///
    /// The slots stay valid while the table only has objects replaced (see
    /// ``slot(of:hash:)``).
    ///
    /// - Complexity: O(*k*) on average for *k* ids.
    @inlinable
    func findSlots(of ids: [Element.ID], hashes: [Int], into found: inout [Int]) {
        precondition(ids.count == hashes.count, "one hash per id")
        found.removeAll(keepingCapacity: true)
        entries.withUnsafeBufferPointer { entries in
            // (An empty array's buffer has an address too, and no slot.)
            guard !entries.isEmpty, let base = entries.baseAddress else {
                found.append(contentsOf: repeatElement(-1, count: ids.count))
                return
            }
            let mask = entries.count - 1
            // The first and the last word of each slot, which may lie in two cache lines.
            let last = MemoryLayout<Entry?>.stride - MemoryLayout<UInt>.size
            for hash in hashes {
                let slot = UnsafeRawPointer(base + (hash & mask))
                etch_prefetch(slot)
                etch_prefetch(slot + last)
            }
            for index in ids.indices {
                found.append(Self.slot(of: ids[index], hash: hashes[index], in: entries) ?? -1)
            }
        }
    }
}
