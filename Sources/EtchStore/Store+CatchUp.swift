@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// How stale a read may be: a read looks at the file for other stores' commits when the
    /// last look is older than this (a look costs a few microseconds; a read well under one).
    static let readCheckInterval = Duration.milliseconds(1)

    /// Brings the store up to date with every commit made to its file, by this process's
    /// other stores on it or by other processes, now; ``write(_:)`` does so by itself, and
    /// reads within a millisecond.
    ///
    /// ```swift
    /// // The share extension saved a draft; the app, back in front, reads it at once:
    /// try await store.refresh()
    /// let drafts = try await store.objects(Draft.self)
    /// ```
    ///
    /// Observers (``changes(of:)``, live queries, relations, ``historyUpdates(since:)``) get
    /// the other stores' commits as they get the store's own.
    ///
    /// - Throws: ``StoreError/closed`` after ``close()``; a ``StoreError`` when the file cannot
    ///   be read, or holds an object that does not read as its model.
    public func refresh() throws(StoreError) {
        try checkOpen()
        try look(always: true)
    }

    /// Throws ``StoreError/closed`` after ``close()``.
    func checkOpen() throws(StoreError) {
        if isClosed { throw .closed }
    }

    /// Catches up with other stores' commits when one may have happened: this process's
    /// stores say so at once through the file's signal, other processes' are looked for at
    /// most once per ``readCheckInterval``. Every read calls it first.
    ///
    /// - Complexity: O(1) when nothing changed: an atomic load and a clock read.
    func catchUpIfStale() throws(StoreError) {
        try checkOpen()
        try look(always: false)
    }

    /// Looks at the file for other stores' commits and catches up with them: `always`, or
    /// when this process's signal moved or ``readCheckInterval`` went by since the last look
    /// and SQLite's `data_version` says another connection committed.
    private func look(always: Bool) throws(StoreError) {
        guard let file, let signal else { return }
        let generation = signal.generation.load(ordering: .acquiring)
        let now = ContinuousClock.now
        guard always || generation != seenGeneration || now - lastCheck >= Self.readCheckInterval else { return }
        // What was seen is recorded only once caught up: a look that fails is tried again by
        // the next read, which reports the failure too.
        try file.withConnection { connection throws(StoreError) in
            var version = dataVersion
            if try connection.changedSinceLastCheck(&version) || always { try catchUp(connection) }
            dataVersion = version
        }
        lastCheck = now
        seenGeneration = generation
        readState.withLock { state in
            state.lastCheck = now
            state.seenGeneration = generation
        }
    }

    /// Applies the commits other stores made since ``lastToken``, read from the file's history
    /// in one read transaction (or in the write transaction already open); when the history
    /// no longer reaches back that far, or the file is another one now, reads every object
    /// again and applies the difference.
    func catchUp(_ connection: borrowing StoreConnection) throws(StoreError) {
        let ownsTransaction = !connection.isInTransaction
        if ownsTransaction { try connection.beginReading() }
        defer { if ownsTransaction { connection.rollBack() } }
        let state = try connection.state()
        prunedThrough = state.prunedThrough
        checkpoint = state.checkpoint
        // Whatever was applied is published, even when a later commit fails to apply; the
        // subscribers and the history's streams hear of each commit after the snapshot
        // holding it is published, as of the store's own commits.
        let before = lastToken
        var applied: [(row: HistoryRow, staged: [any StagedCommit])] = []
        defer {
            if lastToken != before { publishSnapshot() }
            for (row, staged) in applied { published(row, staged) }
        }
        guard state.storeID == storeID, state.lastToken >= lastToken else {
            return try reload(connection, state: state)
        }
        guard state.lastToken > lastToken else { return }
        guard lastToken >= state.prunedThrough else { return try reload(connection, state: state) }
        let rows = try connection.history(after: lastToken)
        guard rows.first?.token == lastToken + 1, rows.last?.token == state.lastToken else {
            return try reload(connection, state: state)
        }
        for row in rows { applied.append((row, try apply(row))) }
    }

    /// Applies one commit another store made to the tables' contents, as the store's own
    /// commits are applied; ``published(_:_:)`` tells of it once the snapshot is published.
    ///
    /// - Returns: The commit's changes, one per model type.
    private func apply(_ row: HistoryRow) throws(StoreError) -> [any StagedCommit] {
        var byModel: [String: [HistoryEntry]] = [:]
        var order: [String] = []
        for entry in row.entries where tables.byName[entry.record.model] != nil {
            if byModel[entry.record.model] == nil { order.append(entry.record.model) }
            byModel[entry.record.model, default: []].append(entry)
        }
        // Every object is read before any is applied: an unreadable one changes nothing.
        var staged: [any StagedCommit] = []
        for model in order {
            guard let table = tables.byName[model], let entries = byModel[model] else { continue }
            staged.append(try table.staged(from: entries))
        }
        lastToken = row.token
        for changes in staged { _ = changes.applyToTable(commit: row.token) }
        return staged
    }

    /// Tells the subscribers and the history's streams of a commit another store made,
    /// applied by ``apply(_:)``.
    private func published(_ row: HistoryRow, _ staged: [any StagedCommit]) {
        for changes in staged { changes.publishApplied() }
        if let file {
            let storeID = storeID
            publishHistory { StoreCommit(row, storeID: storeID, path: file.path) }
        }
    }

    /// Reads every object of the file again and applies the difference as one change, when
    /// the history cannot say what changed. Streams of the history end then: the commits
    /// they would send are gone.
    private func reload(_ connection: borrowing StoreConnection, state: StoreFileState) throws(StoreError) {
        var byModel: [String: [StoredRecord]] = [:]
        for record in try connection.currentRecords(state: state) where tables.byName[record.model] != nil {
            byModel[record.model, default: []].append(record)
        }
        var staged: [any StagedCommit] = []
        for table in tables.all { staged.append(try table.stagedReload(from: byModel[table.modelName] ?? [])) }
        storeID = state.storeID
        lastToken = state.lastToken
        prunedThrough = state.prunedThrough
        for changes in staged { _ = changes.applyToTable(commit: state.lastToken) }
        publishSnapshot()
        for changes in staged { changes.publishApplied() }
        finishHistoryObservers()
    }
}
