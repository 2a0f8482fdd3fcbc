import EtchPostgres
import Foundation
import Testing

/// A transaction's `BEGIN` sent with its first statement (`beginWithFirstStatement`): the
/// same transaction as with `BEGIN` sent alone, one round trip less.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresDeferredBeginTests {}

extension PostgresDeferredBeginTests {
    typealias Counter = PostgresTransactionTests.Counter

    @Test(arguments: [PostgresIsolation.readCommitted, .repeatableRead, .serializable])
    func theFirstStatementRunsInsideTheTransaction(isolation: PostgresIsolation) async throws {
        let counter = try Counter()
        let seen = try await counter.pool.transaction(isolation: isolation) { connection in
            try connection.execute("SELECT current_setting($1)", ["transaction_isolation"]).singleValue
        }
        #expect(seen == isolation.rawValue.lowercased())
    }

    @Test func aFailingFirstStatementAppliesNothingAndFreesTheConnection() async throws {
        let counter = try Counter()
        let error = await #expect(throws: PostgresError.self) {
            try await counter.pool.transaction { connection in
                try connection.execute("INSERT INTO counters VALUES ($1, 1)", ["visits"])
            }
        }
        guard case .serverError(let sqlState, _, _, _, _) = error else {
            Issue.record("expected the server's error, got \(String(describing: error))")
            return
        }
        #expect(sqlState == "23505")
        try await counter.pool.transaction { connection in
            _ = try connection.execute("UPDATE counters SET n = n + 1 WHERE name = $1", ["visits"])
        }
        #expect(try counter.value() == "1")
    }

    /// A first statement prepared in the pipeline that does not prepare aborts the transaction,
    /// as it would have after a `BEGIN` of its own: what the body runs after catching its
    /// error is refused, never committed outside a transaction.
    @Test func aFirstStatementThatDoesNotPrepareAbortsTheTransaction() async throws {
        let counter = try Counter()
        await #expect(throws: PostgresError.self) {
            try await counter.pool.transaction { connection in
                _ = try? connection.execute("SELECT no_such_column FROM counters WHERE name = $1", ["visits"])
                _ = try? connection.execute("UPDATE counters SET n = 5 WHERE name = $1", ["visits"])
            }
        }
        #expect(try counter.value() == "0")
        try await counter.pool.withConnection { connection in #expect(connection.isIdle) }
    }

    @Test func aBodyThatSendsNothingCommitsNothingAndLeavesTheConnectionIdle() async throws {
        let counter = try Counter()
        let answer = try await counter.pool.transaction { _ in 42 }
        #expect(answer == 42)
        try await counter.pool.withConnection { connection in
            #expect(connection.isIdle)
            // Outside any transaction again: a statement commits on its own.
            try connection.execute("UPDATE counters SET n = 3 WHERE name = $1", ["visits"])
        }
        #expect(try counter.value() == "3")
    }

    @Test func aConnectionEndedAfterTheFirstStatementAppliesNothing() async throws {
        let counter = try Counter()
        let error = await #expect(throws: PostgresError.self) {
            try await counter.pool.transaction { connection in
                try connection.execute("UPDATE counters SET n = 7 WHERE name = $1", ["visits"])
                try counter.intruder.execute(
                    "SELECT pg_terminate_backend($1)", [String(connection.backendProcessID)])
                try connection.execute("UPDATE counters SET n = n + 1 WHERE name = $1", ["visits"])
            }
        }
        guard case .connectionLost(_, _, let duringCommit) = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(!duringCommit)
        #expect(try counter.value() == "0")
    }
}
