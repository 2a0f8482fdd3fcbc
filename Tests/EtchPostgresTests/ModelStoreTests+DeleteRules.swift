import Etch
import EtchStore
import Foundation
import Testing

extension ModelStoreTests {
    @Test(arguments: ModelStoreBackend.available)
    func onDeleteRulesApplyInTheSameTransaction(backend: ModelStoreBackend) async throws {
        try await backend.withStore { try await Self.deleteRules(in: $0) }
    }

    static func deleteRules(in store: some ModelStore) async throws {
        try await store.write { tx in
            try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina"))
            try tx.insert(Singer(id: "a2", name: "Ray", slug: "ray"))
            try tx.insert(Label(id: "l1", name: "Philips"))
            try tx.insert(Record(id: "r1", title: "One", singer: Ref(id: "a1"), year: 1965))
            try tx.insert(Record(id: "r2", title: "Two", singer: Ref(id: "a1"), year: 1966))
            try tx.insert(
                Song(
                    id: "s1", title: "Sinnerman", record: Ref(id: "r1"), producer: Ref(id: "a2"),
                    guests: [Ref(id: "a2"), Ref(id: "a1")]))
            try tx.insert(Song(id: "s2", title: "Lilac Wine", record: Ref(id: "r2"), label: Ref(id: "l1")))
        }

        // cascade: the record's songs go with it.
        try await store.write { tx in _ = try tx.delete(Record.self, id: "r1") }
        #expect(try await store.object(Song.self, id: "s1") == nil)
        #expect(try await store.object(Song.self, id: "s2") != nil)

        // nullify: an optional reference is cleared, an array loses the references.
        try await store.write { tx in
            try tx.insert(
                Song(
                    id: "s3", title: "Feeling Good", record: Ref(id: "r2"), producer: Ref(id: "a2"),
                    guests: [Ref(id: "a2"), Ref(id: "a1")]))
        }
        try await store.write { tx in _ = try tx.delete(Singer.self, id: "a2") }
        let cleared = try #require(try await store.object(Song.self, id: "s3"))
        #expect(cleared.producer == nil)
        #expect(cleared.guests == [Ref(id: "a1")])

        // refuse: the label stays while a song refers to it, and nothing of the transaction applies.
        let refused = StoreError.deleteRefused(
            model: "Label", id: #""l1""#, referencedBy: "Song", referringID: #""s2""#, field: "label")
        await #expect(throws: refused) {
            try await store.write { tx in
                try tx.insert(Counter(id: "c", value: 1))
                _ = try tx.delete(Label.self, id: "l1")
            }
        }
        #expect(try await store.object(Label.self, id: "l1") != nil)
        #expect(try await store.object(Counter.self, id: "c") == nil)
        // Deleting the referring song in the same transaction lifts the refusal.
        try await store.write { tx in
            _ = try tx.delete(Song.self, id: "s2")
            _ = try tx.delete(Label.self, id: "l1")
        }
        #expect(try await store.object(Label.self, id: "l1") == nil)
    }

    @Test(arguments: ModelStoreBackend.available)
    func inverseRelationsReadInTheirOrder(backend: ModelStoreBackend) async throws {
        try await backend.withStore { try await Self.relations(in: $0) }
    }

    static func relations(in store: some ModelStore) async throws {
        try await store.write { tx in
            try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina"))
            try tx.insert(contentsOf: indexedRecords)
        }
        let expected = indexedRecords.filter { $0.singer.id == "a1" }
            .sorted { ($1.year, $0.id) < ($0.year, $1.id) }.map(\.id)
        #expect(try await store.related(Singer.records, of: "a1").map(\.id) == expected)
        #expect(try await store.related(Singer.records, of: "nobody").isEmpty)
        try await store.write { tx in
            try tx.update(Record.self, id: "r1") { $0.copyWith(singer: Ref(id: "a2")) }
        }
        #expect(try await store.related(Singer.records, of: "a1").map(\.id) == expected.filter { $0 != "r1" })
        #expect(try await store.related(Singer.records, of: "a2").map(\.id).contains("r1"))
    }
}
