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
        /// For each replaced object, its index in the store.
        @usableFromInline var oldIndices: [Int] = []
        /// The keys read, for each sort key.
        @usableFromInline let readers: [BatchKeyReader<Element>]
        /// Reads every key of the object for a slot; see ``BatchKeyReader/read``.
        @usableFromInline let read: (_ element: Element, _ slot: Int) -> Void

        /// With one key, its reader's own closure, which the merge calls from a constant:
        /// calling a closure read from an array retains and releases it, each time.
        @inlinable
        init(readers: [BatchKeyReader<Element>]) {
            self.readers = readers
            if readers.count == 1 {
                read = readers[0].read
            } else {
                read = { element, slot in
                    for reader in readers { reader.read(element, slot) }
                }
            }
        }
    }

    /// Reads a batch: gives each id a slot, taken by the last object with that id, appends
    /// those objects to `elements`, reading their keys, puts them in `byID` in place of the
    /// objects they replace (carrying `@local` values over), and finds where those were.
    ///
    /// An object of a long list is rarely in cache, and copying one costs a retain, now and
    /// a release later: atomic operations, each some 30 ns even on an object in cache, and
    /// each waiting for every load before it. So each new object is copied once for each
    /// place that keeps it, and read only on a copy this owns: reading an object in memory
    /// through a call the compiler cannot see into (a getter, a key's closure) retains and
    /// releases it around the call. The entries of `byID` are found first, in a loop of
    /// loads that fetches several at once, and the new objects go in by swapping, which
    /// moves references and retains nothing. The replaced objects are not read at all: they
    /// are found in `elements` by the identity of their storage (``StorageIdentityTable``).
    @inlinable
    mutating func readBatch(_ objects: [Element], keepingLocalValues: Bool) -> MergeBatch {
        var batch = MergeBatch(readers: order.keys.map { $0.batchKeyReader() })
        let read = batch.read
        let storedCount = elements.count
        elements.reserveCapacity(storedCount + objects.count)

        // Each object's id and keys, read on the copy that `elements` keeps.
        var slots: [Element.ID: Int] = [:]
        slots.reserveCapacity(objects.count)
        for object in objects {
            let id = object.id
            if let slot = slots[id] {
                read(object, slot)
                elements[storedCount + slot] = object
            } else {
                let slot = batch.ids.count
                slots[id] = slot
                batch.ids.append(id)
                read(object, slot)
                elements.append(object)
            }
        }
        let count = batch.ids.count
        // Valid until an id is inserted, which comes last: changing a value in place keeps
        // them, and so does the copy that a shared dictionary makes on the first change.
        let found = batch.ids.map { byID.index(forKey: $0) }

        // The copies for `byID`; the swap leaves the replaced objects in their place.
        let incoming = UnsafeMutablePointer<Element>.allocate(capacity: count)
        defer { incoming.deallocate() }
        for slot in 0..<count { (incoming + slot).initialize(to: elements[storedCount + slot]) }
        var replaced: [Int] = []
        batch.replacedIndex.reserveCapacity(count)
        for (slot, index) in found.enumerated() {
            if let index {
                swap(&incoming[slot], &byID.values[index])
                batch.replacedIndex.append(replaced.count)
                replaced.append(slot)
            } else {
                batch.replacedIndex.append(nil)
            }
        }

        batch.oldIndices = indices(
            ofStored: replaced.map { StorageIdentityTable.identity(of: incoming[$0]) }, below: storedCount,
            ids: replaced.map { batch.ids[$0] })
        // The replaced objects are released here, and inserted ids are inserted last.
        for (slot, index) in found.enumerated() {
            guard let index else { continue }
            let old = (incoming + slot).move()
            if keepingLocalValues && old.localValues != elements[storedCount + slot].localValues {
                let new = elements[storedCount + slot].replacingLocalValues(old.localValues)
                read(new, slot)  // in case a key reads a `@local` value
                elements[storedCount + slot] = new
                byID.values[index] = new
            }
        }
        for (slot, index) in found.enumerated() where index == nil {
            byID[batch.ids[slot]] = (incoming + slot).move()
        }
        return batch
    }

    /// The indices in `elements`, below `count`, of the objects with these storage
    /// identities: one pass over the array, reading no object.
    ///
    /// - Parameters:
    ///   - identities: The storage identities of stored objects.
    ///   - count: Where the stored objects end.
    ///   - ids: The objects' ids, by which each index found is checked.
    @inlinable
    func indices(ofStored identities: [UInt], below count: Int, ids: [Element.ID]) -> [Int] {
        let table = StorageIdentityTable(identities)
        var indices = [Int](repeating: -1, count: identities.count)
        elements.withUnsafeBufferPointer { elements in
            for index in 0..<count {
                if let position = table.position(of: elements[index]) { indices[position] = index }
            }
        }
        for (position, index) in indices.enumerated() where index < 0 || columns.ids[index] != ids[position] {
            // `byID` and `elements` always change together; going on would corrupt both.
            preconditionFailure("SortedStore lost track of an object")
        }
        return indices
    }
}
