import Etch
import EtchStore
import Foundation
import Testing

extension StoreTests {
    @Test func inverseRelationsFollowEveryCommitInTheirDeclaredOrder() async throws {
        let store = try await Self.filledStore()
        // Newest first, as `@orderBy(year, descending)` says; equal years by id.
        #expect(try await store.related(Artist.albums, of: "a1").map(\.id) == ["b3", "b1", "b2"])
        #expect(try await store.related(Artist.albums, of: Self.fela).map(\.id) == ["b6"])
        #expect(try await store.related(Artist.albums, of: "nobody").isEmpty)
        try await store.write { tx in
            try tx.update(Album.self, id: "b3") { $0.copyWith(artist: Ref(StoreTests.fela)) }
            try tx.insert(Self.album("b7", by: Self.nina, 1965))
            try tx.delete(Album.self, id: "b2")
        }
        #expect(try await store.related(Artist.albums, of: "a1").map(\.id) == ["b1", "b7"])
        #expect(try await store.related(Artist.albums, of: "a3").map(\.id) == ["b6", "b3"])
        try await store.clear(Album.self)
        #expect(try await store.related(Artist.albums, of: "a1").isEmpty)
    }

    @Test func aRelationThroughAnArrayOfReferences() async throws {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in
            try tx.insert(Person(id: "p1", name: "Ada", friends: [Ref(id: "p2"), Ref(id: "p3")]))
            try tx.insert(Person(id: "p2", name: "Grace", friends: [Ref(id: "p3")]))
            try tx.insert(Person(id: "p3", name: "Hedy"))
        }
        #expect(try await store.related(Person.friendOf, of: "p3").map(\.id) == ["p1", "p2"])
        #expect(try await store.related(Person.friendOf, of: "p1").isEmpty)
        try await store.write { tx in try tx.update(Person.self, id: "p1") { $0.copyWith(friends: [Ref(id: "p1")]) } }
        #expect(try await store.related(Person.friendOf, of: "p3").map(\.id) == ["p2"])
        #expect(try await store.related(Person.friendOf, of: "p1").map(\.id) == ["p1"])
    }
}
