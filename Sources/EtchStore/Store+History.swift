@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// The token of the last commit: ``history(since:)`` with it answers what commits after now.
    ///
    /// Tokens only grow, survive reopening, and are shared by every store on the file. Keep
    /// it (it is `Codable`) to ask later what changed since.
    public var historyToken: HistoryToken {
        try? catchUpIfStale()
        return HistoryToken(storeID: storeID, number: lastToken)
    }

    /// The commits after `token`, oldest first: per commit its token, its time, and per model
    /// type the objects it inserted, updated and deleted. The feed a sync, a server or an app
    /// extension reads; it holds every store's commits on the file.
    ///
    /// ```swift
    /// let commits = try await store.history(since: lastSeen)
    /// for commit in commits {
    ///     let albums = try commit.changes(of: Album.self)
    ///     print(commit.token.number, albums.inserted.count, albums.deleted.count)
    /// }
    /// lastSeen = commits.last?.token ?? lastSeen
    /// ```
    ///
    /// - Parameter token: A token of this store; `nil` for the whole history kept.
    /// - Throws: ``StoreError/historyTokenExpired(token:oldestAvailable:)`` when commits after
    ///   `token` were pruned (never a partial answer); ``StoreError/historyTokenOfAnotherStore(token:store:)``;
    ///   ``StoreError/closed``; ``StoreError/damagedFile(path:reason:)`` for a history row that
    ///   does not read.
    /// - Complexity: O(*k*) for the *k* objects the commits changed.
    public func history(since token: HistoryToken?) throws(StoreError) -> [StoreCommit] {
        try checkOpen()
        let requested = try checked(token)
        let storeID = storeID
        guard let file else {
            let after = requested ?? prunedThrough
            return memoryHistory.filter { $0.token > after }.map { StoreCommit($0, storeID: storeID) }
        }
        return try file.withConnection { connection throws(StoreError) in
            try connection.beginReading()
            defer { connection.rollBack() }
            // Caught up in the same read transaction, the store holds every commit the rows
            // below hold, and no later one: a live feed starting here sends each commit once.
            try catchUp(connection)
            let state = try connection.state()
            guard state.storeID == storeID, (requested ?? 0) <= state.lastToken else {
                throw StoreError.historyTokenOfAnotherStore(
                    token: token?.description ?? "nil", store: state.storeID.uuidString)
            }
            let after = requested ?? state.prunedThrough
            if after < state.prunedThrough {
                throw StoreError.historyTokenExpired(token: after, oldestAvailable: state.prunedThrough)
            }
            var commits: [StoreCommit] = []
            for row in try connection.history(after: after) {
                commits.append(StoreCommit(row, storeID: storeID, path: file.path))
            }
            return commits
        }
    }

    /// A live feed of the history: the commits after `token` first, then every commit as it
    /// happens, this store's and other stores' on the file (seen as ``refresh()`` describes).
    ///
    /// ```swift
    /// for await commit in try await store.historyUpdates(since: lastSynced) {
    ///     try await sync.send(commit)
    ///     lastSynced = commit.token
    /// }
    /// ```
    ///
    /// The stream buffers without limit, so consume it promptly. It ends when the store
    /// closes, and when the commits it would send next were pruned before the store read them
    /// (``history(since:)`` with the last token it sent then says so).
    ///
    /// - Throws: as ``history(since:)``.
    public func historyUpdates(since token: HistoryToken? = nil) throws(StoreError) -> AsyncStream<StoreCommit> {
        let past = try history(since: token)
        let (stream, continuation) = AsyncStream.makeStream(of: StoreCommit.self)
        for commit in past { continuation.yield(commit) }
        nextHistoryObserver += 1
        let number = nextHistoryObserver
        historyObservers[number] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeHistoryObserver(number) }
        }
        startWatching()
        return stream
    }

    /// Deletes the commits before `token` from the history: ``history(since:)`` still answers
    /// for the token of the commit just before `token` and for later ones, and throws
    /// ``StoreError/historyTokenExpired(token:oldestAvailable:)`` for older ones. The last
    /// commit is always kept. Commits are also pruned by themselves, past
    /// ``StoreOptions/historyLimit``.
    ///
    /// - Throws: ``StoreError/historyTokenOfAnotherStore(token:store:)``, ``StoreError/closed``,
    ///   or a failure to write the file.
    public func pruneHistory(before token: HistoryToken) throws(StoreError) {
        try checkOpen()
        guard token.storeID == storeID else {
            throw .historyTokenOfAnotherStore(token: token.description, store: storeID.uuidString)
        }
        guard let file else {
            let through = min(token.number - 1, lastToken - 1)
            guard through > prunedThrough else { return }
            memoryHistory.removeAll { $0.token <= through }
            prunedThrough = through
            return
        }
        try file.withConnection { connection throws(StoreError) in
            try connection.beginWriting()
            do throws(StoreError) {
                try catchUp(connection)
                let through = min(token.number - 1, lastToken - 1)
                var folded = checkpoint
                if through > prunedThrough {
                    // The history is never pruned past the objects table's checkpoint.
                    folded = try connection.foldPendingCommits().checkpoint
                    try connection.deleteHistory(through: through)
                    try connection.setState(checkpoint: folded, prunedThrough: through)
                }
                try connection.commit()
                // Only once committed: a checkpoint ahead of the file's would skip commits
                // at the next fold.
                checkpoint = folded
                prunedThrough = max(prunedThrough, through)
            } catch {
                connection.rollBack()
                throw error
            }
        }
    }

    /// The number a token names, after checking it is this store's.
    private func checked(_ token: HistoryToken?) throws(StoreError) -> Int? {
        guard let token else { return nil }
        guard token.storeID == storeID, file != nil || token.number <= lastToken else {
            throw .historyTokenOfAnotherStore(token: token.description, store: storeID.uuidString)
        }
        if file == nil, token.number < prunedThrough {
            throw .historyTokenExpired(token: token.number, oldestAvailable: prunedThrough)
        }
        return token.number
    }

    /// Sends a commit to the history's streams; `makeCommit` runs only when there is one.
    func publishHistory(_ makeCommit: () -> StoreCommit) {
        guard !historyObservers.isEmpty else { return }
        let commit = makeCommit()
        for continuation in historyObservers.values { continuation.yield(commit) }
    }

    /// Ends every stream of the history.
    func finishHistoryObservers() {
        let observers = historyObservers
        historyObservers = [:]
        for continuation in observers.values { continuation.finish() }
    }

    private func removeHistoryObserver(_ number: Int) {
        historyObservers[number] = nil
    }
}
