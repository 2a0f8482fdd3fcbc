import EtchPostgres
import Synchronization
import Testing

@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresConnectionPoolTests {}

extension PostgresConnectionPoolTests {
    @Test func concurrentCallersShareAtMostSizeConnections() async throws {
        let pool = try PostgresConnectionPool(
            connectionString: try #require(PostgresTestServer.connectionString), size: 2)
        let processIDs = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try await pool.withConnection { try $0.execute("SELECT pg_backend_pid()").singleValue }
                }
            }
            return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
        }
        #expect(processIDs.count <= 2)
        #expect(!processIDs.contains(nil))
        await pool.close()
    }

    @Test func closedPoolRefusesCallers() async throws {
        let pool = try PostgresConnectionPool(
            connectionString: try #require(PostgresTestServer.connectionString), size: 1)
        await pool.close()
        await #expect(throws: PostgresError.poolClosed) {
            try await pool.withConnection { try $0.execute("SELECT 1").singleValue }
        }
    }

    @Test func terminatedConnectionFailsTheTransactionWholeAndThePoolRecovers() async throws {
        let schema = try TemporarySchema()
        let pool = try PostgresConnectionPool(connectionString: schema.connectionString, size: 1)
        let killer = try PostgresConnection(connectionString: schema.connectionString)
        try killer.execute("CREATE TABLE events (name text)")
        let error = await #expect(throws: PostgresError.self) {
            try await pool.transaction { connection in
                try connection.execute("INSERT INTO events VALUES ($1)", ["first"])
                // Waits (up to 10 s) until the backend is gone, so the next statement fails.
                let pid = String(connection.backendProcessID)
                let ended = try killer.execute("SELECT pg_terminate_backend($1::int, 10000)", [pid])
                try #require(ended.singleValue == "t")
                try connection.execute("INSERT INTO events VALUES ($1)", ["second"])
            }
        }
        guard case .connectionLost(let sqlState, _, let duringCommit) = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(sqlState == nil || sqlState == "57P01")
        #expect(!duringCommit)
        #expect(error?.description.contains("nothing of it applied") == true)
        let count = try await pool.withConnection { try $0.execute("SELECT count(*) FROM events").singleValue }
        #expect(count == "0")
        await pool.close()
    }
}

extension PostgresConnectionPoolTests {
    @Test func transactionOnAnIdleConnectionTheServerEndedRunsOnANewOne() async throws {
        let schema = try TemporarySchema()
        let pool = try PostgresConnectionPool(connectionString: schema.connectionString, size: 1)
        let killer = try PostgresConnection(connectionString: schema.connectionString)
        try killer.execute("CREATE TABLE events (name text)")
        let oldPID = try await pool.withConnection { String($0.backendProcessID) }
        let ended = try killer.execute("SELECT pg_terminate_backend($1::int, 10000)", [oldPID])
        try #require(ended.singleValue == "t")

        let newPID = try await pool.transaction { connection in
            try connection.execute("INSERT INTO events VALUES ($1)", ["after the kill"])
            return String(connection.backendProcessID)
        }
        #expect(newPID != oldPID)
        #expect(try killer.execute("SELECT name FROM events").values == [["after the kill"]])
        await pool.close()
    }
}
