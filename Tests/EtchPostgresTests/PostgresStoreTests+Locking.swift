import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// How a write's reads lock the objects they read: a concurrent writer of the same object
/// waits, writers of different objects never conflict, and a deadlock is retried.
extension PostgresStoreTests {
    @Test func aWriteWaitsForAConcurrentWriterOfItsObjectAndKeepsItsUpdate() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.storeRunningWritesOnce(schema, poolSize: 2)
        try await store.write { tx in try tx.insert(Counter(id: "c", value: 0)) }
        let other = try PostgresConnection(connectionString: schema.connectionString)
        let watcher = try PostgresConnection(connectionString: schema.connectionString)
        try other.execute("BEGIN")
        try other.execute(#"UPDATE "Counter" SET object = jsonb_set(object, '{value}', '100'::jsonb)"#)
        let attempts = Attempts()
        let write = Task {
            try await store.write { tx in
                attempts.increment()
                try tx.update(Counter.self, id: "c") { $0.copyWith(value: $0.value + 1) }
            }
        }
        // The write's read of "c" waits for the other transaction's lock on its row.
        #expect(try await Self.waitUntilBlocked(by: other, watcher: watcher))
        try other.execute("COMMIT")
        try await write.value
        #expect(attempts.count == 1)
        #expect(try await store.object(Counter.self, id: "c")?.value == 101)
        await store.close()
    }

