import Dispatch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// The server stopped and started again under a store that stays open, on a cluster of the
/// test's own (``PostgresTestCluster``), so that the other tests' server is left alone:
/// while it is down, calls fail at once with a clear error; a transaction it cut applies
/// nothing; once it is back, the same store reads, writes and follows its changes again.
@Suite(.enabled(if: PostgresTestCluster.isAvailable)) struct PostgresServerRestartTests {}

extension PostgresServerRestartTests {
    /// How long a call may take before it counts as hung: generous for a loaded machine.
    static let limit = Duration.seconds(60)

    /// Whether `error` says the server cannot be reached: no answer at the cluster's
    /// address, or a connection it ended outside any commit.
    static func saysTheServerIsDown(_ error: PostgresError?, cluster: PostgresTestCluster) -> Bool {
        switch error {
        case .serverUnreachable(let server, _)?: server == "\(cluster.folder):5432"
        case .connectionLost(_, _, let duringCommit)?: !duringCommit
        default: false
        }
    }

    /// A store on the cluster, of two connections, holding the counter "c" at 1.
    static func storeWithACounter(on cluster: PostgresTestCluster) async throws -> PostgresStore {
        let store = try await PostgresStore(
            connectionString: cluster.connectionString, models: [Counter.self], poolSize: 2)
        try await store.write { tx in try tx.insert(Counter(id: "c", value: 1)) }
        return store
    }

    @Test func aStoreReachesARestartedServerWithoutReopening() async throws {
        let cluster = try await PostgresTestCluster()
        let store = try await Self.storeWithACounter(on: cluster)
        let changes = Collected(try await store.changes(of: Counter.self))

        // The server ends every connection of the pool while the store is idle.
        try await cluster.stop()
        try await cluster.start()

        // The first read and write after the restart run on new connections.
        let read = try await within(Self.limit) { try await store.object(Counter.self, id: "c") }
        #expect(read?.value == 1)
        try await within(Self.limit) {
            try await store.write { tx in try tx.update(Counter.self, id: "c") { $0.copyWith(value: 2) } }
        }
        #expect(try await store.object(Counter.self, id: "c")?.value == 2)
        // The live feed's listener reconnected too, and sends the commit made after the restart.
        let received = try await changes.waitFor(count: 1, timeout: Self.limit)
        #expect(received.map { $0.updated.map(\.value) } == [[2]])
        await store.close()
    }

    @Test func whileTheServerIsDownCallsFailClearlyAndTheStoreResumesAfter() async throws {
        let cluster = try await PostgresTestCluster()
        let store = try await Self.storeWithACounter(on: cluster)

        try await cluster.stop()
        // More calls than the pool has connections: those the server ended, then new ones
        // that find nobody to answer.
        var lastError: PostgresError?
        for _ in 0..<3 {
            let readError = await #expect(throws: PostgresError.self) {
                try await within(Self.limit) { try await store.object(Counter.self, id: "c") }
            }
            #expect(Self.saysTheServerIsDown(readError, cluster: cluster), "\(String(describing: readError))")
            lastError = await #expect(throws: PostgresError.self) {
                try await within(Self.limit) {
                    try await store.write { tx in try tx.update(Counter.self, id: "c") { $0.copyWith(value: 9) } }
                }
            }
            #expect(Self.saysTheServerIsDown(lastError, cluster: cluster), "\(String(describing: lastError))")
        }
        guard case .serverUnreachable = lastError else {
            Issue.record(
                "expected serverUnreachable once the ended connections are gone, got \(String(describing: lastError))")
            return
        }
        #expect(lastError?.description.contains("Start it") == true)
        // Opening another store fails the same way.
        let openError = await #expect(throws: PostgresError.self) {
            try await within(Self.limit) {
                _ = try await PostgresStore(connectionString: cluster.connectionString, models: [Counter.self])
            }
        }
        #expect(Self.saysTheServerIsDown(openError, cluster: cluster), "\(String(describing: openError))")

        try await cluster.start()
        let read = try await within(Self.limit) { try await store.object(Counter.self, id: "c") }
        #expect(read?.value == 1, "nothing lost, nothing of the failed writes applied")
        try await store.write { tx in try tx.update(Counter.self, id: "c") { $0.copyWith(value: 2) } }
        #expect(try await store.object(Counter.self, id: "c")?.value == 2)
        await store.close()
    }

    @Test func aTransactionTheServerCutAppliesNothing() async throws {
        let cluster = try await PostgresTestCluster()
        let store = try await Self.storeWithACounter(on: cluster)

        let (inside, insideContinuation) = AsyncStream.makeStream(of: Void.self)
        let serverStopped = DispatchSemaphore(value: 0)
        let write = Task {
            defer { insideContinuation.finish() }
            try await store.write { tx in
                try tx.insert(Counter(id: "d", value: 1))
                try tx.update(Counter.self, id: "c") { $0.copyWith(value: 2) }
                insideContinuation.yield()
                // Until the server is down: the next statement finds the connection ended.
                _ = serverStopped.wait(timeout: .now() + 60)
                try tx.insert(Counter(id: "e", value: 1))
            }
        }
        for await _ in inside { break }
        try await cluster.stop()
        serverStopped.signal()
        let error = await #expect(throws: PostgresError.self) { try await within(Self.limit) { try await write.value } }
        guard case .connectionLost(_, _, let duringCommit) = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(!duringCommit)
        #expect(error?.description.contains("nothing of it applied") == true)

        try await cluster.start()
        let objects = try await within(Self.limit) { try await store.fetch(StoreQuery<Counter>()) }
        #expect(objects.map(\.id) == ["c"] && objects.first?.value == 1)
        try await store.write { tx in try tx.insert(Counter(id: "d", value: 3)) }
        #expect(try await store.count(Counter.self) == 2)
        await store.close()
    }
}
