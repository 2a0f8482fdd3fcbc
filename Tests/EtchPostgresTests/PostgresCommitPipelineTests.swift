import EtchPostgres
import Testing

/// `PostgresConnection.executeAndCommit`: a transaction's last statement and its `COMMIT`,
/// sent at once.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresCommitPipelineTests {}

extension PostgresCommitPipelineTests {
    /// A connection on a schema of its own, with a table of unique lines.
    static func open(_ schema: TemporarySchema) throws -> PostgresConnection {
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        try connection.execute("CREATE TABLE lines (line text PRIMARY KEY)")
        return connection
    }

    /// Whether an error is the server's, of a SQLSTATE.
    static func isServerError(_ error: any Error, _ state: String) -> Bool {
        guard case PostgresError.serverError(let sqlState, _, _, _, _) = error else { return false }
        return sqlState == state
    }

    @Test func theLastStatementCommitsWithTheTransaction() throws {
        let schema = try TemporarySchema()
        let connection = try Self.open(schema)
        try connection.execute("BEGIN")
        try connection.execute("INSERT INTO lines VALUES ($1)", ["first"])
        let rows = try connection.executeAndCommit("INSERT INTO lines VALUES ($1) RETURNING line", ["it's"])
        #expect(rows.singleValue == "it's")
        #expect(connection.isIdle)
        let other = try PostgresConnection(connectionString: schema.connectionString)
        #expect(try other.execute("SELECT string_agg(line, ',' ORDER BY line) FROM lines").singleValue == "first,it's")
    }

    @Test func aFailingLastStatementCommitsNothingAndLeavesTheConnectionUsable() throws {
        let schema = try TemporarySchema()
        let connection = try Self.open(schema)
        try connection.execute("INSERT INTO lines VALUES ($1)", ["taken"])
        try connection.execute("BEGIN")
        try connection.execute("INSERT INTO lines VALUES ($1)", ["new"])
        #expect {
            try connection.executeAndCommit("INSERT INTO lines VALUES ($1)", ["taken"])
        } throws: { Self.isServerError($0, "23505") }
        #expect(connection.isInFailedTransaction)
        try connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT count(*) FROM lines WHERE line = $1", ["new"]).singleValue == "0")
        // Out of pipeline mode: a statement runs as before, a pipelined one too.
        try connection.execute("BEGIN")
        try connection.executeAndCommit("INSERT INTO lines VALUES ($1)", ["again"])
        #expect(try connection.execute("SELECT count(*) FROM lines").singleValue == "2")
    }

    @Test func aConflictOfTwoSerializableTransactionsCommitsOneOfThem() throws {
        let schema = try TemporarySchema()
        let first = try Self.open(schema)
        let second = try PostgresConnection(connectionString: schema.connectionString)
        // Each reads what the other writes (write skew): serializable lets one commit.
        for connection in [first, second] {
            try connection.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
            _ = try connection.execute("SELECT count(*) FROM lines")
        }
        try first.executeAndCommit("INSERT INTO lines VALUES ($1)", ["first"])
        #expect {
            try second.executeAndCommit("INSERT INTO lines VALUES ($1)", ["second"])
        } throws: { Self.isServerError($0, "40001") }
        if !second.isIdle { try second.execute("ROLLBACK") }
        #expect(try second.execute("SELECT string_agg(line, ',') FROM lines").singleValue == "first")
    }

    /// The statement to run after `COMMIT` runs in a transaction of its own once the
    /// transaction committed, in the same round trip; its failure is not reported and leaves
    /// the connection usable.
    @Test func theStatementAfterCommitRunsOnceTheTransactionCommitted() throws {
        let schema = try TemporarySchema()
        let connection = try Self.open(schema)
        try connection.execute("CREATE TABLE after_commit (line text, transaction text)")
        try connection.execute("BEGIN")
        let rows = try connection.executeAndCommit(
            "INSERT INTO lines VALUES ($1) RETURNING txid_current()::text", ["kept"],
            then: "INSERT INTO after_commit SELECT line, txid_current()::text FROM lines WHERE line = $1", ["kept"])
        let transaction = try #require(rows.singleValue)
        #expect(connection.isIdle)
        // It saw the row, in a transaction other than the one that wrote it.
        let after = try connection.execute("SELECT line, transaction FROM after_commit").values
        #expect(after.count == 1)
        #expect(after.first?[0] == "kept")
        #expect(after.first?[1] != transaction)

        // A failing statement after COMMIT: the commit stands, nothing is thrown.
        try connection.execute("BEGIN")
        try connection.executeAndCommit(
            "INSERT INTO lines VALUES ($1)", ["second"], then: "INSERT INTO lines VALUES ($1)", ["kept"])
        #expect(connection.isIdle)
        #expect(try connection.execute("SELECT count(*) FROM lines").singleValue == "2")
    }

    /// When the transaction's last statement fails, nothing commits and the statement after
    /// `COMMIT` does not run: the transaction is left failed, to roll back.
    @Test func theStatementAfterCommitDoesNotRunWhenTheTransactionFailed() throws {
        let schema = try TemporarySchema()
        let connection = try Self.open(schema)
        try connection.execute("CREATE TABLE after_commit (line text)")
        try connection.execute("INSERT INTO lines VALUES ($1)", ["taken"])
        try connection.execute("BEGIN")
        #expect {
            try connection.executeAndCommit(
                "INSERT INTO lines VALUES ($1)", ["taken"], then: "INSERT INTO after_commit VALUES ($1)", ["ran"])
        } throws: { Self.isServerError($0, "23505") }
        #expect(connection.isInFailedTransaction)
        try connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT count(*) FROM after_commit").singleValue == "0")
        try connection.execute("BEGIN")
        try connection.executeAndCommit(
            "INSERT INTO lines VALUES ($1)", ["again"], then: "INSERT INTO after_commit VALUES ($1)", ["ran"])
        #expect(try connection.execute("SELECT count(*) FROM after_commit").singleValue == "1")
    }
}
