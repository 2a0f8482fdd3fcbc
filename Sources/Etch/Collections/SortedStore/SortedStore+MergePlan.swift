extension SortedStore {
    /// What a merge does to the objects and the columns, worked out before anything moves.
    @usableFromInline
    struct MergePlan {
        /// The merge's steps, for the objects and every column: the objects that go (the
        /// removed and the replaced) and the batch's, by slot, in their new order.
        @usableFromInline var walk: MergeWalk
        /// The change's indices.
        @usableFromInline var change: ChangeIndices<Element>
        /// Each key's ``BatchKeys/mergeColumn``, holding the batch's keys.
        @usableFromInline var keyMerges: [(inout Any, MergeWalk) -> Void]

        @inlinable
        init(walk: MergeWalk, change: ChangeIndices<Element>, keyMerges: [(inout Any, MergeWalk) -> Void]) {
            self.walk = walk
            self.change = change
            self.keyMerges = keyMerges
        }
    }

    /// Plans a merge: the batch's order, where each batch object goes, and the change's
    /// indices, which fall out in order.
    ///
    /// The searches read the columns, never a stored object: each batch object's place is
    /// found in order, from the last one's, all in one pass
    /// (``BatchOrder/lowerBounds(ofSorted:)``). The ``BatchOrder`` that holds the columns
    /// goes when this returns, so that the caller changes them in place.
    ///
    /// - Parameters:
    ///   - batch: The batch, read.
    ///   - removals: Indices of objects to remove, ascending.
    @inlinable
    func planMerge(_ batch: MergeBatch, removals: [Int]) -> MergePlan {
        let count = columns.ids.count
        let batchCount = batch.ids.count
        let batchOrder = BatchOrder(batch.readers, ids: batch.ids, stored: elements, columns: columns)
        let skipped = AscendingIndices(removals + batch.oldIndices, below: count)

        // Where each batch object goes, in order: after how many kept objects. Each bound
        // counts from where the last one's ended, past a skipped object at it (which goes
        // too), as a search from there would have found it. The merge's walk is built on
        // the way, from the same steps.
        let slots = batchOrder.sorted(0..<batchCount)
        let bounds = batchOrder.lowerBounds(ofSorted: slots)
        // The index of the object each slot replaces, in the new order, gathered in a loop
        // of its own: its loads, at random places, overlap, where in the loop below each
        // would wait behind that loop's chain of steps.
        let oldIndexBySlot = batch.oldIndexBySlot
        let oldInOrder = slots.map { oldIndexBySlot[$0] }
        var walk = MergeWalk(oldCount: count, inserting: slots, removing: skipped.values)
        var change = ChangeIndices<Element>(deletions: removals)
        var nextOld = 0
        var nextSkipped = 0
        var lastUpdated = -1
        for (done, slot) in slots.enumerated() {
            nextOld = Swift.max(nextOld, bounds[done])
            while nextSkipped < skipped.values.count && skipped.values[nextSkipped] <= nextOld {
                // A skipped object right at the bound goes too, so the next search starts after it.
                if skipped.values[nextSkipped] == nextOld { nextOld += 1 }
                walk.removeNext()
                nextSkipped += 1
            }
            walk.keep(upTo: nextOld)
            let newIndex = walk.insertNext()
            let kept = newIndex - done
            let oldIndex = oldInOrder[done]
            if oldIndex >= 0 {
                // An update keeps its place among the kept objects and the other updates,
                // as an object whose keys did not change always does. (Under a comparator
                // that is not a strict weak order, "same keys" may still move it.)
                let keptBeforeOld = oldIndex - skipped.count(below: oldIndex)
                if kept == keptBeforeOld && oldIndex > lastUpdated
                    && batchOrder.hasSameKeys(slot, asStored: oldIndex)
                {
                    change.updates.append(.init(oldIndex: oldIndex, newIndex: newIndex))
                    lastUpdated = oldIndex
                } else {
                    change.moves.append(.init(oldIndex: oldIndex, newIndex: newIndex))
                }
            } else {
                change.insertions.append(newIndex)
            }
        }
        walk.finish()
        return MergePlan(walk: walk, change: change, keyMerges: batchOrder.keys.map(\.mergeColumn))
    }
}
