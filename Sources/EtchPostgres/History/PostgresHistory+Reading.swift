import EtchStore
import Foundation

extension PostgresHistory {
    /// The token up to which the history is settled: every commit that took a token up to
    /// it has committed or rolled back, and no token up to it can become visible later.
    /// ``history(since:on:)`` with it answers what commits after now. It is the last token
    /// handed out (0 before the first), read under the token lock (``tokenLock``) taken
    /// exclusively: the call waits for the transactions recording their changes, each of
    /// which holds the lock shared to its `COMMIT`'s end; writers that reach their history
    /// statement meanwhile wait for the call, then go on (see ``record(_:on:)``).
    ///
    /// - Parameter connection: A connection outside any transaction: a transaction's snapshot
    ///   may not see the commits the call waited for, and it would hold the lock to its end.
    /// - Throws: ``PostgresError/historyReadInTransaction`` on a connection inside a
    ///   transaction; ``PostgresError`` when the statement fails.
    public func currentToken(on connection: PostgresConnection) throws(PostgresError) -> HistoryToken {
        HistoryToken(storeID: storeID, number: try settledToken(on: connection))
    }

    /// ``currentToken(on:)``'s number. The statement runs on its own (no transaction), so
    /// its lock ends with it.
    func settledToken(on connection: PostgresConnection) throws(PostgresError) -> Int {
        guard !connection.isInTransaction else { throw .historyReadInTransaction }
        guard let text = try connection.execute(Self.settledStatement).singleValue, let number = Int(text) else {
            throw .unexpectedResult(statement: Self.settledStatement, reason: "the token sequence answered nothing")
        }
        return number
    }

    /// The statement of ``settledToken(on:)``: the token lock, exclusive, then the sequence's
    /// last value, read outside any snapshot, as sequences are. The value may be read
    /// before the lock is granted (the plan decides): that is safe, since every token up to
    /// it was taken by a transaction that already held the lock shared, which the lock
    /// waits for.
    static let settledStatement = """
        WITH locked AS MATERIALIZED (SELECT pg_advisory_xact_lock(\(tokenLock)))
        SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text FROM \(tokenSequence), locked
        """

    /// The tokens after `number` whose commits the connection's snapshot sees: in a
    /// `REPEATABLE READ` transaction begun after ``settledToken(on:)`` answered `number`, the
    /// commits after it that the transaction's reads already reflect.
    package func visibleTokens(after number: Int, on connection: PostgresConnection) throws(PostgresError) -> Set<Int> {
        let rows = try connection.execute(
            "SELECT DISTINCT token::text FROM \(Self.table) WHERE token > $1::bigint", [String(number)])
        return Set(rows.values.compactMap { $0.first.flatMap { $0.flatMap { Int($0) } } })
    }

    /// The commits after `token`, oldest first, each with its token, its time, and per model
    /// the objects it inserted, updated and deleted; read in one statement, so a commit is
    /// there whole or not at all, and up to ``currentToken(on:)``, so no commit that becomes
    /// visible later can have a smaller token (see ``record(_:on:)``).
    ///
    /// ```swift
    /// let commits = try history.history(since: lastSeen, on: connection)
    /// for commit in commits {
    ///     let albums = try commit.changes(of: Album.self)
    ///     print(commit.token.number, albums.inserted.count, albums.deleted.count)
    /// }
    /// lastSeen = commits.last?.token ?? lastSeen
    /// ```
    ///
    /// - Parameters:
    ///   - token: A token of this history; `nil` for the whole history kept.
    ///   - connection: A connection outside any transaction (see ``currentToken(on:)``).
    /// - Returns: The commits, oldest first.
    /// - Throws: `StoreError.historyTokenExpired` when commits after `token` were pruned
    ///   (never a partial answer); `StoreError.historyTokenOfAnotherStore` for a token of
    ///   another history, or newer than any this history gave;
    ///   ``PostgresError/historyReadInTransaction`` on a connection inside a transaction;
    ///   ``PostgresError`` when a statement fails or a row does not read.
    /// - Complexity: O(*k*) for the *k* objects the commits changed, all read at once.
    public func history(since token: HistoryToken?, on connection: PostgresConnection) throws -> [StoreCommit] {
        if let token, token.storeID != storeID {
            throw StoreError.historyTokenOfAnotherStore(token: token.description, store: storeID.uuidString)
        }
        return try commits(after: token?.number, on: connection).commits
    }

