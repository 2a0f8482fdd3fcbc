extension BatchOrder {
    /// For each of the batch's objects at `sorted`, which lists them in order, the first
    /// stored index from the last one's answer on whose object does not sort before it, as
    /// ``lowerBound(of:from:remaining:)`` finds them one by one.
    ///
    /// With one key, that key's searches run in one call (``BatchKeys/equalRanges``), and
    /// the ids decide only within a range of equal keys, which is seldom longer than one.
    ///
    /// - Complexity: O(log *d*) comparisons per object, *d* stored objects from the last.
    @inlinable
    func lowerBounds(ofSorted sorted: [Int]) -> [Int] {
        var bounds: [Int] = []
        bounds.reserveCapacity(sorted.count)
        var bound = 0
        guard keys.count == 1 else {
            for (done, batchIndex) in sorted.enumerated() {
                bound = lowerBound(of: batchIndex, from: bound, remaining: sorted.count - done)
                bounds.append(bound)
            }
            return bounds
        }
        let ranges = keys[0].equalRanges(sorted, storedIDs.count)
        storedIDs.withUnsafeBufferPointer { storedIDs in
            for (batchIndex, range) in zip(sorted, ranges) {
                let id = ids[batchIndex]
                let found =
                    Self.idBound(of: id, in: range, of: storedIDs)
                    ?? range.scanningPartitionPoint(scanned: BatchKeys<Element>.scanned, firstStep: 1) {
                        storedIDs[$0] < id
                    }
                bound = Swift.max(bound, found)
                bounds.append(bound)
            }
        }
        return bounds
    }

    /// How many ids ``idBound(of:in:of:)`` compares at once.
    @inlinable static var idWindow: Int { 4 }

    /// The first index in `range` whose id does not sort before `id`, when the range holds
    /// at most ``idWindow`` ids and they are plain values; `nil` otherwise.
    ///
    /// A range of equal keys is mostly empty or one long, at random: a count over a window
    /// of fixed size takes no branch that depends on that. (`range` lies within `storedIDs`,
    /// and the ids past it in the window, which count for nothing, are read only when they
    /// are there.)
    @inlinable @inline(__always)
    static func idBound(of id: Element.ID, in range: Range<Int>, of storedIDs: UnsafeBufferPointer<Element.ID>) -> Int?
    {
        guard _isPOD(Element.ID.self), range.count <= idWindow, range.lowerBound + idWindow <= storedIDs.count else {
            return nil
        }
        var before = 0
        for offset in 0..<idWindow {
            // Each result added as its bit, which the compiler leaves a bit.
            let inRange = unsafeBitCast(offset < range.count, to: UInt8.self)
            before &+= Int(inRange & unsafeBitCast(storedIDs[range.lowerBound + offset] < id, to: UInt8.self))
        }
        return range.lowerBound + before
    }
}
