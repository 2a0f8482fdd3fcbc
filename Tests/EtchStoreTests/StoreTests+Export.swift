import Etch
import EtchStore
import Foundation
import Testing

extension StoreTests {
    @Test func anExportedGraphWithCyclesImportsAsTheSameObjects() async throws {
        let store = try await Self.filledStore()
        try await store.write { tx in
            try tx.insert(Person(id: "p1", name: "Ada", bestFriend: Ref(id: "p2")))
            try tx.insert(Person(id: "p2", name: "Grace", bestFriend: Ref(id: "p1")))
            try tx.insert(Person(id: "p3", name: "Self", bestFriend: Ref(id: "p3")))
            try tx.update(Album.self, id: "b1") { $0.copyWith(extra: ["label": "Philips", "sides": [1, 2]]) }
        }
        let export = try await store.exportGraph()
        let copy = try Store(models: EtchModels.all)
        try await copy.importGraph(from: export)
        for type in [Artist.self, Album.self, Person.self] as [any IdentifiedModel.Type] {
            #expect(try await Self.same(type, in: store, copy))
        }
        #expect(
            try await copy.resolve(try #require(await copy.object(Person.self, id: "p1")?.bestFriend))?.name == "Grace")
        #expect(try await copy.unique(Artist.self, \.slug, "nina")?.id == "a1")
        #expect(try await copy.exportGraph() == export)
    }

    /// Whether two stores hold equal objects of a type.
    static func same<Model: IdentifiedModel>(_ type: Model.Type, in first: Store, _ second: Store) async throws -> Bool
    {
        try await first.objects(type) == second.objects(type)
    }

    @Test func aBadExportChangesNothing() async throws {
        let store = try await Self.filledStore()
        let cases = [
            #"{"format":"other","version":1,"objects":{}}"#,
            #"{"format":"etch.store","version":2,"objects":{}}"#,
            #"{"format":"etch.store","version":1,"objects":{"Album":[{"id":"b9"}]}}"#,
            #"{"format":"etch.store","version":1,"objects":{"Artist":[{"id":"a9","name":"X","slug":"s"}],"Ghost":[]}}"#,
            #"{"format":"etch.store","version":1,"objects":{"Artist":[{"id":"a9","name":"X","slug":"nina"}]}}"#,
            "[1,",
        ]
        for text in cases {
            await #expect(throws: StoreError.self, "\(text)") { try await store.importGraph(from: Data(text.utf8)) }
        }
        #expect(try await store.count(Artist.self) == 3)
        #expect(try await store.count(Album.self) == 6)
    }
}
