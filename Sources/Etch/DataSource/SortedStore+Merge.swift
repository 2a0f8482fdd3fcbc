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

    /// Reads a batch in one pass, each object while it is in cache: its id and its keys,
    /// and the stored object it replaces, which `byID` hands back as it takes the new one,
    /// whose keys are read and whose `@local` values are carried over at once. The object
    /// is appended to `elements`; when its id comes again, the later object takes its slot.
    ///
    /// An object of a long list is rarely in cache, and a model's fields are read by a
    /// search of its storage, so every further pass over the batch (a read, or a copy's
    /// retain and release) would cost about as much as this one.
    @inlinable
    mutating func readBatch(_ objects: [Element], keepingLocalValues: Bool) -> MergeBatch {
        var batch = MergeBatch(readers: order.keys.map { $0.batchKeyReader() })
        let storedCount = elements.count
        elements.reserveCapacity(storedCount + objects.count)

        // The readers' closures are taken out once: calling them out of the array would
        // retain and release them for each object.
        let readOld = batch.readers.map(\.readOld)
        let readNew = batch.readers.map(\.readNew)
        var slots: [Element.ID: Int] = [:]
        slots.reserveCapacity(objects.count)
        var replacedLocalValues: [Element.LocalValues] = []
        for element in objects {
            let id = element.id
            var new = element
            if let slot = slots[id] {
                // The last one wins, with the `@local` values of the object it replaces.
                if keepingLocalValues, let replaced = batch.replacedIndex[slot],
                    replacedLocalValues[replaced] != new.localValues
                {
                    new = new.replacingLocalValues(replacedLocalValues[replaced])
                }
                elements[storedCount + slot] = new
                byID[id] = new
                for key in readNew.indices { readNew[key](new, slot) }
                continue
            }
            let slot = batch.ids.count
            slots[id] = slot
            // One lookup in `byID`, which hands back the object replaced.
            if let old = byID.updateValue(new, forKey: id) {
                if keepingLocalValues && old.localValues != new.localValues {
                    new = new.replacingLocalValues(old.localValues)
                    byID[id] = new
                }
                for key in readOld.indices { readOld[key](old) }
                batch.replacedIndex.append(batch.replacedSlots.count)
                batch.replacedSlots.append(slot)
                replacedLocalValues.append(old.localValues)
            } else {
                batch.replacedIndex.append(nil)
            }
            elements.append(new)
            batch.ids.append(id)
            for key in readNew.indices { readNew[key](new, slot) }
        }
        return batch
    }
}
