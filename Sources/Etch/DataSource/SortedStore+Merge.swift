extension SortedStore {
    /// A large batch as ``readBatch(_:keepingLocalValues:)`` found it: the objects that go
    /// in, one per id and each in a slot, and the stored objects they replace. The objects
    /// themselves are appended to `elements`, in slot order, until the merge moves them.
    @usableFromInline
    struct MergeBatch {
        /// The ids of the objects that go in, by slot.
        @usableFromInline var ids: [Element.ID] = []
        /// For each slot, the index of the stored object it replaces among the replaced.
        @usableFromInline var replacedIndex: [Int?] = []
        /// For each replaced object, the slot of the object that replaces it.
        @usableFromInline var replacedSlots: [Int] = []
        /// The keys read, for each sort key: the objects', then the replaced objects'.
        @usableFromInline let readers: [BatchKeyReader<Element>]

        @inlinable
        init(readers: [BatchKeyReader<Element>]) {
            self.readers = readers
        }
    }

    /// Merges a large batch into the store: reads it, plans where everything goes, then
    /// moves the objects and the columns into place.
    ///
    /// - Parameters:
    ///   - objects: Objects to insert or replace; when an id repeats, the last one wins.
    ///   - removals: Indices of objects to remove, ascending, none of them with the id of an
    ///     object in `objects`.
    ///   - keepingLocalValues: Whether a replacing object takes over the `@local` values of
    ///     the object it replaces.
    @inlinable
    mutating func merge(_ objects: [Element], removals: [Int], keepingLocalValues: Bool) -> ChangeIndices<Element> {
        for index in removals { byID[columns.ids[index]] = nil }
        let batch = readBatch(objects, keepingLocalValues: keepingLocalValues)
        let plan = planMerge(batch, removals: removals)
        elements.moveMerge(appended: plan.slots, removing: plan.skipped, afterKept: plan.keptBefore)
        columns.merge(
            plan.keyMerges, removing: plan.skipped, inserting: plan.slots, ids: batch.ids, afterKept: plan.keptBefore)
        return plan.change
    }

    /// Reads a batch: finds the last object per id, then, for each, points `byID` at it and
    /// reads the keys of the stored object it replaces (whose `@local` values it takes
    /// over) and its own, and appends it to `elements`, all while the objects are in cache.
    ///
    /// An object of a long list is rarely in cache, and a model's fields are read by a
    /// search of its storage, so every further pass over the batch (a read, or a copy's
    /// retain and release) would cost about as much as this one.
    @inlinable
    mutating func readBatch(_ objects: [Element], keepingLocalValues: Bool) -> MergeBatch {
        var batch = MergeBatch(readers: order.keys.map { $0.batchKeyReader() })
        let storedCount = elements.count
        elements.reserveCapacity(storedCount + objects.count)

        // The last object per id, by slot.
        var slots: [Element.ID: Int] = [:]
        slots.reserveCapacity(objects.count)
        var winners: [Int] = []
        winners.reserveCapacity(objects.count)
        for (position, element) in objects.enumerated() {
            let id = element.id
            if let slot = slots[id] {
                winners[slot] = position
            } else {
                slots[id] = winners.count
                winners.append(position)
                batch.ids.append(id)
            }
        }
        // One lookup in `byID` each, which hands back the object replaced. (The readers'
        // closures are taken out once: calling them out of the array would retain and
        // release them for each object.)
        let readOld = batch.readers.map(\.readOld)
        let readNew = batch.readers.map(\.readNew)
        for (slot, position) in winners.enumerated() {
            var new = objects[position]
            if let old = byID.updateValue(new, forKey: batch.ids[slot]) {
                if keepingLocalValues && old.localValues != new.localValues {
                    new = new.replacingLocalValues(old.localValues)
                    byID[batch.ids[slot]] = new
                }
                for key in readOld.indices { readOld[key](old) }
                batch.replacedIndex.append(batch.replacedSlots.count)
                batch.replacedSlots.append(slot)
            } else {
                batch.replacedIndex.append(nil)
            }
            elements.append(new)
            for key in readNew.indices { readNew[key](new, slot) }
        }
        return batch
    }
}
