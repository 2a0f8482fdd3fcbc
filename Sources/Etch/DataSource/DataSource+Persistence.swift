extension DataSource {
    /// Whether changes were made since the last successful save (always `false` without a
    /// file), or, with a backing store, whether writes are on their way to it.
    public var hasUnsavedChanges: Bool {
        (file != nil && changeCount != savedChangeCount) || pendingBackingWrites > 0
    }

    /// Saves the objects to the file now, atomically: a crash at any moment leaves either the
    /// previous file or the new one, complete.
    ///
    /// Encoding and writing run off the actor, so reads and writes go on meanwhile; saves
    /// happen in the order they were asked for. Does nothing without a file or when nothing
    /// changed since the last save. With a backing store, which commits every write, waits
    /// until every write made so far has reached it.
    ///
    /// ```swift
    /// // When the app goes to the background:
    /// try await tasks.save()
    /// ```
    ///
    /// - Throws: ``DataSourceError`` when the file cannot be written (no space, no
    ///   permission, …), when an object cannot be encoded (``DataSourceError/encodingFailed(_:reason:)``
    ///   names it), or when saving over the file is refused (``DataSourceError/saveRefused(_:reason:)``:
    ///   see ``DataSourceCacheStatus/unreadable(_:)``). The error is also kept in ``saveError``,
    ///   the changes stay unsaved and the previous file is intact.
    public func save() async throws(DataSourceError) {
        if backing != nil { return try await waitForBacking() }
        guard let file else { return }
        if let saveRefusal { throw recordSaveError(saveRefusal) }
        let version = changeCount
        guard version != savedChangeCount else { return }
        let objects = store.elements
        let previous = saveTask
        let url = file.url
        let task = Task.detached(priority: .utility) {
            _ = await previous?.result
            try DataSourceFileStore.save(objects, to: url)
        }
        saveTask = task
        do {
            try await task.value
        } catch let error as DataSourceError {
            throw recordSaveError(error)
        } catch {
            throw recordSaveError(.encodingFailed(url, reason: "\(error)"))
        }
        savedChangeCount = max(savedChangeCount, version)
        if saveError != nil {
            saveError = nil
            publishStatus()
        }
    }

    func recordSaveError(_ error: DataSourceError) -> DataSourceError {
        saveError = error
        publishStatus()
        return error
    }

    /// Saves after the autosave delay, once for all changes made meanwhile.
    func scheduleAutosave() {
        guard let delay = file?.autosaveDelay, autosaveTask == nil, saveRefusal == nil else { return }
        // Holds the data source until the save is done, so no acknowledged change is lost
        // because the last reference went away.
        autosaveTask = Task {
            try? await Task.sleep(for: delay)
            await self.autosave()
        }
    }

    private func autosave() async {
        autosaveTask = nil
        // A failure is kept in `saveError` and published to `statuses()`; the next change
        // schedules another try.
        try? await save()
    }
}
