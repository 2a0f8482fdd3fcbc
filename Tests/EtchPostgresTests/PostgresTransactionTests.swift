import Etch
import EtchPostgres
import Testing

@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresTransactionTests {}

extension PostgresTransactionTests {
    /// A counter table with one row, a pool on its schema and a second connection that
    /// updates the row behind a transaction's back.
    final class Counter {
        let schema: TemporarySchema
        let pool: PostgresConnectionPool
        let intruder: PostgresConnection

        init() throws {
            schema = try TemporarySchema()
            pool = try PostgresConnectionPool(connectionString: schema.connectionString, size: 2)
            intruder = try PostgresConnection(connectionString: schema.connectionString)
            try intruder.execute("CREATE TABLE counters (name text PRIMARY KEY, n int NOT NULL)")
            try intruder.execute("INSERT INTO counters VALUES ($1, 0)", ["visits"])
        }

        /// The counter's value, read outside any transaction.
        func value() throws -> String? {
            try intruder.execute("SELECT n FROM counters WHERE name = $1", ["visits"]).singleValue
        }

        /// One attempt of an increment: reads the counter (which fixes the snapshot), lets
        /// the intruder commit an increment when `interfere` is true, then increments.
        func increment(on connection: PostgresConnection, interfere: Bool) throws {
            try connection.execute("SELECT n FROM counters WHERE name = $1", ["visits"])
            if interfere { try intruder.execute("UPDATE counters SET n = n + 1 WHERE name = $1", ["visits"]) }
            try connection.execute("UPDATE counters SET n = n + 1 WHERE name = $1", ["visits"])
        }
    }

    @Test(arguments: [PostgresIsolation.repeatableRead, .serializable])
    func serializationFailureIsRetried(isolation: PostgresIsolation) async throws {
        let counter = try Counter()
        let attempts = Locked(0)
        try await counter.pool.transaction(isolation: isolation, maxAttempts: 3) { connection in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            try counter.increment(on: connection, interfere: attempt == 1)
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(try counter.value() == "2")
    }

    @Test func serializationFailureIsReportedAfterTheLastAttempt() async throws {
        let counter = try Counter()
        let attempts = Locked(0)
        let error = await #expect(throws: PostgresError.self) {
            try await counter.pool.transaction(isolation: .repeatableRead, maxAttempts: 3) { connection in
                attempts.withLock { $0 += 1 }
                try counter.increment(on: connection, interfere: true)
            }
        }
        guard case .serializationFailure(let count, let sqlState, _) = error else {
            Issue.record("expected serializationFailure, got \(String(describing: error))")
            return
        }
        #expect(count == 3)
        #expect(sqlState == "40001")
        #expect(attempts.withLock { $0 } == 3)
        #expect(try counter.value() == "3")
    }

    @Test func thrownErrorRollsBack() async throws {
        struct Refusal: Error {}
        let counter = try Counter()
        await #expect(throws: Refusal.self) {
            try await counter.pool.transaction { connection in
                try connection.execute("UPDATE counters SET n = 100 WHERE name = $1", ["visits"])
                throw Refusal()
            }
        }
        #expect(try counter.value() == "0")
    }

    @Test func caughtStatementErrorDoesNotPassForACommit() async throws {
        let counter = try Counter()
        await #expect(throws: PostgresError.self) {
            try await counter.pool.transaction { connection in
                try connection.execute("UPDATE counters SET n = 100 WHERE name = $1", ["visits"])
                _ = try? connection.execute("SELECT 1 / 0")
            }
        }
        #expect(try counter.value() == "0")
    }
}
