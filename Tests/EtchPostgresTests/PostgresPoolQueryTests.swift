import EtchPostgres
import Testing

/// `PostgresConnectionPool.query`: a read answered on the caller's thread when it comes
/// quickly, on the connection's thread when it does not.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresPoolQueryTests {}

extension PostgresPoolQueryTests {
    /// The first column of a result, as text.
    static func texts(_ result: PostgresResult) -> [String?] {
        (0..<result.rowCount).map { result.text(row: $0, column: 0) }
    }

    /// A pool of one connection, so that every call meets the same session.
    static func pool(_ connectionString: String? = PostgresTestServer.connectionString) throws -> PostgresConnectionPool
    {
        try PostgresConnectionPool(connectionString: try #require(connectionString), size: 1)
    }

    @Test func quickAndSlowAnswersReadAlike() async throws {
        let pool = try Self.pool()
        // The first call prepares the statement on the connection's thread; later ones are
        // sent from the caller's.
        for _ in 0..<3 {
            #expect(try await pool.query("SELECT $1::text || '!'", ["it's"], reading: Self.texts) == ["it's!"])
        }
        // Longer than the wait on the caller's thread: answered on the connection's.
        for _ in 0..<2 {
            let late = try await pool.query("SELECT $1::text FROM pg_sleep(0.05)", ["late"], reading: Self.texts)
            #expect(late == ["late"])
        }
        #expect(try await pool.withConnection { $0.isIdle })
        await pool.close()
    }

    @Test func aStatementTheSessionForgotIsPreparedAgain() async throws {
        let pool = try Self.pool()
        let sql = "SELECT $1::int + 1"
        #expect(try await pool.query(sql, ["1"], reading: Self.texts) == ["2"])
        _ = try await pool.withConnection { connection in try connection.execute("DEALLOCATE ALL") }
        #expect(try await pool.query(sql, ["2"], reading: Self.texts) == ["3"])
        await pool.close()
    }

    @Test func anErrorIsThrownAndTheConnectionStaysUsable() async throws {
        let pool = try Self.pool()
        let sql = "SELECT 10 / $1::int"
        #expect(try await pool.query(sql, ["5"], reading: Self.texts) == ["2"])
        await #expect {
            _ = try await pool.query(sql, ["0"], reading: Self.texts)
        } throws: { error in
            guard case PostgresError.serverError(let sqlState, _, _, _, _) = error else { return false }
            return sqlState == "22012"
        }
        #expect(try await pool.query(sql, ["2"], reading: Self.texts) == ["5"])
        await pool.close()
    }

    @Test func aReadWaitingForALockIsAnsweredOnceItIsReleased() async throws {
        let schema = try TemporarySchema()
        let admin = try PostgresConnection(connectionString: schema.connectionString)
        try admin.execute("CREATE TABLE numbers (n integer)")
        try admin.execute("INSERT INTO numbers VALUES (1)")
        let pool = try Self.pool(schema.connectionString)
        let sql = "SELECT n::text FROM numbers WHERE n >= $1::integer ORDER BY n"
        #expect(try await pool.query(sql, ["0"], reading: Self.texts) == ["1"])
        try admin.execute("BEGIN")
        try admin.execute("LOCK TABLE numbers IN ACCESS EXCLUSIVE MODE")
        try admin.execute("INSERT INTO numbers VALUES (2)")
        let waiting = Task { try await pool.query(sql, ["0"], reading: Self.texts) }
        try await Task.sleep(for: .milliseconds(100))
        try admin.execute("COMMIT")
        #expect(try await waiting.value == ["1", "2"])
        await pool.close()
    }
}

extension PostgresPoolQueryTests {
    @Test func aReadOnAnIdleConnectionTheServerEndedRunsOnANewOne() async throws {
        let pool = try Self.pool()
        let killer = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        let sql = "SELECT $1::text || pg_backend_pid()::text"
        for _ in 0..<2 {
            let oldPID = try await pool.withConnection { String($0.backendProcessID) }
            // Prepared, so that the next calls are sent from the caller's thread.
            #expect(try await pool.query(sql, ["pid "], reading: Self.texts) == ["pid \(oldPID)"])
            try #require(try killer.execute("SELECT pg_terminate_backend($1::int, 10000)", [oldPID]).singleValue == "t")
            // Not probed when handed out: the read finds the connection lost, and runs again.
            let answer = try await pool.query(sql, ["pid "], reading: Self.texts)
            #expect(answer.count == 1 && answer != ["pid \(oldPID)"])
        }
        await pool.close()
    }
}
