extension SortedStore {
    /// What a merge does to the objects and the columns, worked out before anything moves.
    @usableFromInline
    struct MergePlan {
        /// The indices of the objects that go, the removed and the replaced, ascending.
        @usableFromInline var skipped: [Int]
        /// The batch's slots in their new order.
        @usableFromInline var slots: [Int]
        /// For each of them, how many kept objects come before it.
        @usableFromInline var keptBefore: [Int]
        /// The change's indices.
        @usableFromInline var change: ChangeIndices<Element>
        /// Each key's ``BatchKeys/mergeColumn``, holding the batch's keys.
        @usableFromInline var keyMerges: [(inout Any, [Int], [Int], [Int]) -> Void]

        @inlinable
        init(
            skipped: [Int], slots: [Int], keptBefore: [Int], change: ChangeIndices<Element>,
            keyMerges: [(inout Any, [Int], [Int], [Int]) -> Void]
        ) {
            self.skipped = skipped
            self.slots = slots
            self.keptBefore = keptBefore
            self.change = change
            self.keyMerges = keyMerges
        }
    }

    /// Plans a merge: where the replaced objects were, the batch's order, where each batch
    /// object goes, and the change's indices, which fall out in order.
    ///
    /// The searches read the columns, never a stored object: the replaced objects are found
    /// by their old keys, and each batch object's place, both in order and each by a
    /// galloping search from the last one's. The ``BatchOrder`` that holds the columns goes
    /// when this returns, so that the caller changes them in place.
    ///
    /// - Parameters:
    ///   - batch: The batch, read.
    ///   - removals: Indices of objects to remove, ascending.
    @inlinable
    func planMerge(_ batch: MergeBatch, removals: [Int]) -> MergePlan {
        let count = columns.ids.count
        let batchCount = batch.ids.count
        let replacedCount = batch.replacedSlots.count
        // Indices 0..<batchCount are the batch's objects, then come the replaced ones.
        let batchOrder = BatchOrder(
            batch.readers, ids: batch.ids + batch.replacedSlots.map { batch.ids[$0] }, stored: elements,
            columns: columns)

        // Where the replaced objects were, found in the order of their old keys.
        var oldIndices = [Int](repeating: 0, count: replacedCount)
        var start = 0
        for (done, old) in batchOrder.sorted(batchCount..<(batchCount + replacedCount)).enumerated() {
            let id = batchOrder.ids[old]
            let found = batchOrder.lowerBound(of: old, from: start, remaining: replacedCount - done)
            if found < count && columns.ids[found] == id {
                oldIndices[old - batchCount] = found
                start = found + 1
            } else {
                // Only a comparator that is not a strict weak order gets here.
                guard let index = columns.ids.firstIndex(of: id) else {
                    // `byID` and the columns always change together; going on would corrupt both.
                    preconditionFailure("SortedStore lost track of an object")
                }
                oldIndices[old - batchCount] = index
            }
        }
        let skipped = AscendingIndices(removals + oldIndices, below: count)

        // Where each batch object goes, in order: after how many kept objects. The search
        // for each starts where the last one's ended.
        let slots = batchOrder.sorted(0..<batchCount)
        var keptBefore: [Int] = []
        keptBefore.reserveCapacity(batchCount)
        var change = ChangeIndices<Element>(deletions: removals)
        var nextOld = 0
        var nextSkipped = 0
        var lastUpdated = -1
        for (done, slot) in slots.enumerated() {
            nextOld = batchOrder.lowerBound(of: slot, from: nextOld, remaining: batchCount - done)
            while nextSkipped < skipped.values.count && skipped.values[nextSkipped] <= nextOld {
                // A skipped object right at the bound goes too, so the next search starts after it.
                if skipped.values[nextSkipped] == nextOld { nextOld += 1 }
                nextSkipped += 1
            }
            let kept = nextOld - nextSkipped
            keptBefore.append(kept)
            let newIndex = kept + done
            if let replaced = batch.replacedIndex[slot] {
                let oldIndex = oldIndices[replaced]
                // An update keeps its place among the kept objects and the other updates,
                // as an object whose keys did not change always does. (Under a comparator
                // that is not a strict weak order, "same keys" may still move it.)
                let keptBeforeOld = oldIndex - skipped.count(below: oldIndex)
                if kept == keptBeforeOld && oldIndex > lastUpdated
                    && batchOrder.hasSameKeys(slot, batchCount + replaced)
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
        return MergePlan(
            skipped: skipped.values, slots: slots, keptBefore: keptBefore, change: change,
            keyMerges: batchOrder.keys.map(\.mergeColumn))
    }
}
