extension Array {
    /// Whether ``merged(inserting:inOrder:removing:afterKept:)`` copies a short run of kept
    /// elements as a block of ``shortRun`` elements: only plain bits may be copied past the
    /// run. Most runs are short (between two changes of a batch lie as many stored objects
    /// as the store has per change), and a call of `memmove` for each cost more than the
    /// copying: a fifth of the merge of two columns of 100k, with 10k changes.
    @inlinable static var copiesShortRunsWhole: Bool { _isPOD(Element.self) }

    /// Whether ``moveMerge(appended:removing:afterKept:extent:releasingRemovedTwice:)`` moves a
    /// short run as a block of ``shortRun`` elements: only elements that move as plain bits
    /// (not one holding a `weak` reference, on Apple's platforms) may be moved past the run.
    @inlinable static var movesShortRunsWhole: Bool { _isBitwiseTakable(Element.self) }

    /// The most elements copied or moved as one block of fixed size, by this and by
    /// ``moveMerge(appended:removing:afterKept:extent:releasingRemovedTwice:)``.
    @inlinable static var shortRun: Int { 16 }

    /// The elements kept (all but those at `removals`) with `inserted`'s put among them, in
    /// a new array, as ``moveMerge(appended:removing:afterKept:extent:releasingRemovedTwice:)``
    /// leaves an array it merges in place.
    ///
    /// A merge in place moves each element twice, into a second buffer and back. This
    /// copies each element once, in one pass in order, so it suits elements that are plain
    /// bits (`Int` keys and ids), for which a copy costs no retain; elements that hold
    /// references are better moved in place.
    ///
    /// ```swift
    /// let letters = ["a", "b", "c", "d"]
    /// letters.merged(inserting: ["y", "x"], inOrder: [1, 0], removing: [1], afterKept: [0, 2])
    /// // ["x", "a", "c", "y", "d"]
    /// ```
    ///
    /// - Parameters:
    ///   - inserted: The elements to insert, in any order.
    ///   - order: The inserted elements in the order they go in, each by its index in
    ///     `inserted`.
    ///   - removals: Indices of elements to remove, ascending.
    ///   - keptBefore: For each inserted element in `order`, how many kept elements come
    ///     before it; non-decreasing, and at most the number of kept elements.
    /// - Complexity: O(*n* + *k*) for *n* elements and *k* inserted.
    @inlinable
    func merged(
        inserting inserted: [Element], inOrder order: [Int], removing removals: [Int], afterKept keptBefore: [Int]
    ) -> [Element] {
        precondition(keptBefore.count == order.count, "one kept count per inserted element")
        let kept = count - removals.count
        // An empty result is not made through `unsafeUninitializedCapacity`, which writes the
        // count into the empty array singleton that every empty array shares (a race).
        if kept + order.count == 0 {
            precondition(order.isEmpty && removals.count == count, "removals must ascend, in bounds")
            return []
        }
        return [Element](unsafeUninitializedCapacity: kept + order.count) { merged, initialized in
            withUnsafeBufferPointer { old in
                inserted.withUnsafeBufferPointer { inserted in
                    // Every index is checked as it is used, so that a bad one traps before it
                    // reads or writes out of bounds; the loops branch the same way each time.
                    var read = 0
                    var nextRemoval = 0
                    var keptCopied = 0
                    /// Copies the kept elements up to the `target`th, skipping removed ones.
                    func copyKept(upTo target: Int) {
                        precondition(keptCopied <= target && target <= kept, "kept counts must not decrease")
                        while keptCopied < target {
                            while nextRemoval < removals.count && removals[nextRemoval] == read {
                                read += 1
                                nextRemoval += 1
                            }
                            let end = nextRemoval < removals.count ? removals[nextRemoval] : old.count
                            precondition(read < end && end <= old.count, "removals must ascend, in bounds")
                            let length = Swift.min(end - read, target - keptCopied)
                            let write = keptCopied + initialized
                            if Self.copiesShortRunsWhole && length <= Self.shortRun
                                && write + Self.shortRun <= merged.count && read + Self.shortRun <= old.count
                            {
                                // A short run, copied as a block of fixed size: a few vector
                                // moves, no call. What it copies past the run is written over
                                // later, as the merge goes on in order.
                                UnsafeMutableRawPointer(merged.baseAddress! + write).copyMemory(
                                    from: old.baseAddress! + read,
                                    byteCount: Self.shortRun * MemoryLayout<Element>.stride)
                            } else {
                                (merged.baseAddress! + write).initialize(from: old.baseAddress! + read, count: length)
                            }
                            read += length
                            keptCopied += length
                        }
                    }
                    for (position, index) in order.enumerated() {
                        copyKept(upTo: keptBefore[position])
                        precondition(inserted.indices.contains(index), "inserted element out of bounds")
                        (merged.baseAddress! + keptCopied + initialized).initialize(to: inserted[index])
                        initialized += 1
                    }
                    copyKept(upTo: kept)
                    precondition(old.count - read == removals.count - nextRemoval, "removals must ascend, in bounds")
                    initialized += keptCopied
                }
            }
        }
    }
}
