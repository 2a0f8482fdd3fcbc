extension Array {
    /// The most elements copied or moved as one block of fixed size by a merge's walk (see
    /// ``MergeWalk/copyKept(from:readable:into:)``), when they are plain bits or move as
    /// such. Most runs of kept elements are short (between two changes of a batch lie as
    /// many stored objects as the store has per change), and a call of `memmove` for each
    /// cost more than the copying: a fifth of the merge of two columns of 100k, with 10k
    /// changes.
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
        merged(inserting: inserted, MergeWalk(order: order, removing: removals, afterKept: keptBefore, oldCount: count))
    }

    /// The elements kept with `inserted`'s put among them, in a new array, as `walk` says;
    /// see ``merged(inserting:inOrder:removing:afterKept:)``.
    ///
    /// - Parameters:
    ///   - inserted: The elements to insert, in any order.
    ///   - walk: The merge's steps; its inserted elements are named by index in `inserted`.
    /// - Complexity: O(*n* + *k*) for *n* elements and *k* inserted.
    @inlinable
    func merged(inserting inserted: [Element], _ walk: MergeWalk) -> [Element] {
        precondition(walk.oldCount == count, "a walk of another array")
        // An empty result is not made through `unsafeUninitializedCapacity`, which writes the
        // count into the empty array singleton that every empty array shares (a race).
        let mergedCount = walk.mergedCount
        if mergedCount == 0 { return [] }
        return [Element](unsafeUninitializedCapacity: mergedCount) { merged, initialized in
            withUnsafeBufferPointer { old in
                inserted.withUnsafeBufferPointer { inserted in
                    let mergedBase = merged.baseAddress!
                    if let oldBase = old.baseAddress {
                        walk.copyKept(from: oldBase, readable: old.count, into: mergedBase)
                    }
                    walk.forEachInserted { offset, target in
                        // Checked as it is used, so that a bad one traps before it reads out
                        // of bounds.
                        precondition(inserted.indices.contains(offset), "inserted element out of bounds")
                        (mergedBase + target).initialize(to: inserted[offset])
                    }
                    initialized = mergedCount
                }
            }
        }
    }
}
