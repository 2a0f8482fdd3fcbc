import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// What only the PostgreSQL store does: a server's faults, tables another program made.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresStoreTests {}

extension PostgresStoreTests {
    @Test func aConnectionDroppedMidTransactionAppliesNothing() async throws {
        let schema = try TemporarySchema()
        // A name of its own for the store's connections, so that the test ends only them.
        let name = "etch_drop_" + schema.name.suffix(8)
        let named =
            schema.connectionString
            + (schema.connectionString.contains("://") ? "&application_name=\(name)" : " application_name=\(name)")
        let store = try await PostgresStore(connectionString: named, models: ModelStoreBackend.models, poolSize: 2)
        let admin = try PostgresConnection(connectionString: schema.connectionString)
        try await store.write { tx in try tx.insert(Counter(id: "c", value: 1)) }
        await #expect {
            try await store.write { tx in
                try tx.insert(Counter(id: "d", value: 1))
                try tx.update(Counter.self, id: "c") { $0.copyWith(value: 2) }
                // Another session ends this transaction's backend, as a restart or a network failure would.
                try admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 "
                        + "AND state LIKE 'idle in transaction%'", [name])
                try tx.insert(Counter(id: "e", value: 1))
            }
        } throws: { error in
            guard case PostgresError.connectionLost(_, _, let duringCommit) = error else { return false }
            return !duringCommit
        }
        #expect(try await store.object(Counter.self, id: "c")?.value == 1)
        #expect(try await store.object(Counter.self, id: "d") == nil)
        #expect(try await store.count(Counter.self) == 1)
        await store.close()
    }

    @Test func aTableEtchDidNotMakeIsRefusedAndLeftAsItIs() async throws {
        let schema = try TemporarySchema()
        let admin = try PostgresConnection(connectionString: schema.connectionString)
        try admin.execute(#"CREATE TABLE "Counter" (name text)"#)
        await #expect(throws: PostgresError.foreignTable(table: "Counter", model: "Counter", found: "empty")) {
            _ = try await PostgresStore(connectionString: schema.connectionString, models: ModelStoreBackend.models)
        }
        #expect(try admin.execute(#"SELECT count(*) FROM "Counter""#).singleValue == "0")
    }

    @Test func twoModelTypesOfOneNameAreRefused() async throws {
        let schema = try TemporarySchema()
        await #expect(throws: StoreError.duplicateModel("Counter")) {
            _ = try await PostgresStore(
                connectionString: schema.connectionString, models: [Counter.self, Counter.self])
        }
    }
}

/// A counter the tests' transaction bodies share.
final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}
