@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// Runs a transaction: every insert, update and delete `body` makes is applied together
    /// when it returns, or none is.
    ///
    /// For a file-backed store the transaction holds the file's write lock from start to end:
    /// it first catches up with every commit other stores on the file made (in this process
    /// or another), so `body` reads the latest committed objects, and no other store commits
    /// until it is done. An update by transform therefore never loses another store's update,
    /// a `@unique` value is checked against every store's objects, and an object another
    /// store deleted is not there to update. Keep `body` short: other stores' writes wait for it.
    ///
    /// Before anything changes, the commit checks every `@unique` index and, for a
    /// file-backed store, writes the changed objects and the commit's history row in one
    /// SQLite transaction, synced before `write` returns. A unique violation, an error `body`
    /// throws or a failed write leaves the store and its file exactly as they were. After the
    /// commit, each affected type's ``changes(of:)`` subscribers get one ``StoreChange``, and
    /// the commit, if it changed anything, takes the next ``historyToken``.
    ///
    /// ```swift
    /// try await store.write { tx in
    ///     try tx.insert(album)
    ///     try tx.update(Artist.self, id: "a1") { $0.copyWith(name: "Nina") }
    /// }
    /// ```
    ///
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``StoreError``: a unique violation names the type,
    ///   the field, the value and the id already holding it; ``StoreError/closed`` after
    ///   ``close()``.
    @discardableResult
    public func write<Result: Sendable>(_ body: @Sendable (StoreTransaction) throws -> Result) throws -> Result {
        try beginWrite()
        do {
            let result = try commitTransaction(body)
            try endWrite()
            return result
        } catch {
            abortWrite()
            throw error
        }
    }

    /// Deletes every object of a type, as one commit.
    public func clear<Model: IdentifiedModel>(_ type: Model.Type) throws {
        try write { tx in try tx.deleteAll(Model.self) }
    }

    /// Deletes every object of every type, as one commit.
    public func clear() throws(StoreError) {
        try beginWrite()
        do throws(StoreError) {
            try commitDeletingEverything()
            try endWrite()
        } catch {
            abortWrite()
            throw error
        }
    }

    /// Runs `body` in a new transaction and commits it, inside a write (between
    /// ``beginWrite()`` and ``endWrite()``).
    ///
    /// The transaction, and every change it staged, is let go of here, before the write ends:
    /// until then reads take the snapshot without waiting for the store's actor, so the time
    /// freeing a large commit's changes takes holds no read up.
    private func commitTransaction<Result>(_ body: (StoreTransaction) throws -> Result) throws -> Result {
        let transaction = StoreTransaction(tables: tables)
        let result = try body(transaction)
        try commit(transaction)
        return result
    }

    /// Deletes every object of every type in a new transaction and commits it, inside a write,
    /// letting go of the transaction before the write ends as ``commitTransaction(_:)`` does.
    private func commitDeletingEverything() throws(StoreError) {
        let transaction = StoreTransaction(tables: tables)
        for table in tables.all { try table.stageDeleteAll(in: transaction) }
        try commit(transaction)
    }

    /// Takes the file's write lock, waiting for other stores' writes to end, and catches up
    /// with their commits. Every write begins here and ends with ``endWrite()`` or
    /// ``abortWrite()``.
    func beginWrite() throws(StoreError) {
        try checkOpen()
        guard let file else { return }
        // Until this write ends, reads take the current snapshot without waiting for the
        // store to look at the file: the look would wait for the write. The write catches
        // up with the file once it holds the lock, and publishes what it caught up with.
        readState.withLock { $0.isWriting = true }
        do throws(StoreError) {
            try file.withConnection { connection throws(StoreError) in
                try connection.beginWriting()
                do throws(StoreError) {
                    // Under the write lock, `data_version` says whether another connection
                    // committed since the store last caught up (its own commits leave it as
                    // it is): when none did, the store is the file, and the state need not be
                    // read.
                    var version = dataVersion
                    if try connection.changedSinceLastCheck(&version) { try catchUp(connection) }
                    dataVersion = version
                } catch {
                    connection.rollBack()
                    throw error
                }
            }
        } catch {
            readState.withLock { $0.isWriting = false }
            throw error
        }
    }

    /// Ends a write whose commit changed nothing, releasing the lock (a commit that changed
    /// something ended the transaction itself).
    func endWrite() throws(StoreError) {
        defer { readState.withLock { $0.isWriting = false } }
        try file?.withConnection { connection throws(StoreError) in
            guard connection.isInTransaction else { return }
            // Caught up under the lock this releases: the store is as fresh as a look now.
            let looked = ContinuousClock.now
            lastCheck = looked
            readState.withLock { $0.lastCheck = looked }
            try connection.commit()
        }
    }

    /// Rolls back a write that failed, releasing the lock.
    func abortWrite() {
        // Whatever failed, the next write reads the file's state again rather than trust
        // that `data_version` still says all: a COMMIT that failed may have written more
        // than it said.
        dataVersion = -1
        try? file?.withConnection { connection throws(StoreError) in connection.rollBack() }
        readState.withLock { $0.isWriting = false }
    }

    /// The most commits a file's history holds beyond its objects table's checkpoint: the
    /// commit after them folds them into the table (see ``StoreConnection/foldCommits(after:)``).
    /// A fold writes each object they changed once, so it costs about as many pages as the
    /// commits saved, in one transaction.
    static let foldInterval = 128

    /// Commits a transaction: checks it, writes it to the file (inside the write transaction
    /// ``beginWrite()`` opened, which this ends), then applies it to the tables and tells
    /// observers. A commit that changes nothing takes no token and writes nothing.
    func commit(_ transaction: StoreTransaction) throws(StoreError) {
        try transaction.applyDeleteRules()
        let staged = transaction.stagedOrder.compactMap { transaction.staged[$0] }
        for changes in staged { try changes.check() }
        let changes = staged.flatMap { $0.committedChanges() }
        guard !changes.isEmpty else { return }
        let token = lastToken + 1
        let time = Date().timeIntervalSince1970
        var pruned = prunedThrough
        if token - prunedThrough > options.historyLimit + max(1, options.historyLimit / 10) {
            pruned = token - options.historyLimit
        }
        // A small commit goes into the history only; the objects table takes it with the
        // next fold: a large commit, every `foldInterval` commits, or a prune, which never
        // passes the checkpoint.
        let folds =
            changes.count > Self.inPlaceChangeLimit || token - checkpoint > Self.foldInterval
            || pruned != prunedThrough || staged.contains(where: \.clearsAll)
        // What the history's streams get (made only when there is one): a file's row or an
        // in-memory store's commit.
        var committedRow: HistoryRow?
        var memoryCommit: MemoryCommit?
        if let file {
            var records: [RecordChange] = []
            var entries: [HistoryEntry] = []
            entries.reserveCapacity(changes.count)
            for change in changes { entries.append(try change.entry()) }
            if folds {
                records.reserveCapacity(entries.count)
                let cleared = staged.filter(\.clearsAll).map(\.modelName)
                for model in cleared { records.append(.deleteAll(model: model)) }
                for entry in entries where !(entry.kind == .delete && cleared.contains(entry.record.model)) {
                    records.append(entry.recordChange)
                }
            }
            let row = HistoryRow(token: token, time: time, entries: entries)
            // Every bump of the signal so far is for a commit this store has applied: the others'
            // commits before its lock, caught up with. A bump after its own commit may be for a
            // commit made since, which the next read must look for.
            let generation = signal?.generation.load(ordering: .acquiring) ?? 0
            // The write caught up with the file under the lock it holds until its COMMIT: no
            // other store commits before then, so the store is as fresh as a look now, and
            // reads after the write need not look again for a while.
            lastCheck = ContinuousClock.now
            // Taken out while the commit runs, so that adding to it copies nothing; kept only
            // when it holds every commit since the checkpoint.
            var pending = pendingFold.take()
            if let known = pending, known.checkpoint != checkpoint || known.through != lastToken { pending = nil }
            try file.withConnection { connection throws(StoreError) in
                // The history row records the token; the state row changes only with a fold,
                // which moves the checkpoint to this commit.
                if folds {
                    try connection.foldCommits(after: checkpoint, known: pending)
                    try connection.write(records)
                    try connection.append(row)
                    if pruned != prunedThrough { try connection.deleteHistory(through: pruned) }
                    try connection.setState(checkpoint: token, prunedThrough: pruned)
                } else {
                    try connection.append(row)
                }
                try connection.commit()
            }
            if folds {
                checkpoint = token
                pendingFold = PendingFold(checkpoint: token, capacity: Self.foldInterval)
            } else if var known = pending {
                pending = nil
                known.add(entries, token: token)
                pendingFold = known
            }
            if let signal {
                let bumped = signal.committed(by: waker)
                seenGeneration = bumped == generation + 1 ? bumped : generation
            }
            committedRow = row
        } else {
            let commit = MemoryCommit(token: token, time: time, changes: changes)
            memoryHistory.append(commit)
            if pruned != prunedThrough { memoryHistory.removeFirst(pruned - prunedThrough) }
            memoryCommit = commit
        }
        lastToken = token
        prunedThrough = pruned
        // Published only now, after the commit is durable: a read never sees a commit that a
        // crash could still undo.
        if !applyInPlace(staged, token: token) {
            for stagedType in staged { _ = stagedType.applyToTable(commit: token) }
            publishSnapshot()
        }
        for stagedType in staged { stagedType.publishApplied() }
        let (seen, looked) = (seenGeneration, lastCheck)
        readState.withLock { state in
            state.seenGeneration = seen
            state.lastCheck = looked
        }
        if let file, let committedRow {
            publishHistory { StoreCommit(committedRow, storeID: storeID, path: file.path) }
        } else if let memoryCommit {
            publishHistory { StoreCommit(memoryCommit, storeID: storeID) }
        }
    }
}
