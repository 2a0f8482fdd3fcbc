extension SortedStore {
    /// A large batch as ``readBatch(_:keepingLocalValues:)`` found it: the objects that go
    /// in, one per id, and the stored objects they replace.
    @usableFromInline
    struct MergeBatch {
        /// The objects that go in, by slot, the last one per id, `@local` values carried over.
        @usableFromInline var objects: [Element] = []
        /// Their ids.
        @usableFromInline var ids: [Element.ID] = []
        /// For each slot, the index of the stored object it replaces among the replaced.
        @usableFromInline var replacedIndex: [Int?] = []
        /// For each replaced object, its index in the store.
        @usableFromInline var oldIndices: [Int] = []
        /// For each replaced object, its `@local` values.
        @usableFromInline var replacedLocalValues: [Element.LocalValues] = []
        /// The objects' keys, for each sort key.
        @usableFromInline let readers: [BatchKeyReader<Element>]

        @inlinable
        init(readers: [BatchKeyReader<Element>]) {
            self.readers = readers
        }
    }

    /// Merges a large batch into the store: reads it, plans where everything goes, then
    /// moves the objects and the columns.
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
        elements.moveMerge(
            removing: plan.skipped, inserting: plan.slots.lazy.map { batch.objects[$0] }, afterKept: plan.keptBefore)
        columns.merge(
            plan.keyMerges, removing: plan.skipped, inserting: plan.slots, ids: batch.ids, afterKept: plan.keptBefore)
        return plan.change
    }

    /// Reads a batch in one pass, each object while it is in cache: its id and its keys,
    /// and the stored object it replaces, which is found in the columns by its keys and
    /// whose `@local` values are carried over; `byID` is pointed at the new object.
    ///
    /// An object of a long list is rarely in cache, and a model's fields are read by a
    /// search of its storage, so every further pass over the batch (a read, or a copy's
    /// retain and release) would cost about as much as this one.
    @inlinable
    mutating func readBatch(_ objects: [Element], keepingLocalValues: Bool) -> MergeBatch {
        var batch = MergeBatch(readers: order.keys.map { $0.batchKeyReader() })
        var slots: [Element.ID: Int] = [:]
        slots.reserveCapacity(objects.count)
        for element in objects {
            let id = element.id
            var new = element
            if let slot = slots[id] {
                // The last one wins, with the `@local` values of the object it replaces.
                if keepingLocalValues, let replaced = batch.replacedIndex[slot] {
                    new = Self.carryingOver(batch.replacedLocalValues[replaced], into: element)
                }
                batch.objects[slot] = new
                byID[id] = new
                for reader in batch.readers { reader.readNew(new, slot) }
                continue
            }
            let slot = batch.objects.count
            slots[id] = slot
            if let index = byID.index(forKey: id) {
                let old = byID.values[index]
                if keepingLocalValues { new = Self.carryingOver(old.localValues, into: element) }
                byID.values[index] = new
                batch.replacedIndex.append(batch.oldIndices.count)
                batch.oldIndices.append(columnIndex(of: old, id: id))
                batch.replacedLocalValues.append(old.localValues)
            } else {
                byID[id] = new
                batch.replacedIndex.append(nil)
            }
            batch.objects.append(new)
            batch.ids.append(id)
            for reader in batch.readers { reader.readNew(new, slot) }
        }
        return batch
    }

    /// `element` with `localValues`; itself when it has them already, so a model without
    /// `@local` fields is not made again.
    @inlinable
    static func carryingOver(_ localValues: Element.LocalValues, into element: Element) -> Element {
        element.localValues == localValues ? element : element.replacingLocalValues(localValues)
    }
}
