import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// `PostgresStoreTransaction.insert(contentsOf:)`, which writes a batch in one statement:
/// it must end as inserting each object in turn does.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresBatchInsertTests {}

extension PostgresBatchInsertTests {
    /// A store in a schema of its own.
    static func open(_ schema: TemporarySchema) async throws -> PostgresStore {
        try await PostgresStore(
            connectionString: schema.connectionString, models: ModelStoreBackend.models, poolSize: 2)
    }

    /// A write's outcome, in a form two stores' can be compared by: the error's description
    /// or `ok`, every singer after it, and the net changes it recorded.
    struct Outcome: Equatable, CustomStringConvertible {
        var result: String
        var singers: [Singer]
        var changes: [String]

        var description: String { "\(result); \(singers.map(\.id)); \(changes)" }
    }

    /// Runs a write and reads its outcome.
    static func outcome(
        of store: PostgresStore, _ body: @Sendable (PostgresStoreTransaction) throws -> Void
    ) async throws -> Outcome {
        let before = try await store.historyToken
        var result = "ok"
        do {
            try await store.write(body)
        } catch let error as StoreError {
            result = "\(error)"
        }
        let singers = try await store.fetch(StoreQuery<Singer>())
        var changes: [String] = []
        for commit in try await store.history(since: before) {
            let change = try commit.changes(of: Singer.self)
            changes +=
                change.inserted.map { "+\($0.id) \($0.slug)" } + change.updated.map { "~\($0.id) \($0.slug)" }
                + change.deleted.map { "-\($0.id)" }
        }
        return Outcome(result: result, singers: singers, changes: changes)
    }

    /// A small deterministic generator, so that a failing seed can be run again.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Random batches of singers over few ids and few slugs, so that batches replace objects,
    /// repeat ids, hand a `@unique` slug from one singer to another and meet slugs held
    /// already: each written with `insert(contentsOf:)` on one store and one `insert` at a
    /// time on another, from the same contents, ends the same, error, objects and history.
    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func aBatchEndsAsInsertingEachInTurn(seed: UInt64) async throws {
        let (batchSchema, eachSchema) = (try TemporarySchema(), try TemporarySchema())
        let batched = try await Self.open(batchSchema)
        let oneByOne = try await Self.open(eachSchema)
        var random = Generator(state: seed)
        var errors = 0
        for round in 0..<30 {
            let singers = (0..<(1 + random.next(6))).map { _ in
                let id = "s\(random.next(8))"
                return Singer(
                    id: id, name: "\(id) of round \(round)", slug: "slug-\(random.next(7))",
                    country: random.next(3) == 0 ? nil : "C\(random.next(2))")
            }
            let batch = try await Self.outcome(of: batched) { tx in try tx.insert(contentsOf: singers) }
            let each = try await Self.outcome(of: oneByOne) { tx in
                for singer in singers { try tx.insert(singer) }
            }
            #expect(batch == each, "seed \(seed), round \(round): \(singers.map { "\($0.id) \($0.slug)" })")
            if batch.result != "ok" { errors += 1 }
        }
        // The rounds met both outcomes.
        #expect(errors > 0 && errors < 30)
        await batched.close()
        await oneByOne.close()
    }

    @Test func manyObjectsGoInBatchesAndRecordOneCommit() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        let before = try await store.historyToken
        let counters = (0..<2_345).map { Counter(id: "c\($0)", value: $0) }
        try await store.write { tx in try tx.insert(contentsOf: counters) }
        #expect(try await store.count(Counter.self) == 2_345)
        #expect(try await store.object(Counter.self, id: "c2344")?.value == 2_344)
        let commits = try await store.history(since: before)
        #expect(commits.count == 1)
        #expect(try commits.first?.changes(of: Counter.self).inserted.map(\.id) == counters.map(\.id))

        // Written again: the changed ones are updates, the others record nothing.
        let again = counters.map { $0.value % 1000 == 0 ? $0.copyWith(value: -1) : $0 }
        let token = try await store.historyToken
        try await store.write { tx in try tx.insert(contentsOf: again) }
        let updated = try await store.history(since: token).first?.changes(of: Counter.self)
        #expect(updated?.updated.map(\.id) == ["c0", "c1000", "c2000"])
        #expect(updated?.inserted.isEmpty == true)
        await store.close()
    }

    @Test func aSlugHeldByAnotherSingerFailsTheBatchAndWritesNothing() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        try await store.write { tx in try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina")) }
        await #expect(
            throws: StoreError.uniqueViolation(
                model: "Singer", field: "slug", value: #""nina""#, existingID: #""a1""#, newID: #""a3""#)
        ) {
            try await store.write { tx in
                try tx.insert(contentsOf: [
                    Singer(id: "a2", name: "Other", slug: "other"), Singer(id: "a3", name: "Copy", slug: "nina"),
                ])
            }
        }
        #expect(try await store.count(Singer.self) == 1)
        await store.close()
    }

    @Test func aSlugGivenUpEarlierInTheBatchCanBeTaken() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        try await store.write { tx in try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina")) }
        try await store.write { tx in
            try tx.insert(contentsOf: [
                Singer(id: "a1", name: "Nina", slug: "nina-simone"), Singer(id: "a2", name: "Nina", slug: "nina"),
            ])
        }
        #expect(try await store.unique(Singer.self, \.slug, "nina")?.id == "a2")
        #expect(try await store.unique(Singer.self, \.slug, "nina-simone")?.id == "a1")
        await store.close()
    }
}
