extension SortedStore {
    /// A large batch as ``readBatch(_:keepingLocalValues:)`` found it: the objects that go
    /// in, one per id and each in a slot, and the stored objects they replace. The objects
    /// themselves are appended to `elements`, in slot order, until the merge moves them.
    @usableFromInline
    struct MergeBatch {
        /// The ids of the objects that go in, by slot.
        @usableFromInline var ids: [Element.ID] = []
        /// For each slot, the index in the store of the object it replaces, or -1 for a new
        /// id: plain `Int`s, half the memory of optional ones, which the merge's plan reads
        /// in an order of its own.
        @usableFromInline var oldIndexBySlot: [Int] = []
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
    /// each waiting for every load before it. So the objects are loaded a chunk ahead
    /// (``StoragePrefetch``), and each new object is copied once for each place that keeps
    /// it while it is in cache, and read only on a copy this owns: reading an object in
    /// memory through a call the compiler cannot see into (a getter, a key's closure)
    /// retains and releases it around the call. The new objects go into `byID` by swapping,
    /// which moves references and retains nothing.
    ///
    /// Each id is hashed once for `byID`, to find it and, if it is new, to insert it. A
    /// chunk's slots are asked for together (``IDTable/prefetchSlots(of:)``), so that their
    /// cache misses overlap, a turn before the chunk's work looks them up: meanwhile the
    /// chunk before is worked on. A stored id seen again in the batch is known by the
    /// storage of the batch object that `byID` now holds for it. Only new ids, and the ids
    /// of unions (whose storage does not name them), go through a table of ids of the batch.
    /// The replaced objects are not read: they are found in `elements` by the identity of
    /// their storage, or by id (``indices(ofReplaced:ids:below:)``), and `byID`'s references
    /// to them are forgotten, for the merge to release with their copies in `elements`
    /// (``forget(_:standingFor:)``).
    @inlinable
    mutating func readBatch(_ objects: [Element], keepingLocalValues: Bool) -> MergeBatch {
        var batch = MergeBatch(readers: order.keys.map { $0.batchKeyReader() })
        let read = batch.read
        let storedCount = elements.count
        let byStorage = StorageIdentityTable.identifiesModels(of: Element.self)
        elements.reserveCapacity(storedCount + objects.count)

        // The slots of the batch objects that `byID` holds in place of stored ones, by their
        // storage; the slots of the other ids, by id.
        var holders = StorageIdentityTable(capacity: byStorage ? objects.count : 0)
        var slots: [Element.ID: Int] = [:]
        // The replaced objects, moved out of `byID` and forgotten at the end (this memory is
        // freed, never deinitialized), with their batch slots and their slots in `byID`:
        // valid until an id is inserted, which comes last (changing a value in place keeps
        // them, and so does the copy that a shared table makes on the first change).
        let replaced = UnsafeMutablePointer<Element>.allocate(capacity: objects.count)
        defer { replaced.deallocate() }
        // Written through pointers, as the loop below goes, and made arrays at the end: an
        // array's write checks that its buffer is not shared, a call each time, and this
        // loop makes several for each object. For each slot its id, and the position of the
        // object it replaces among the replaced (until its index is found), or -1.
        let slotIDs = UnsafeMutablePointer<Element.ID>.allocate(capacity: objects.count)
        defer { slotIDs.deallocate() }
        var slotCount = 0
        let scratch = UnsafeMutablePointer<Int>.allocate(capacity: 4 * objects.count)
        defer { scratch.deallocate() }
        let oldIndexBySlot = scratch
        var replacedCount = 0
        let replacedSlots = scratch + objects.count
        let entries = scratch + 2 * objects.count
        // The hashes of the new ids, in slot order, for inserting them at the end.
        let newHashes = scratch + 3 * objects.count
        var newCount = 0
        // A plain loop, not one in closures: an object or a table that a closure captures is
        // retained and released around each use, atomic operations that wait on every load
        // before them.
        let extent = { StoragePrefetch.extent(of: objects[$0], $1, byStorage: byStorage) }
        // Each object's id and its hash, by index, read a chunk at a time a turn ahead of
        // the chunk's work; the slots in `byID` of the ids of the chunk whose turn it is (-1
        // for a new id). Pointers, for the reason above.
        let ids = UnsafeMutablePointer<Element.ID>.allocate(capacity: objects.count)
        var idCount = 0
        defer {
            ids.deinitialize(count: idCount)
            ids.deallocate()
        }
        let hashes = UnsafeMutablePointer<Int>.allocate(capacity: objects.count)
        defer { hashes.deallocate() }
        let found = UnsafeMutablePointer<Int>.allocate(capacity: StoragePrefetch.chunk)
        defer { found.deallocate() }
        StoragePrefetch.load(0..<Swift.min(StoragePrefetch.chunk, objects.count), .header, extent: extent)
        // Each turn reads the ids of one chunk, having loaded its storage, hashes them once
        // and asks for their slots in `byID` (and in `holders`); then it does the work on the
        // chunk before, whose slots have come meanwhile. One turn more than there are chunks.
        var next = 0..<0
        for start in stride(from: 0, to: objects.count + StoragePrefetch.chunk, by: StoragePrefetch.chunk) {
            let chunk = next
            next = Swift.min(start, objects.count)..<Swift.min(start + StoragePrefetch.chunk, objects.count)
            if !next.isEmpty {
                let ahead = next.upperBound..<Swift.min(next.upperBound + StoragePrefetch.chunk, objects.count)
                StoragePrefetch.load(next, loadingKeys: true, ahead: ahead, extent: extent)
                for index in next {
                    let id = objects[index].id
                    hashes[index] = IDTable<Element>.hash(of: id)
                    (ids + index).initialize(to: id)
                }
                idCount = next.upperBound
                byID.prefetchSlots(of: UnsafeBufferPointer(start: hashes + next.lowerBound, count: next.count))
                if byStorage {
                    for index in next { holders.prefetchSlot(of: StorageIdentityTable.identity(of: objects[index])) }
                }
            }
            guard !chunk.isEmpty else { continue }
            // Slots stay valid while objects are only replaced, as they are until the end.
            byID.findSlots(
                of: UnsafeBufferPointer(start: ids + chunk.lowerBound, count: chunk.count),
                hashes: UnsafeBufferPointer(start: hashes + chunk.lowerBound, count: chunk.count), into: found)
            for index in chunk {
                // Each path binds the object where its copies are made, and ends with its last
                // use, which takes the binding's copy over: a copy held across the key's read,
                // or kept to the end, would cost a retain and a release.
                let identity = byStorage ? StorageIdentityTable.identity(of: objects[index]) : 0
                let offset = index - chunk.lowerBound
                let id = ids[index]
                let hash = hashes[index]
                let entry = found[offset] < 0 ? nil : found[offset]
                let seen =
                    if let entry, byStorage {
                        holders.position(ofIdentity: StorageIdentityTable.identity(of: byID[slot: entry]))
                    } else {
                        slots[id]
                    }
                if let slot = seen {
                    // The same id again: the last object wins.
                    let object = objects[index]
                    read(object, slot)
                    guard let entry else {
                        elements[storedCount + slot] = consume object
                        continue
                    }
                    if byStorage { holders.insert(identity, at: slot) }
                    elements[storedCount + slot] = object
                    byID[slot: entry] = consume object
                    continue
                }
                let slot = slotCount
                (slotIDs + slot).initialize(to: id)
                slotCount += 1
                guard let entry else {
                    let object = objects[index]
                    read(object, slot)
                    oldIndexBySlot[slot] = -1
                    slots[id] = slot
                    newHashes[newCount] = hash
                    newCount += 1
                    elements.append(consume object)
                    continue
                }
                // The copy in `elements` is made next to this one, before the key is read,
                // so that the two copies cost one atomic operation.
                let object = objects[index]
                elements.append(object)
                read(object, slot)
                let position = replacedCount
                oldIndexBySlot[slot] = position  // until the index is found
                replacedSlots[position] = slot
                entries[position] = entry
                replacedCount += 1
                if byStorage {
                    holders.insert(identity, at: slot)
                } else {
                    slots[id] = slot
                }
                (replaced + position).initialize(to: consume object)
                swap(&replaced[position], &byID[slot: entry])
            }
        }

        // The ids move over, and the pointer is freed with nothing left in it; no ids make an
        // empty array without `unsafeUninitializedCapacity`, which would write the count into
        // the empty-array singleton that other threads read.
        batch.ids =
            slotCount == 0
            ? []
            : Array(unsafeUninitializedCapacity: slotCount) { buffer, count in
                buffer.baseAddress!.moveInitialize(from: slotIDs, count: slotCount)
                count = slotCount
            }
        batch.oldIndices = indices(
            ofReplaced: byStorage ? (0..<replacedCount).map { StorageIdentityTable.identity(of: replaced[$0]) } : nil,
            ids: (0..<replacedCount).map { batch.ids[replacedSlots[$0]] }, below: storedCount)
        for position in 0..<replacedCount { oldIndexBySlot[replacedSlots[position]] = batch.oldIndices[position] }
        batch.oldIndexBySlot = Array(UnsafeBufferPointer(start: oldIndexBySlot, count: slotCount))
        // The new objects take the replaced ones' `@local` values, read with their storage
        // and keys loaded a chunk ahead.
        if keepingLocalValues && Element.LocalValues.self != NoLocalValues.self {
            let replacedExtent = { StoragePrefetch.extent(of: replaced[$0], $1, byStorage: byStorage) }
            StoragePrefetch.forEachChunk(in: 0..<replacedCount, extent: replacedExtent) { chunk in
                for position in chunk {
                    let slot = replacedSlots[position]
                    let oldValues = replaced[position].localValues
                    if oldValues != elements[storedCount + slot].localValues {
                        let new = elements[storedCount + slot].replacingLocalValues(oldValues)
                        read(new, slot)  // in case a key reads a `@local` value
                        elements[storedCount + slot] = new
                        byID[slot: entries[position]] = new
                    }
                }
            }
        }
        // The replaced objects are released by the merge, with their copies in `elements`.
        forget(replaced, standingFor: batch.oldIndices)
        byID.reserveCapacity(byID.count + newCount)
        var newPosition = 0
        for slot in batch.ids.indices where batch.oldIndexBySlot[slot] < 0 {
            byID.update(elements[storedCount + slot], id: batch.ids[slot], hash: newHashes[newPosition])
            newPosition += 1
        }
        return batch
    }
}
