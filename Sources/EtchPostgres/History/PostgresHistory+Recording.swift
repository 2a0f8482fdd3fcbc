import EtchStore

extension PostgresHistory {
    /// Writes one commit's changes to the history, in the caller's transaction, and has
    /// PostgreSQL notify ``channel`` with the commit's token when that transaction commits
    /// (never when it rolls back), as its description: `42@6F1C…`, the number then the
    /// ``storeID``, so that the histories of other schemas of the database, which share the
    /// channel, are told apart. One round trip: the changes go as one JSON array parameter.
    ///
    /// Call it last in the transaction, just before `COMMIT`. Tokens come from a sequence,
    /// which hands them out when asked, so a slow transaction may commit token 5 after
    /// token 6 is visible. Readers never miss it: before its token, the statement takes an
    /// advisory lock shared (``tokenLock``), which the transaction holds until it ends, and a
    /// reader (``currentToken(on:)``) takes it exclusively, which waits for those
    /// transactions, then reads no token past the last one handed out. Writers do not wait
    /// for each other; those that reach this statement while a reader waits wait for it.
    /// Two commits that change the same object take their tokens in the order they commit:
    /// the later one waited for the earlier's row lock before it reached this statement.
    ///
    /// The notification this statement sends makes concurrent commits that record take
    /// turns at their `COMMIT` (PostgreSQL queues notifications in commit order under one
    /// lock). The store's writes do not: they send it after `COMMIT`, on its own (see
    /// ``recordAndCommit(_:statement:on:)``).
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
    /// then notifies ``channel`` in a transaction of its own that does not wait for the
    /// disk: the three sent at once (``PostgresConnection/executeAndCommit(_:_:then:_:)``),
    /// one round trip. Sent after `COMMIT`, the notification does not make concurrent
    /// commits take turns, as one inside the transaction does; it still comes only after the
    /// commit is visible. When the writer's session ends between the two (the server
    /// failing, the client gone), no notification comes: the listeners' feeds read the
    /// commit at their next resync, a reconnection or a quiet spell (``PostgresListener``'s
    /// `quietResync`), or at the next commit's notification. With no changes it sends
    /// nothing and leaves the transaction open, for the caller to commit.
    ///
    /// The objects inserted and updated are not sent: `statement`, made by
    /// ``recordStatement(readingObjectsFrom:)``, reads each from its model's table, where the
    /// transaction's last write of it is. The server reads each object's row by its id
    /// rather than parse its JSON a second time, and a batch's objects cross the network
    /// once. A deletion's object, whose row is gone, is sent.
    ///
    /// - Parameters:
    ///   - changes: What the commit did, in the order it did it; every inserted or updated
    ///     object is in its model's table, as the transaction left it.
    ///   - statement: ``recordStatement(readingObjectsFrom:)`` of the changes' models' tables.
    ///   - connection: The connection, inside the transaction that made the changes.
    /// - Returns: The commit's token; `nil` when `changes` is empty.
    /// - Throws: What ``record(_:on:)`` throws (nothing committed), and `COMMIT`'s error.
    @discardableResult
    package func recordAndCommit(
        _ changes: [PostgresHistoryChange], statement: String, on connection: PostgresConnection
    ) throws(PostgresError) -> HistoryToken? {
        guard !changes.isEmpty else { return nil }
        let array = "[" + changes.map(\.jsonWithoutStoredObject).joined(separator: ",") + "]"
        return try token(
            of: connection.executeAndCommit(statement, [array], then: Self.notifyStatement, [storeID.uuidString]))
    }

    /// The notification of the commit just made on the connection, in a transaction of its
    /// own that does not wait for the disk (its commit writes nothing worth waiting for):
    /// `$1` is the ``storeID``, and the token the session's last, `currval`.
    static let notifyStatement = """
        SELECT set_config('synchronous_commit', 'off', true),
            pg_notify('\(channel)', currval('\(tokenSequence)')::text || '@' || $1::text)
        """

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

    /// The statement of ``record(_:on:)``: the advisory lock, shared (see ``tokenLock``), the
    /// token, the rows, the notification. `$1` is the changes as a JSON array of
    /// `{"model", "id", "kind", "object"}` objects, `$2` the ``storeID``.
    ///
    /// The lock and the token are materialized CTEs, which run once and in that order, since
    /// the token's reads the lock's; the insert runs to completion though nothing reads it,
    /// as every data-modifying `WITH` does.
    public static let recordStatement = recordStatement(
        object: "NULLIF(change.value -> 'object', 'null'::jsonb)", notifies: true)

    /// The key of the advisory lock that writers take shared, before their token, and
    /// readers take exclusively, to wait for the writers in flight: the table's oid keeps the
    /// histories of other schemas apart.
    static let tokenLock = "hashtext('etch: history tokens'), '\(table)'::regclass::oid::integer"

    /// ``recordStatement`` for changes whose inserted and updated objects are read from their
    /// models' tables: a change without an `object` member takes the object of its id from
    /// the table of its model (one of `tables`), through its `key` member, the id as the
    /// table's `id` column holds it (its `id` for an id held as `jsonb`); one with it (a
    /// deletion) takes that. It notifies no one, and has no `$2`: see
    /// ``recordAndCommit(_:statement:on:)``.
    ///
    /// - Parameter tables: The tables of the models whose changes the statement records.
    /// - Returns: The statement, with the rows of ``recordStatement``.
    package static func recordStatement(readingObjectsFrom tables: [PostgresModelTable]) -> String {
        let reads = tables.map { table in
            let key = table.id.kind.map { "(change.value ->> 'key')::\($0.name)" } ?? "change.value -> 'id'"
            return
                "WHEN \(PostgresSQL.literal(table.model)) THEN (SELECT stored.object FROM \(table.quotedTable) stored "
                + "WHERE stored.id = \(key))"
        }
        return recordStatement(
            object: """
                CASE WHEN change.value ? 'object' THEN NULLIF(change.value -> 'object', 'null'::jsonb)
                    ELSE CASE change.value ->> 'model' \(reads.joined(separator: " ")) END END
                """, notifies: false)
    }

    /// The statement of ``record(_:on:)`` with `object` the SQL of a history row's object,
    /// from a change (`change.value`), sending the notification or not.
    private static func recordStatement(object: String, notifies: Bool) -> String {
        let notification = notifies ? "pg_notify('\(channel)', new_commit.token::text || '@' || $2::text)" : "NULL"
        return """
            WITH locked AS MATERIALIZED (
                SELECT pg_advisory_xact_lock_shared(\(tokenLock))
            ),
            new_commit AS MATERIALIZED (
                SELECT nextval('\(tokenSequence)') AS token, clock_timestamp() AS committed_at FROM locked
            ),
            inserted AS (
                INSERT INTO \(table) (token, position, model, id, kind, object, committed_at)
                SELECT new_commit.token, change.position, change.value ->> 'model', change.value -> 'id',
                    change.value ->> 'kind', \(object), new_commit.committed_at
                FROM new_commit, jsonb_array_elements($1::jsonb) WITH ORDINALITY AS change(value, position)
            )
            SELECT new_commit.token, \(notification)
            FROM new_commit
            """
    }
}
