import EtchStore

extension PostgresHistory {
    /// A live feed of the history: the commits after `token` first, then each commit once,
    /// in token order, as it becomes visible, whichever process or machine made it.
    ///
    /// The listener's notifications only wake the feed: on each of this history's that names
    /// a commit after the last sent, and on each
    /// ``PostgresListener/Event/resync`` (its first `LISTEN`, and each reconnection after a
    /// lost connection), it reads ``history(since:on:)`` after the last token it sent. So a
    /// notification lost with a connection costs a delay, never a commit, and a commit is
    /// sent once even when several notifications name it.
    ///
    /// ```swift
    /// let listener = PostgresListener(connectionString: url)
    /// for await commit in try await history.updates(since: lastSynced, pool: pool, listener: listener) {
    ///     try await sync.send(commit)
    ///     lastSynced = commit.token
    /// }
    /// ```
    ///
    /// The stream buffers without limit, so consume it promptly. It ends when the listener
    /// stops, when its consumer stops iterating, and when the commits it would send next
    /// were pruned before it read them (``history(since:on:)`` with the last token it sent
    /// then says so). A read that fails (a lost connection of the pool) is tried again after
    /// a growing delay.
    ///
    /// - Parameters:
    ///   - token: A token of this history; `nil` for the whole history kept.
    ///   - pool: The pool the history is read through.
    ///   - listener: A listener on ``channel``, which many feeds may share.
    /// - Returns: The feed.
    /// - Throws: as ``history(since:on:)``, for the first read.
    public func updates(since token: HistoryToken?, pool: PostgresConnectionPool, listener: PostgresListener)
        async throws -> AsyncStream<StoreCommit>
    {
        try await updates(since: token, skipping: [], pool: pool, listener: listener)
    }

    /// ``updates(since:pool:listener:)`` without the commits of `skipped` tokens: those after
    /// `token` that a snapshot taken after it already saw (see ``visibleTokens(after:on:)``).
    /// The feed has a reader of its own (a store's feeds share one: see
    /// ``PostgresHistoryFeed``).
    package func updates(
        since token: HistoryToken?, skipping skipped: Set<Int>, pool: PostgresConnectionPool,
        listener: PostgresListener
    ) async throws -> AsyncStream<StoreCommit> {
        try await PostgresHistoryFeed(history: self, pool: pool, listener: listener)
            .updates(since: token, skipping: skipped)
    }
}
