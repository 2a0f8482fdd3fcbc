import Etch
import EtchStore

extension PostgresStore {
    /// The token up to which the history is settled: ``history(since:)`` with it answers what
    /// commits after now. It is the last token handed out, which a transaction that then
    /// rolled back may have taken; the call waits for the commits in flight (see
    /// ``PostgresHistory/currentToken(on:)``).
    ///
    /// Tokens only grow, and are shared by every store on the same schema, in every process.
    ///
    /// - Throws: ``PostgresError/historyOff`` for a store opened without history;
    ///   ``PostgresError`` when the server fails.
    public var historyToken: HistoryToken {
        get async throws {
            let history = try recordedHistory()
            return try await read { connection in try history.currentToken(on: connection) }
        }
    }

    /// The commits after `token`, oldest first: per commit its token, its time, and per model
    /// type the objects it inserted, updated and deleted — every store's commits on this
    /// schema, whichever process made them.
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
    /// - Throws: `StoreError.historyTokenExpired` when commits after `token` were pruned;
    ///   `StoreError.historyTokenOfAnotherStore`; ``PostgresError/historyOff``;
    ///   ``PostgresError`` when the server fails.
    /// - Complexity: O(*k*) for the *k* objects the commits changed.
    public func history(since token: HistoryToken?) async throws -> [StoreCommit] {
        let history = try recordedHistory()
        return try await read { connection in try history.history(since: token, on: connection) }
    }

    /// A live feed of the history: the commits after `token` first, then every commit as it
    /// becomes visible, this store's and other stores' on the schema (see
    /// ``PostgresHistory/updates(since:pool:listener:)``, which it is).
    ///
    /// ```swift
    /// for await commit in try await store.historyUpdates(since: lastSynced) {
    ///     try await sync.send(commit)
    ///     lastSynced = commit.token
    /// }
    /// ```
    ///
    /// The stream buffers without limit, so consume it promptly. It ends when the store
    /// closes, when its consumer stops, and when the commits it would send next were pruned
    /// before it read them.
    ///
    /// - Throws: as ``history(since:)``.
    public func historyUpdates(since token: HistoryToken? = nil) async throws -> AsyncStream<StoreCommit> {
        try await historyFeed().updates(since: token, skipping: [])
    }

    /// Deletes the commits before `token` from the history: ``history(since:)`` still answers
    /// for the token of the commit just before `token` and for later ones, and throws
    /// `StoreError.historyTokenExpired` for older ones. The last commit is always kept.
    ///
    /// - Throws: `StoreError.historyTokenOfAnotherStore`; ``PostgresError/historyOff``;
    ///   ``PostgresError`` when the server fails.
    public func pruneHistory(before token: HistoryToken) async throws {
        let history = try recordedHistory()
        try await read { connection in try history.prune(before: token, on: connection) }
    }

    /// A stream of every committed change to the objects of a type from now on, whichever
    /// store or process committed it: one ``EtchStore/StoreChange`` per commit that changed
    /// any, in commit order; its `commit` is the history token's number.
    ///
    /// ```swift
    /// for await change in try await store.changes(of: Album.self) {
    ///     print(change.inserted.count, change.updated.count, change.deleted.count)
    /// }
    /// ```
    ///
    /// The stream buffers without limit, so consume it promptly; it ends when the store
    /// closes or its consumer stops. A commit whose objects do not read as `Model` (another
    /// schema version's) ends it.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError/historyOff``;
    ///   ``PostgresError`` when the server fails.
    public func changes<Model: IdentifiedModel>(of type: Model.Type) async throws -> AsyncStream<StoreChange<Model>> {
        _ = try table(of: type)
        let commits = try await historyFeed().updates(since: try await historyToken, isSettled: true, skipping: [])
        return Self.relay(commits) { commit, continuation in
            let change = try commit.changes(of: Model.self)
            if !change.isEmpty { continuation.yield(change) }
        }
    }

    /// The history, or ``PostgresError/historyOff``.
    func recordedHistory() throws(PostgresError) -> PostgresHistory {
        guard let history else { throw .historyOff }
        return history
    }

    /// The reader of the history that the live feeds share, and its listener, started on
    /// first use: one read per new commit serves every feed (see ``PostgresHistoryFeed``).
    ///
    /// - Throws: ``PostgresError/historyOff``; ``PostgresError/poolClosed`` once the store closed.
    package func historyFeed() throws(PostgresError) -> PostgresHistoryFeed {
        let history = try recordedHistory()
        return try live.withLock { live throws(PostgresError) in
            guard !live.isClosed else { throw .poolClosed }
            if let feed = live.feed { return feed }
            let listener = live.listener ?? PostgresListener(connectionString: connectionString)
            let feed = PostgresHistoryFeed(history: history, pool: pool, listener: listener)
            (live.listener, live.feed) = (listener, feed)
            return feed
        }
    }

    /// A stream that starts with `initial`, then is fed by a task that passes each commit of
    /// `commits` to `receive`: it ends when `commits` ends or `receive` throws, and its
    /// consumer's stopping cancels the task (which ends `commits`' subscription).
    static func relay<Element: Sendable>(
        _ commits: AsyncStream<StoreCommit>, initial: [Element] = [],
        receive: @escaping @Sendable (StoreCommit, AsyncStream<Element>.Continuation) throws -> Void
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        for element in initial { continuation.yield(element) }
        let task = Task {
            for await commit in commits {
                do { try receive(commit, continuation) } catch { break }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
