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

    /// Reads a batch: gives each id a slot, taken by the last object with that id, appends
    /// those objects to `elements`, puts them in `byID` in place of the objects they replace
    /// (carrying `@local` values over), and reads the keys of both.
    ///
    /// An object of a long list is rarely in cache, nor is its entry in `byID`, and the work
    /// is split into loops for that. A loop that only loads lets the processor fetch several
    /// missing objects at once; but a copy of an object retains it, an atomic operation that
    /// waits for every load before it, so a loop that retains fetches one missing object at
    /// a time. So the ids, their entries in `byID`, the replaced objects and the keys are each
    /// read in a loop of loads; the objects are copied while they are in cache; and the new
    /// objects go into `byID` by swapping, which moves references and retains nothing.
    @inlinable
    mutating func readBatch(_ objects: [Element], keepingLocalValues: Bool) -> MergeBatch {
        var batch = MergeBatch(readers: order.keys.map { $0.batchKeyReader() })
        let ids = objects.withUnsafeBufferPointer { objects in objects.indices.map { objects[$0].id } }
        // Valid until an id is inserted, which comes last: changing a value in place keeps
        // them, and so does the copy that a shared dictionary makes on the first change.
        let found = ids.map { byID.index(forKey: $0) }

        // Each id's slot, and the position in `objects` of the object that takes it.
        var slots: [Element.ID: Int] = [:]
        slots.reserveCapacity(ids.count)
        var taking: [Int] = []
        taking.reserveCapacity(ids.count)
        for (position, id) in ids.enumerated() {
            if let slot = slots[id] {
                taking[slot] = position
            } else {
                slots[id] = taking.count
                taking.append(position)
            }
        }
        var replacedAt: [Dictionary<Element.ID, Element>.Index] = []
        batch.ids = taking.map { ids[$0] }
        batch.replacedIndex = taking.map { position in
            guard let index = found[position] else { return nil }
            replacedAt.append(index)
            return replacedAt.count - 1
        }
        batch.replacedSlots = batch.replacedIndex.indices.filter { batch.replacedIndex[$0] != nil }

        // The copies, one for `elements` and one for `byID`; then, for a replaced object, the
        // swap leaves the object it replaces in `incoming`.
        let storedCount = elements.count
        elements.reserveCapacity(storedCount + taking.count)
        for position in taking { elements.append(objects[position]) }
        var incoming = Array(elements[storedCount...])
        for (slot, index) in zip(batch.replacedSlots, replacedAt) {
            swap(&incoming[slot], &byID.values[index])
        }
        if keepingLocalValues {
            for (slot, index) in zip(batch.replacedSlots, replacedAt)
            where incoming[slot].localValues != elements[storedCount + slot].localValues {
                let new = elements[storedCount + slot].replacingLocalValues(incoming[slot].localValues)
                elements[storedCount + slot] = new
                byID.values[index] = new
            }
        }
        for (slot, replaced) in batch.replacedIndex.enumerated() where replaced == nil {
            byID[batch.ids[slot]] = incoming[slot]
        }

        elements.withUnsafeBufferPointer { elements in
            let new = UnsafeBufferPointer(rebasing: elements[storedCount...])
            for reader in batch.readers { reader.readNew(new) }
        }
        incoming.withUnsafeBufferPointer { incoming in
            for reader in batch.readers { reader.readOld(incoming, batch.replacedSlots) }
        }
        return batch
    }
}
