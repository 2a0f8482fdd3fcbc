extension PostgresConnectionPool {
    /// How long ``query(_:_:reading:)`` waits for an answer on the caller's thread before
    /// it waits on the connection's own (``query(_:_:into:)``, for the server's rows, in all):
    /// about ten round trips to a server on the same machine, a few to one nearby.
    package static let callerWait = Duration.microseconds(300)

    /// Runs one statement with parameters, outside any transaction, on a connection of the
    /// pool, and reads its result: from the caller's thread when the answer comes within
    /// ``callerWait``, else on the connection's thread.
    ///
    /// ``withConnection(_:)`` moves its work to the connection's thread and back: two
    /// hand-offs between threads, which cost a quick read (a lookup by key, some 50 µs on
    /// one machine) a good part of its time. A statement whose answer comes quickly needs
    /// neither: it is sent and its answer read where the caller runs. One that takes longer
    /// (a lock it waits for, a slow network, many rows) holds the caller's thread no longer
    /// than ``callerWait``, then is awaited on the connection's thread, so that statements
    /// that wait never hold the threads Swift's tasks share. A statement the connection has
    /// not prepared yet runs on the connection's thread, prepared there.
    ///
    /// The statement must be a read: one that finds its connection lost is run again on
    /// another, so it may reach the server twice (see `againOnLostConnection`).
    ///
    /// ```swift
    /// let titles = try await pool.query("SELECT title FROM albums WHERE artist = $1", ["a1"]) { result in
    ///     (0..<result.rowCount).compactMap { result.text(row: $0, column: 0) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - sql: One SQL statement, with `$1`, `$2`, … where the parameters go.
    ///   - parameters: Its parameters in PostgreSQL's text format; `nil` for SQL `NULL`.
    ///   - read: Reads the successful result, which it must not keep.
    /// - Returns: What `read` returns.
    /// - Throws: What ``PostgresConnection/execute(_:_:)`` and ``withConnection(_:)`` throw,
    ///   and what `read` throws.
    package nonisolated func query<Result: Sendable>(
        _ sql: String, _ parameters: [String?], reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) async throws -> Result {
        try await againOnLostConnection { member in try await Self.query(sql, parameters, on: member, reading: read) }
    }

    /// Runs one statement with parameters, outside any transaction, on a connection of the
    /// pool, as ``query(_:_:reading:)`` does, its rows read by `reader` as they come: each
    /// row read while the server still works on the later ones, so that the two overlap.
    ///
    /// The statement is sent in single-row mode from the caller's thread, whose rows it
    /// reads there for as long as it waits for the server ``callerWait`` in all (the time
    /// spent reading rows does not count); the rest are read on the connection's thread. A
    /// statement that fails after some rows throws its error, and the reader and its rows are
    /// dropped; the connection stays usable.
    ///
    /// ```swift
    /// let lengths = try await pool.query(#"SELECT object FROM "Album""#, [], into: Lengths())
    /// ```
    ///
    /// - Parameters:
    ///   - sql: One SQL statement, with `$1`, `$2`, … where the parameters go.
    ///   - parameters: Its parameters in PostgreSQL's text format; `nil` for SQL `NULL`.
    ///   - reader: Reads the rows; a statement run again (on a lost connection) starts from
    ///     this reader anew.
    /// - Returns: The reader's answer.
    /// - Throws: What ``query(_:_:reading:)`` throws, and what the reader throws.
    package nonisolated func query<Reader: PostgresRowReader>(
        _ sql: String, _ parameters: [String?], into reader: Reader
    ) async throws -> Reader.Answer {
        try await againOnLostConnection { member in try await Self.query(sql, parameters, on: member, into: reader) }
    }

    /// Runs a read on a member of the pool, not probed when it is handed out (two reads of
    /// its socket on every call); a read that finds its connection lost (a restart, a
    /// terminated backend) is run again, which changes nothing, on another connection:
    /// once per connection the pool may hold, and once more on a new one.
    private nonisolated func againOnLostConnection<Result: Sendable>(
        _ read: (Member) async throws -> Result
    ) async throws -> Result {
        var lostConnections = 0
        while true {
            do {
                return try await withMember(probing: false, read)
            } catch PostgresError.connectionLost(let sqlState, let reason, let duringCommit) {
                lostConnections += 1
                guard lostConnections <= size else {
                    throw PostgresError.connectionLost(sqlState: sqlState, reason: reason, duringCommit: duringCommit)
                }
            }
        }
    }

    /// Runs a statement on a member, from the caller's thread when its answer comes quickly.
    private static func query<Result: Sendable>(
        _ sql: String, _ parameters: [String?], on member: Member,
        reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) async throws -> Result {
        let connection = member.connection
        switch try connection.send(sql, parameters, waitingUpTo: Self.callerWait, reading: read) {
        case .answered(let result):
            return result
        case .sent:
            return try await withTaskExecutorPreference(member.thread) {
                try connection.awaitAnswer(sql, parameters, reading: read)
            }
        case .notSent:
            return try await withTaskExecutorPreference(member.thread) {
                try connection.execute(sql, parameters, reading: read)
            }
        }
    }

    /// Runs a statement on a member, its rows read as they come, from the caller's thread
    /// while its waits for the server stay short.
    private static func query<Reader: PostgresRowReader>(
        _ sql: String, _ parameters: [String?], on member: Member, into reader: Reader
    ) async throws -> Reader.Answer {
        let connection = member.connection
        switch try connection.send(sql, parameters, waitingUpTo: Self.callerWait, into: reader) {
        case .answered(let answer):
            return answer
        case .sent(let stream):
            return try await withTaskExecutorPreference(member.thread) {
                try connection.awaitRows(sql, parameters, of: stream)
            }
        case .notSent:
            return try await withTaskExecutorPreference(member.thread) {
                try connection.execute(sql, parameters, into: reader)
            }
        }
    }
}
