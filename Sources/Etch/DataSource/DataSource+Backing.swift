extension DataSource {
    /// The ids at positions of ``objects``, when a backing store must hear of their removal.
    func idsForBacking(at indices: [Int]) -> [Element.ID] {
        backing == nil ? [] : indices.map { store.elements[$0].id }
    }

    /// Sends a write the data source applied to the backing store, after the ones before it.
    ///
    /// Holds the data source until the write is done, as autosave does, so no acknowledged
    /// change is lost because the last reference went away.
    func sendToBacking(_ change: ChangeIndices<Element>, removed: [Element.ID]) {
        guard let backing else { return }
        let positions = change.insertions + change.moves.map(\.newIndex) + change.updates.map(\.newIndex)
        let upserted = positions.map { store.elements[$0] }
        guard !upserted.isEmpty || !removed.isEmpty else { return }
        pendingBackingWrites += 1
        let previous = backingWrite
        backingWrite = Task {
            await previous?.value
            do {
                try await backing.write(upserted, removed)
                await self.finishBackingWrite(error: nil)
            } catch {
                await self.finishBackingWrite(error: error)
            }
        }
    }

    /// Records the end of a write to the backing store; after a failure, reports it and
    /// takes the store's objects as the contents again.
    private func finishBackingWrite(error: (any Error)?) async {
        pendingBackingWrites -= 1
        guard let error, let backing else { return }
        failedBackingWrites += 1
        _ = recordSaveError(.storeWriteFailed(reason: "\(error)"))
        guard let members = try? await backing.members() else { return }
        let ids = Set(members.map(\.id))
        let removals = store.elements.indices.filter { !ids.contains(store.elements[$0].id) }
        publish(
            store.apply(upserting: changed(members), removingIndices: removals, keepingLocalValues: false),
            fromBacking: true)
    }

    /// Applies one commit of the backing store, leaving out what the data source shows
    /// already (its own writes coming back).
    func receive(fromBacking change: DataSourceBacking<Element>.Change) {
        let removals = Set(change.removed).compactMap(store.index(ofID:)).sorted()
        let upserts = changed(change.upserted)
        publish(
            store.apply(upserting: upserts, removingIndices: removals, keepingLocalValues: false), fromBacking: true)
    }

    /// The objects that differ from the ones with their ids, `@local` values included.
    private func changed(_ objects: [Element]) -> [Element] {
        objects.filter { object in
            guard let current = store.byID[object.id] else { return true }
            return current != object || current.localValues != object.localValues
        }
    }

    /// Waits for every write sent to the backing store so far, and throws when one that
    /// was pending when `failuresBefore` was read failed.
    func waitForBacking(failuresBefore: Int) async throws(DataSourceError) {
        await backingWrite?.value
        if failedBackingWrites != failuresBefore, let saveError { throw saveError }
    }

    /// Waits for every write sent to the backing store so far.
    ///
    /// - Throws: The error of a write that failed, as ``saveError`` holds it.
    func waitForBacking() async throws(DataSourceError) {
        await backingWrite?.value
        if let saveError { throw saveError }
    }
}
