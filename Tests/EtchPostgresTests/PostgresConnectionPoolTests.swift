import Etch
import EtchPostgres
import Foundation
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

extension PostgresConnectionPoolTests {
    @Test func workRunsOnTheConnectionsOwnThread() async throws {
        let pool = try PostgresConnectionPool(
            connectionString: try #require(PostgresTestServer.connectionString), size: 1)
        let (name, processID) = try await pool.withConnection { connection in
            (currentThreadName(), connection.backendProcessID)
        }
        #expect(name == "EtchPG \(processID)")
        await pool.close()
    }

    @Test func statementsWaitingForALockLeaveTheHolderFreeToCommit() async throws {
        let schema = try TemporarySchema()
        let pool = try PostgresConnectionPool(connectionString: schema.connectionString, size: 4)
        let observer = try PostgresConnection(connectionString: schema.connectionString)
        try observer.execute("CREATE TABLE turnstile (n int NOT NULL)")
        try observer.execute("INSERT INTO turnstile VALUES (0)")
        let (locked, lockedContinuation) = AsyncStream.makeStream(of: Void.self)
        let finishedWaiters = SharedCount()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await pool.transaction(isolation: .readCommitted) { connection in
                    try connection.execute("UPDATE turnstile SET n = n + 1")
                    lockedContinuation.yield()
                    // Until both other updates wait for this one's lock: each holds a
                    // thread while it waits, which must not be one this task needs.
                    // (A waiter that gave up ends the wait: the test fails, not hangs.)
                    while try observer.execute(
                        """
                        SELECT count(*) FROM pg_stat_activity
                        WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE turnstile%'
                        """
                    ).singleValue != "2" && finishedWaiters.value == 0 {
                        await Task.yield()
                    }
                }
            }
            for await _ in locked { break }
            for _ in 0..<2 {
                group.addTask {
                    defer { finishedWaiters.increment() }
                    try await pool.transaction(isolation: .readCommitted) { connection in
                        // Should a waiter hold a thread the holder needs (a regression),
                        // the server ends the wait, and the test fails rather than hangs.
                        _ = try connection.execute("SET LOCAL lock_timeout = '60s'")
                        _ = try connection.execute("UPDATE turnstile SET n = n + 1")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try observer.execute("SELECT n FROM turnstile").singleValue == "3")
        await pool.close()
    }
}

/// The name of the thread that calls it.
private func currentThreadName() -> String? { Thread.current.name }

/// A count that tasks share.
private final class SharedCount: Sendable {
    private let count = Locked(0)

    /// The count now.
    var value: Int { count.withLock { $0 } }

    /// Adds one.
    func increment() { count.withLock { $0 += 1 } }
}

extension PostgresConnectionPoolTests {
    @Test func cancelledCallerStopsWaitingAndThePoolGoesOn() async throws {
        let pool = try PostgresConnectionPool(
            connectionString: try #require(PostgresTestServer.connectionString), size: 1)
        let (holding, holdingContinuation) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await pool.withConnection { _ in
                holdingContinuation.yield()
                for await _ in release { break }
            }
        }
        for await _ in holding { break }
        let waiter = Task { try await pool.withConnection { try $0.execute("SELECT 1").singleValue } }
        while await pool.waitingCallers == 0 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(await pool.waitingCallers == 0)

        releaseContinuation.yield()
        try await holder.value
        let value = try await pool.withConnection { try $0.execute("SELECT 2").singleValue }
        #expect(value == "2")
        await pool.close()
    }
}
