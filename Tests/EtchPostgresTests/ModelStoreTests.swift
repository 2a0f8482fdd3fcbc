import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// The store's behaviour, written once against ``ModelStore`` and run against every backend:
/// the SQLite store in memory and in a file, and the PostgreSQL store when a server is given.
@Suite struct ModelStoreTests {}

extension ModelStoreTests {
    @Test(arguments: ModelStoreBackend.available)
    func insertReadUpdateDelete(backend: ModelStoreBackend) async throws {
        try await backend.withStore { try await Self.insertReadUpdateDelete(in: $0) }
    }

    static func insertReadUpdateDelete(in store: some ModelStore) async throws {
        let nina = Singer(id: "a1", name: "Nina Simone", slug: "nina", country: "US")
        let record = Record(id: "r1", title: "Pastel Blues", singer: Ref(id: "a1"), year: 1965, catalog: "PB-1")
        try await store.write { tx in
            try tx.insert(nina)
            try tx.insert(record)
        }
        #expect(try await store.object(Singer.self, id: "a1") == nina)
        #expect(try await store.resolve(record.singer) == nina)
        #expect(try await store.count(Record.self) == 1)
        #expect(try await store.object(Record.self, id: "missing") == nil)

        let updated = try await store.write { tx in
            try tx.update(Record.self, id: "r1") { $0.copyWith(title: "Pastel Blues (Remastered)") }
        }
        #expect(updated.title == "Pastel Blues (Remastered)")
        #expect(try await store.object(Record.self, id: "r1")?.title == "Pastel Blues (Remastered)")

        let seen = try await store.write { tx in
            try tx.insert(Record(id: "r2", title: "Wild Is the Wind", singer: Ref(id: "a1"), year: 1966))
            // Reads in the transaction see its own writes.
            return try tx.object(Record.self, id: "r2")?.title
        }
        #expect(seen == "Wild Is the Wind")
        #expect(try await store.count(Record.self) == 2)

        let deleted = try await store.write { tx in try tx.delete(Record.self, id: "r1") }
        #expect(deleted?.id == "r1")
        #expect(try await store.object(Record.self, id: "r1") == nil)
        #expect(try await store.write { tx in try tx.delete(Record.self, id: "r1") } == nil)

        await #expect(throws: StoreError.notFound(model: "Record", id: #""missing""#)) {
            try await store.write { tx in try tx.update(Record.self, id: "missing") { $0 } }
        }
        await #expect(throws: StoreError.unknownModel("Album")) {
            try await store.object(Album.self, id: "x")
        }
    }

    @Test(arguments: ModelStoreBackend.available)
    func uniqueViolationIsTheSameErrorAndChangesNothing(backend: ModelStoreBackend) async throws {
        try await backend.withStore { try await Self.uniqueViolation(in: $0) }
    }

    static func uniqueViolation(in store: some ModelStore) async throws {
        try await store.write { tx in
            try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina"))
            try tx.insert(Record(id: "r1", title: "One", singer: Ref(id: "a1"), year: 1965, catalog: "C-1"))
            try tx.insert(Record(id: "r2", title: "Two", singer: Ref(id: "a1"), year: 1966))
        }
        let expected = StoreError.uniqueViolation(
            model: "Record", field: "catalog", value: #""C-1""#, existingID: #""r1""#, newID: #""r3""#)
        await #expect(throws: expected) {
            try await store.write { tx in
                try tx.insert(Label(id: "l1", name: "Philips"))
                try tx.insert(Record(id: "r3", title: "Three", singer: Ref(id: "a1"), year: 1967, catalog: "C-1"))
            }
        }
        #expect(try await store.object(Record.self, id: "r3") == nil)
        #expect(try await store.object(Label.self, id: "l1") == nil)
        #expect(try await store.count(Record.self) == 2)

        let slugTaken = StoreError.uniqueViolation(
            model: "Singer", field: "slug", value: #""nina""#, existingID: #""a1""#, newID: #""a2""#)
        await #expect(throws: slugTaken) {
            try await store.write { tx in try tx.insert(Singer(id: "a2", name: "Other", slug: "nina")) }
        }
        // An update to a value another object holds is refused too; nil is exempt.
        await #expect(throws: StoreError.self) {
            try await store.write { tx in try tx.update(Record.self, id: "r2") { $0.copyWith(catalog: "C-1") } }
        }
        try await store.write { tx in try tx.insert(Record(id: "r4", title: "Four", singer: Ref(id: "a1"), year: 1968))
        }
        #expect(try await store.object(Record.self, id: "r2")?.catalog == nil)
        #expect(try await store.unique(Record.self, \.catalog, "C-1")?.id == "r1")

        // Text is one value when Swift finds it equal: "\u{212A}" (KELVIN SIGN) is "K".
        try await store.write { tx in try tx.insert(Singer(id: "k1", name: "Kelvin", slug: "Kelvin")) }
        #expect(try await store.unique(Singer.self, \.slug, "\u{212A}elvin")?.id == "k1")
        let equivalent = StoreError.uniqueViolation(
            model: "Singer", field: "slug", value: "\u{212A}elvin".debugDescription, existingID: #""k1""#,
            newID: #""k2""#)
        await #expect(throws: equivalent) {
            try await store.write { tx in try tx.insert(Singer(id: "k2", name: "Kelvin", slug: "\u{212A}elvin")) }
        }
    }

    @Test(arguments: ModelStoreBackend.available)
    func transactionsAreAllOrNothing(backend: ModelStoreBackend) async throws {
        try await backend.withStore { try await Self.allOrNothing(in: $0) }
    }

    struct Abandoned: Error, Equatable {}

    static func allOrNothing(in store: some ModelStore) async throws {
        try await store.write { tx in try tx.insert(Counter(id: "c", value: 1)) }
        await #expect(throws: Abandoned()) {
            try await store.write { tx in
                try tx.insert(Counter(id: "d", value: 1))
                try tx.update(Counter.self, id: "c") { $0.copyWith(value: 2) }
                _ = try tx.delete(Counter.self, id: "c")
                throw Abandoned()
            }
        }
        #expect(try await store.object(Counter.self, id: "c")?.value == 1)
        #expect(try await store.object(Counter.self, id: "d") == nil)
        #expect(try await store.count(Counter.self) == 1)
    }
}
