import EtchStore

extension PostgresHistory {
    /// Writes one commit's changes to the history, in the caller's transaction, and has
    /// PostgreSQL notify ``channel`` with the commit's token when that transaction commits
    /// (never when it rolls back), as its description: `42@6F1C…`, the number then the
    /// ``storeID``, so that the histories of other schemas of the database, which share the
    /// channel, are told apart. One round trip: the changes go as one JSON array parameter.
    ///
    /// Call it last in the transaction, just before `COMMIT`: it takes a transaction-scoped
    /// advisory lock that the transaction holds until it ends, so that the commits which
    /// write history take their tokens in the order they commit. A sequence alone would
    /// not do: its values are handed out when asked, so a slow transaction could commit
    /// token 5 after token 6 was visible, and a reader that had read through 6 would never
    /// see 5. Under the lock, a commit that records waits until the previous one has
    /// committed or rolled back: history writers commit one at a time, from this call to
    /// their `COMMIT`.
    ///
    /// ```swift
    /// let token = try await pool.transaction { connection in
    ///     try table.put(album, on: connection)
    ///     return try history.record([PostgresHistoryChange(.insert, album)], on: connection)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - changes: What the commit did, in the order it did it.
    ///   - connection: The connection, inside the transaction that makes the changes.
    /// - Returns: The commit's token; `nil` when `changes` is empty (a commit that changed
    ///   nothing takes no token, and nothing is sent).
    /// - Throws: ``PostgresError`` when the statement fails (the transaction is then failed
    ///   and must roll back).
    @discardableResult
    public func record(_ changes: [PostgresHistoryChange], on connection: PostgresConnection)
        throws(PostgresError) -> HistoryToken?
    {
        guard !changes.isEmpty else { return nil }
        return try token(of: connection.execute(Self.recordStatement, parameters(of: changes)))
    }

    /// Writes one commit's changes as ``record(_:on:)`` does, then commits the transaction,
    /// the two statements sent at once (``PostgresConnection/executeAndCommit(_:_:)``), so
    /// that the lock ``record(_:on:)`` takes is held one round trip less. With no changes it
    /// sends nothing and leaves the transaction open, for the caller to commit.
    ///
    /// - Returns: The commit's token; `nil` when `changes` is empty.
    /// - Throws: What ``record(_:on:)`` throws (nothing committed), and `COMMIT`'s error.
    @discardableResult
    package func recordAndCommit(_ changes: [PostgresHistoryChange], on connection: PostgresConnection)
        throws(PostgresError) -> HistoryToken?
    {
        guard !changes.isEmpty else { return nil }
        return try token(of: connection.executeAndCommit(Self.recordStatement, parameters(of: changes)))
    }

    /// The parameters of ``recordStatement``: the changes as a JSON array, the store's id.
    private func parameters(of changes: [PostgresHistoryChange]) -> [String?] {
        ["[" + changes.map(\.json).joined(separator: ",") + "]", storeID.uuidString]
    }

    /// The token ``recordStatement`` answered.
    private func token(of rows: PostgresRows) throws(PostgresError) -> HistoryToken {
        guard let text = rows.singleValue, let number = Int(text) else {
            throw .unexpectedResult(statement: Self.recordStatement, reason: "no token")
        }
        return HistoryToken(storeID: storeID, number: number)
    }

    /// The statement of ``record(_:on:)``: the advisory lock (the table's oid keeps histories
    /// of other schemas apart), the token, the rows, the notification. `$1` is the changes as
    /// a JSON array of `{"model", "id", "kind", "object"}` objects, `$2` the ``storeID``.
    ///
    /// The lock and the token are materialized CTEs, which run once and in that order, since
    /// the token's reads the lock's; the insert runs whether or not it is read.
    public static let recordStatement = """
        WITH locked AS MATERIALIZED (
            SELECT pg_advisory_xact_lock(hashtext('etch: history tokens'), '\(table)'::regclass::oid::integer)
        ),
        new_commit AS MATERIALIZED (
            SELECT nextval('\(tokenSequence)') AS token, clock_timestamp() AS committed_at FROM locked
        ),
        inserted AS (
            INSERT INTO \(table) (token, position, model, id, kind, object, committed_at)
            SELECT new_commit.token, change.position, change.value ->> 'model', change.value -> 'id',
                change.value ->> 'kind', NULLIF(change.value -> 'object', 'null'::jsonb), new_commit.committed_at
            FROM new_commit, jsonb_array_elements($1::jsonb) WITH ORDINALITY AS change(value, position)
            RETURNING 1
        )
        SELECT new_commit.token, pg_notify('\(channel)', new_commit.token::text || '@' || $2::text),
            (SELECT count(*) FROM inserted)
        FROM new_commit
        """
}
