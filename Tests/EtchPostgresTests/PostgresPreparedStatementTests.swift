import EtchPostgres
import Testing

/// Statements with parameters are prepared once per connection and run by name: the answers
/// and errors are those of unprepared statements, and the cache survives what can happen to
/// a session.
@Suite struct PostgresPreparedStatementTests {}

extension PostgresPreparedStatementTests {
    /// A connection to the test server.
    private func connect(preparedStatements: Int = 256) throws -> PostgresConnection {
        try PostgresConnection(
            connectionString: try #require(PostgresTestServer.connectionString), preparedStatements: preparedStatements)
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func preparedAnswersAsUnprepared() throws {
        let connection = try connect()
        let unprepared = try connection.execute(
            "SELECT 41 + 1 AS answer, 'it''s' || '!' AS text, NULL::text AS nothing, g FROM generate_series(1, 3) g")
        #expect(connection.preparedStatementCount == 0)
        let sql =
            "SELECT $1::int + 1 AS answer, $2::text || '!' AS text, $3::text AS nothing, g FROM generate_series(1, $4::int) g"
        for _ in 0..<3 {
            #expect(try connection.execute(sql, ["41", "it's", nil, "3"]) == unprepared)
        }
        #expect(connection.preparedStatementCount == 1)
        let updated = try connection.execute("SELECT count(*) FROM generate_series(1, $1::int)", ["7"])
        #expect(updated.singleValue == "7")
        #expect(connection.preparedStatementCount == 2)
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func affectedRowsAreCountedWhenPrepared() throws {
        let connection = try connect()
        try connection.execute("CREATE TEMPORARY TABLE counted (n int)")
        let inserted = try connection.execute(
            "INSERT INTO counted SELECT g FROM generate_series(1, $1::int) g", ["5"])
        #expect(inserted.affectedRows == 5)
        #expect(try connection.execute("DELETE FROM counted WHERE n > $1::int", ["2"]).affectedRows == 3)
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func statementRunsAfterAReset() throws {
        let connection = try connect()
        let sql = "SELECT $1::text || ' again'"
        #expect(try connection.execute(sql, ["once"]).singleValue == "once again")
        try connection.reset()
        #expect(connection.preparedStatementCount == 0)
        #expect(try connection.execute(sql, ["twice"]).singleValue == "twice again")
        #expect(connection.preparedStatementCount == 1)
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func statementRunsAfterTheServerEndedTheSession() throws {
        let connection = try connect()
        let killer = try connect()
        let sql = "SELECT $1::int * 2"
        #expect(try connection.execute(sql, ["21"]).singleValue == "42")
        try killer.execute("SELECT pg_terminate_backend($1::int, 10000)", [String(connection.backendProcessID)])
        #expect(throws: PostgresError.self) { try connection.execute(sql, ["1"]) }
        #expect(connection.isBroken)
        #expect(connection.preparedStatementCount == 0)
        try connection.reset()
        #expect(try connection.execute(sql, ["4"]).singleValue == "8")
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func leastRecentlyUsedStatementsAreDeallocated() throws {
        let connection = try connect(preparedStatements: 4)
        for number in 0..<20 {
            #expect(try connection.execute("SELECT $1::int + \(number)", ["1"]).singleValue == String(number + 1))
            // The first statement, used each time, stays prepared.
            #expect(try connection.execute("SELECT $1::int", ["7"]).singleValue == "7")
        }
        #expect(connection.preparedStatementCount == 4)
        // The server holds the cache and the one statement evicted since the last call.
        let held = try connection.execute("SELECT count(*) FROM pg_prepared_statements").singleValue
        #expect(held.flatMap { Int($0) }.map { $0 <= 5 } == true)
        // An evicted statement is prepared again.
        #expect(try connection.execute("SELECT $1::int + 0", ["1"]).singleValue == "1")
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func errorInAPreparedStatementLeavesTheConnectionUsable() throws {
        let connection = try connect()
        let sql = "SELECT 10 / $1::int"
        #expect(try connection.execute(sql, ["5"]).singleValue == "2")
        let error = try #require(throws: PostgresError.self) { try connection.execute(sql, ["0"]) }
        #expect(error.sqlState == "22012")
        #expect(error.description.contains(sql))
        #expect(try connection.execute(sql, ["2"]).singleValue == "5")

        // Inside a transaction: the transaction fails, the connection does not.
        try connection.execute("BEGIN")
        #expect(throws: PostgresError.self) { try connection.execute(sql, ["0"]) }
        #expect(connection.isInFailedTransaction)
        let aborted = try #require(throws: PostgresError.self) { try connection.execute(sql, ["1"]) }
        #expect(aborted.sqlState == "25P02")
        try connection.execute("ROLLBACK")
        #expect(try connection.execute(sql, ["1"]).singleValue == "10")
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func statementThatDoesNotPrepareIsAServerError() throws {
        let connection = try connect()
        let error = try #require(throws: PostgresError.self) { try connection.execute("SELEKT $1::int", ["1"]) }
        #expect(error.sqlState == "42601")
        #expect(connection.preparedStatementCount == 0)
        #expect(try connection.execute("SELECT $1::int", ["1"]).singleValue == "1")
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func statementsForgottenByTheServerArePreparedAgain() throws {
        let connection = try connect()
        let sql = "SELECT $1::text"
        #expect(try connection.execute(sql, ["before"]).singleValue == "before")
        try connection.execute("DISCARD ALL")
        #expect(try connection.execute(sql, ["after"]).singleValue == "after")
    }

    @Test(.enabled(if: PostgresTestServer.isConfigured))
    func tableMadeAnewWithOtherColumnsIsReadAgain() throws {
        let connection = try connect()
        try connection.execute("CREATE TEMPORARY TABLE remade (a int)")
        try connection.execute("INSERT INTO remade VALUES ($1::int)", ["1"])
        let sql = "SELECT * FROM remade WHERE a = $1::int"
        #expect(try connection.execute(sql, ["1"]).columns == ["a"])
        try connection.execute("DROP TABLE remade")
        try connection.execute("CREATE TEMPORARY TABLE remade (a int, b text)")
        try connection.execute("INSERT INTO remade VALUES ($1::int, $2::text)", ["1", "b"])
        let rows = try connection.execute(sql, ["1"])
        #expect(rows.columns == ["a", "b"])
        #expect(rows.values == [["1", "b"]])
    }
}
