extension PostgresConnectionPool {
    /// Runs `body` in a transaction on one connection of the pool, and runs it again from the
    /// start, on a new transaction, when it fails to serialize (SQLSTATE 40001) or deadlocks
    /// (40P01), up to `maxAttempts` times.
    ///
    /// `body` must do nothing outside the database that it cannot repeat: it may run more
    /// than once. When it throws, the transaction is rolled back and the error rethrown.
    ///
    /// ```swift
    /// try await pool.transaction { connection in
    ///     try connection.execute("UPDATE counters SET n = n + 1 WHERE name = $1", ["visits"])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The transaction's isolation level; serializable by default.
    ///   - maxAttempts: How many times to run it at most, at least 1.
    ///   - body: The transaction's statements, on the connection it is given.
    /// - Returns: What `body` returns in the attempt that committed.
    /// - Throws: ``PostgresError/serializationFailure(attempts:sqlState:message:)`` after
    ///   `maxAttempts` conflicts; ``PostgresError/connectionLost(sqlState:reason:duringCommit:)``
    ///   when the connection ended during the transaction (not retried: see its
    ///   `duringCommit`; a connection found ended at `BEGIN` is replaced and the transaction
    ///   run on another); whatever `body` throws.
    public nonisolated func transaction<Result: Sendable>(
        isolation: PostgresIsolation = .serializable, maxAttempts: Int = 5,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let attempts = max(maxAttempts, 1)
        var attempt = 1
        // Idle connections the server ended (a restart, a terminated backend) fail at BEGIN,
        // before anything of the transaction ran: safe to run on another connection,
        // once per connection the pool may hold and once more on a new one.
        var staleConnections = 0
        while true {
            do {
                return try await withConnection { connection in
                    try await Self.runTransaction(on: connection, isolation: isolation, body)
                }
            } catch let stale as StaleConnection {
                staleConnections += 1
                guard staleConnections <= size else { throw stale.error }
            } catch let error as PostgresError where error.isRetryableConflict {
                guard attempt < attempts else {
                    guard case .serverError(let sqlState, let message, _, _, _) = error else { throw error }
                    throw PostgresError.serializationFailure(attempts: attempt, sqlState: sqlState, message: message)
                }
                attempt += 1
            }
        }
    }

    /// One attempt: BEGIN, the body, COMMIT, or ROLLBACK when anything throws.
    private static func runTransaction<Result: Sendable>(
        on connection: PostgresConnection, isolation: PostgresIsolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        // BEGIN goes with the body's first statement, in one round trip.
        connection.beginWithFirstStatement("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        do {
            let result = try await body(connection)
            // A body that sent nothing has nothing to commit; one that committed already (the
            // store's writes send their last statement with COMMIT), neither.
            if connection.discardUnsentBegin() || connection.isIdle { return result }
            // PostgreSQL answers COMMIT of a transaction in which a statement failed with a
            // rollback, not an error: a body that caught that statement's error must not
            // pass for committed.
            if connection.isInFailedTransaction {
                throw PostgresError.unexpectedResult(
                    statement: "COMMIT", reason: "a statement of the transaction failed, so it was rolled back")
            }
            try connection.execute("COMMIT")
            return result
        } catch {
            if let lost = connection.takeBeginFailure() { throw StaleConnection(error: lost) }
            if !connection.discardUnsentBegin() && !connection.isBroken && !connection.isIdle {
                _ = try? connection.execute("ROLLBACK")
            }
            throw error
        }
    }
}

/// A connection that was found ended at BEGIN, before the transaction ran anything.
private struct StaleConnection: Error {
    /// The connection's error, reported when no connection of the pool works.
    let error: PostgresError
}