    @Test func aUniqueValueTakenByAConcurrentTransactionNamesItsHolder() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.storeWithRecords(schema)
        let other = try PostgresConnection(connectionString: schema.connectionString)
        let watcher = try PostgresConnection(connectionString: schema.connectionString)
        try other.execute("BEGIN")
        let table = try PostgresModelTable(for: Record.self)
        try table.put(Record(id: "r8", title: "Eight", singer: Ref(id: "a1"), year: 1970, catalog: "C-9"), on: other)
        let attempts = Attempts()
        let write = Task {
            try await store.write { tx in
                attempts.increment()
                try tx.insert(Record(id: "r9", title: "Nine", singer: Ref(id: "a1"), year: 1971, catalog: "C-9"))
            }
        }
        // The write found C-9 free, and waits for the transaction that wrote it to end.
        #expect(try await Self.waitUntilBlocked(by: other, watcher: watcher))
        try other.execute("COMMIT")
        await #expect(
            throws: StoreError.uniqueViolation(
                model: "Record", field: "catalog", value: #""C-9""#, existingID: #""r8""#, newID: #""r9""#)
        ) { try await write.value }
        #expect(attempts.count == 2)
        #expect(try await store.object(Record.self, id: "r9") == nil)
        await store.close()
    }

    @Test func concurrentCommitsOfDifferentObjectsNeverConflict() async throws {
        let schema = try TemporarySchema()
        // A conflict would fail the write.
        let store = try await Self.storeRunningWritesOnce(schema, poolSize: 8)
        let (tasks, objects, rounds) = (8, 25, 25)
        let records = (0..<(tasks * objects)).map { number in
            Record(id: "r\(number)", title: "Record \(number)", singer: Ref(id: "a1"), year: 1960 + number % 40)
        }
        try await store.write { tx in try tx.insert(contentsOf: records) }
        // Each commit changes an indexed field (a new entry in each of the table's indexes,
        // in the pages the others' reads by id read): SERIALIZABLE fails some of them.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for round in 0..<rounds {
                        let id = "r\(task + tasks * (round % objects))"
                        try await store.write { tx in
                            try tx.update(Record.self, id: id) { $0.copyWith(rating: $0.rating + 1) }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let ratings = try await store.fetch(StoreQuery<Record>()).map(\.rating)
        #expect(ratings.reduce(0, +) == Double(tasks * rounds))
        await store.close()
    }

    @Test func aDeadlockFailsOneWriteWhenItMayNotRetry() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.storeRunningWritesOnce(schema, poolSize: 2)
        let outcomes = try await Self.deadlockingWrites(on: store)
        let failures = outcomes.compactMap { outcome -> PostgresError? in
            guard case .failure(let error) = outcome.result else { return nil }
            return error as? PostgresError
        }
        #expect(failures.count == 1)
        guard case .serializationFailure(let attempts, let sqlState, _)? = failures.first else {
            Issue.record("expected one serializationFailure, got \(outcomes.map(\.result))")
            return
        }
        #expect(attempts == 1 && sqlState == "40P01")
        // The survivor's two updates applied, the failed write's nothing.
        let counters = try await store.fetch(StoreQuery<Counter>())
        #expect(counters.map(\.value).sorted() == [0, 1, 10])
        #expect(counters.filter { $0.id.hasPrefix("write") }.count == 1)
        #expect(outcomes.map(\.attempts) == [1, 1])
        await store.close()
    }

    @Test func aDeletionWaitsForAConcurrentWriteOfAReferenceToItAndAppliesItsRule() async throws {
        let schema = try TemporarySchema()
        let name = "etch-reference-\(UUID().uuidString.prefix(8))"
        let store = try await PostgresStore(
            connectionString: schema.connectionString(applicationName: name), models: ModelStoreBackend.models,
            poolSize: 2, maxTransactionAttempts: 1)
        try await store.write { tx in
            try tx.insert(Label(id: "l1", name: "Philips"))
            try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina"))
            try tx.insert(Record(id: "r1", title: "One", singer: Ref(id: "a1"), year: 1965))
        }
        let (inserted, release) = (Rendezvous(), Rendezvous())
        // A song that refers to the label (`@onDelete(refuse)`), written and held uncommitted.
        let writer = Task {
            try await store.write { tx in
                try tx.insert(Song(id: "s9", title: "Lilac Wine", record: Ref(id: "r1"), label: Ref(id: "l1")))
                inserted.arrive()
                release.arrive(timeout: 30)
            }
        }
        #expect(inserted.arrive())
        let deletion = Task { try await store.write { tx in _ = try tx.delete(Label.self, id: "l1") } }
        // The deletion waits for the writer's lock on the label, then its rule sees the song.
        let watcher = try PostgresConnection(connectionString: schema.connectionString)
        var waited = false
        for _ in 0..<500 where !waited {
            let waiting = try watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
                [name])
            waited = waiting.singleValue != "0"
            if !waited { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(waited)
        release.arrive()
        try await writer.value
        await #expect(
            throws: StoreError.deleteRefused(
                model: "Label", id: #""l1""#, referencedBy: "Song", referringID: #""s9""#, field: "label")
        ) { try await deletion.value }
        #expect(try await store.object(Label.self, id: "l1") != nil)
        #expect(try await store.object(Song.self, id: "s9")?.label == Ref(id: "l1"))
        await store.close()
    }

    /// A store of the behavioural suite's models whose writes run once: a write that
    /// conflicts with another fails rather than runs again.
    static func storeRunningWritesOnce(_ schema: TemporarySchema, poolSize: Int) async throws -> PostgresStore {
        try await PostgresStore(
            connectionString: schema.connectionString, models: ModelStoreBackend.models, poolSize: poolSize,
            maxTransactionAttempts: 1)
    }

    /// Waits until a statement of another connection waits for a lock `holder` holds.
    ///
    /// - Returns: Whether one did within 10 seconds.
    static func waitUntilBlocked(by holder: PostgresConnection, watcher: PostgresConnection) async throws -> Bool {
        let pid = String(holder.backendProcessID)
        for _ in 0..<500 {
            let blocked = try watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE $1::integer = ANY (pg_blocking_pids(pid))", [pid])
            if blocked.singleValue != "0" { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Runs two writes that deadlock in their first attempts: each updates one counter,
    /// waits until the other has updated its own, then updates the other's. PostgreSQL
    /// breaks the deadlock by failing one of them (SQLSTATE 40P01); their later attempts do
    /// not wait. Each attempt also inserts a counter named for it (`write 0, attempt 1`).
    ///
    /// - Returns: Each write's outcome and how many times its body ran, the first write's first.
    static func deadlockingWrites(on store: PostgresStore) async throws -> [(
        result: Result<Void, any Error>, attempts: Int
    )] {
        try await store.write { tx in
            try tx.insert(Counter(id: "a", value: 0))
            try tx.insert(Counter(id: "b", value: 0))
        }
        let meeting = Rendezvous()
        let orders = [("a", "b"), ("b", "a")]
        let outcomes = await withTaskGroup(of: (Int, Result<Void, any Error>, Int).self) { group in
            for (number, (first, second)) in orders.enumerated() {
                group.addTask {
                    let attempts = Attempts()
                    do {
                        try await store.write { tx in
                            attempts.increment()
                            try tx.insert(Counter(id: "write \(number), attempt \(attempts.count)", value: 0))
                            try tx.update(Counter.self, id: first) { $0.copyWith(value: $0.value + 1) }
                            if attempts.count == 1 { meeting.arrive() }
                            try tx.update(Counter.self, id: second) { $0.copyWith(value: $0.value + 10) }
                        }
                        return (number, .success(()), attempts.count)
                    } catch {
                        return (number, .failure(error), attempts.count)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        return outcomes.sorted { $0.0 < $1.0 }.map { (result: $0.1, attempts: $0.2) }
    }
}
