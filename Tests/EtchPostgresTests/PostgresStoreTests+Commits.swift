import Etch
import EtchPostgres
import EtchStore
import Testing

/// A write's statements sent with fewer round trips (`BEGIN` with the first, no check of a
/// `@unique` value the object keeps, the history's objects read from the tables): the same
/// outcomes and errors.
extension PostgresStoreTests {
    /// A store of the behavioural suite's models, with a singer and two records.
    static func storeWithRecords(_ schema: TemporarySchema) async throws -> PostgresStore {
        let store = try await PostgresStore(
            connectionString: schema.connectionString, models: ModelStoreBackend.models, poolSize: 2)
        try await store.write { tx in
            try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina"))
            try tx.insert(Record(id: "r1", title: "One", singer: Ref(id: "a1"), year: 1965, catalog: "C-1"))
            try tx.insert(Record(id: "r2", title: "Two", singer: Ref(id: "a1"), year: 1966, catalog: "C-2"))
        }
        return store
    }

    @Test func anUpdateThatKeepsItsUniqueValueWritesAndOneThatTakesAnothersIsRefused() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.storeWithRecords(schema)
        try await store.write { tx in try tx.update(Record.self, id: "r1") { $0.copyWith(title: "One, again") } }
        #expect(try await store.unique(Record.self, \.catalog, "C-1")?.title == "One, again")

        // The update comes first in its transaction, so it goes with BEGIN; the label is undone.
        let expected = StoreError.uniqueViolation(
            model: "Record", field: "catalog", value: #""C-1""#, existingID: #""r1""#, newID: #""r2""#)
        await #expect(throws: expected) {
            try await store.write { tx in
                try tx.update(Record.self, id: "r2") { $0.copyWith(catalog: "C-1") }
                try tx.insert(Label(id: "l1", name: "Philips"))
            }
        }
        await #expect(throws: expected) {
            try await store.write { tx in
                try tx.insert(Label(id: "l1", name: "Philips"))
                try tx.update(Record.self, id: "r2") { $0.copyWith(catalog: "C-1") }
            }
        }
        #expect(try await store.object(Label.self, id: "l1") == nil)
        #expect(try await store.object(Record.self, id: "r2")?.catalog == "C-2")

        // Values traded within one transaction, each given up before it is taken.
        try await store.write { tx in
            try tx.update(Record.self, id: "r1") { $0.copyWith(catalog: "C-3") }
            try tx.update(Record.self, id: "r2") { $0.copyWith(catalog: "C-1") }
            try tx.update(Record.self, id: "r1") { $0.copyWith(catalog: "C-2") }
        }
        #expect(try await store.unique(Record.self, \.catalog, "C-2")?.id == "r1")
        #expect(try await store.unique(Record.self, \.catalog, "C-1")?.id == "r2")
        await store.close()
    }

    @Test func theHistoryReadsTheObjectsOfEveryModelAsTheTransactionLeftThem() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.storeWithRecords(schema)
        let start = try await store.historyToken
        let records = (3...5).map { Record(id: "r\($0)", title: "No. \($0)", singer: Ref(id: "a1"), year: 1970 + $0) }
        try await store.write { tx in
            try tx.insert(contentsOf: records)
            try tx.insert(Label(id: "l1", name: "Philips"))
            try tx.update(Record.self, id: "r4") { $0.copyWith(title: "Four, remastered") }
            try tx.delete(Record.self, id: "r2")
            try tx.update(Singer.self, id: "a1") { $0.copyWith(name: "Nina Simone") }
        }
        let commits = try await store.history(since: start)
        #expect(commits.count == 1)
        let changed = try commits[0].changes(of: Record.self)
        #expect(changed.inserted.map(\.title) == ["No. 3", "Four, remastered", "No. 5"])
        #expect(changed.deleted.map(\.id) == ["r2"] && changed.deleted.map(\.catalog) == ["C-2"])
        #expect(try commits[0].changes(of: Label.self).inserted.map(\.name) == ["Philips"])
        #expect(try commits[0].changes(of: Singer.self).updated.map(\.name) == ["Nina Simone"])
        await store.close()
    }
}