    /// The commits after a token's number (after the pruned ones for `nil`), and the number
    /// the next read starts after: the last commit's, or the one asked for.
    func commits(after number: Int?, on connection: PostgresConnection) throws -> (commits: [StoreCommit], through: Int)
    {
        // The settled token first, then the rows up to it, in a statement of its own whose
        // snapshot, taken after, sees every commit up to it.
        let settled = try settledToken(on: connection)
        let rows = try connection.execute(Self.historyStatement, [number.map(String.init), String(settled)])
        guard let first = rows.values.first, let pruned = first[0].flatMap({ Int($0) }),
            let issued = first[1].flatMap({ Int($0) })
        else {
            throw PostgresError.unexpectedResult(
                statement: Self.historyStatement, reason: "the history has no state row")
        }
        let after = number ?? pruned
        // A prune between the two reads may have passed the settled token: the commits up
        // to it are pruned then, and the whole history kept starts after it.
        guard number == nil || after <= issued else {
            throw StoreError.historyTokenOfAnotherStore(
                token: HistoryToken(storeID: storeID, number: after).description, store: storeID.uuidString)
        }
        guard after >= pruned else { throw StoreError.historyTokenExpired(token: after, oldestAvailable: pruned) }
        var commits: [StoreCommit] = []
        var current:
            (token: Int, time: Double, entries: [(model: String, kind: HistoryEntry.Kind, id: String, json: String)])?
        func finish() {
            guard let commit = current else { return }
            commits.append(makeCommit(token: commit.token, time: commit.time, entries: commit.entries))
        }
        for row in rows.values where row[2] != nil {
            guard let token = row[2].flatMap({ Int($0) }), let model = row[3], let id = row[4],
                let kind = row[5].flatMap(PostgresHistoryChange.Kind.init(rawValue:)),
                let time = row[7].flatMap({ Double($0) })
            else {
                throw PostgresError.unexpectedResult(
                    statement: Self.historyStatement, reason: "a history row that does not read")
            }
            if current?.token != token {
                finish()
                current = (token, time, [])
            }
            current?.entries.append((model, HistoryEntry.Kind(kind), id, row[6] ?? "{\"id\":\(id)}"))
        }
        finish()
        return (commits, commits.last?.token.number ?? after)
    }

    /// A commit of its rows, grouped by model in the order each model first comes.
    private func makeCommit(
        token: Int, time: Double, entries: [(model: String, kind: HistoryEntry.Kind, id: String, json: String)]
    ) -> StoreCommit {
        var order: [String] = []
        var byModel: [String: [(kind: HistoryEntry.Kind, id: String, json: [UInt8])]] = [:]
        for entry in entries {
            if byModel[entry.model] == nil { order.append(entry.model) }
            byModel[entry.model, default: []].append((entry.kind, entry.id, Array(entry.json.utf8)))
        }
        return StoreCommit(
            token: HistoryToken(storeID: storeID, number: token), date: Date(timeIntervalSince1970: time),
            changes: order.map { ModelHistory(model: $0, stored: byModel[$0] ?? []) })
    }

    /// The history after `$1` (after the pruned commits when `NULL`) through `$2`, the settled
    /// token, with the state: the last token pruned and the settled token, on every row, and
    /// one row of them alone when no commit follows.
    static let historyStatement = """
        SELECT s.pruned_through::text, $2::bigint::text,
            h.token::text, h.model, h.id::text, h.kind, h.object::text,
            extract(epoch FROM h.committed_at)::float8::text
        FROM \(stateTable) s
        LEFT JOIN \(table) h ON h.token > coalesce($1::bigint, s.pruned_through) AND h.token <= $2::bigint
        ORDER BY h.token, h.position
        """

    /// Deletes the commits before `token` from the history: ``history(since:on:)`` still
    /// answers for the token of the commit just before `token` and for later ones, and
    /// throws `StoreError.historyTokenExpired` for older ones. The last commit is always
    /// kept. A transaction that took a token before `token` and commits after the prune
    /// leaves its rows behind, below the pruned point: pruned, as asked, and deleted by the
    /// next prune. The state keeps the last token
    /// pruned, not `token` less one: tokens of rolled-back transactions leave gaps, and the
    /// commit before `token` may have a smaller one.
    ///
    /// - Parameters:
    ///   - token: The first commit to keep.
    ///   - connection: A connection.
    /// - Throws: `StoreError.historyTokenOfAnotherStore` for a token of another history;
    ///   ``PostgresError`` when the statement fails.
    public func prune(before token: HistoryToken, on connection: PostgresConnection) throws {
        guard token.storeID == storeID else {
            throw StoreError.historyTokenOfAnotherStore(token: token.description, store: storeID.uuidString)
        }
        try connection.execute(
            """
            WITH deleted AS (
                DELETE FROM \(Self.table)
                WHERE token < least($1::bigint, (SELECT coalesce(max(token), 0) FROM \(Self.table)))
                RETURNING token
            )
            UPDATE \(Self.stateTable)
            SET pruned_through = greatest(pruned_through, (SELECT coalesce(max(token), 0) FROM deleted))
            """, [String(token.number)])
    }
}

extension HistoryEntry.Kind {
    /// The kind of a recorded change.
    init(_ kind: PostgresHistoryChange.Kind) {
        switch kind {
        case .insert: self = .insert
        case .update: self = .update
        case .delete: self = .delete
        }
    }
}
