import Etch
import EtchStore
import Foundation
import Testing

extension StoreTests {
    /// The filled store, with people, a label and tracks on two albums.
    static func storeWithTracks() async throws -> Store {
        let store = try await filledStore()
        try await store.write { tx in
            try tx.insert(contentsOf: [Person(id: "p1", name: "Ada"), Person(id: "p2", name: "Grace")])
            try tx.insert(Label(id: "l1", name: "Philips"))
            try tx.insert(contentsOf: [
                Track(
                    id: "t1", title: "One", album: Ref(id: "b1"), producer: Ref(id: "p1"),
                    guests: [Ref(id: "p1"), Ref(id: "p2")], label: Ref(id: "l1"), isQueued: true),
                Track(id: "t2", title: "Two", album: Ref(id: "b1"), guests: [Ref(id: "p2")]),
                Track(id: "t3", title: "Three", album: Ref(id: "b2"), producer: Ref(id: "p2")),
            ])
        }
        return store
    }

    @Test func cascadeDeletesTheReferringObjectsInTheSameCommit() async throws {
        let store = try await Self.storeWithTracks()
        let changes = try await store.changes(of: Track.self)
        try await store.write { tx in try tx.delete(Album.self, id: "b1") }
        #expect(try await store.objects(Track.self).map(\.id) == ["t3"])
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next()?.deleted.map(\.id) == ["t1", "t2"])
    }

    @Test func nullifyClearsAnOptionalAndRemovesFromAnArray() async throws {
        let store = try await Self.storeWithTracks()
        try await store.write { tx in try tx.delete(Person.self, id: "p1") }
        let one = try #require(try await store.object(Track.self, id: "t1"))
        #expect(one.producer == nil && one.guests.map(\.id) == ["p2"])
        #expect(one.isQueued, "local values are kept")
        #expect(try await store.object(Track.self, id: "t3")?.producer?.id == "p2")
    }

    @Test func refuseKeepsEverythingAsItWas() async throws {
        let store = try await Self.storeWithTracks()
        let error = await #expect(throws: StoreError.self) {
            try await store.write { tx in
                try tx.delete(Person.self, id: "p2")
                try tx.delete(Label.self, id: "l1")
            }
        }
        #expect(
            error
                == .deleteRefused(
                    model: "Label", id: "\"l1\"", referencedBy: "Track", referringID: "\"t1\"", field: "label"))
        #expect(try await store.object(Person.self, id: "p2") != nil)
        #expect(try await store.object(Track.self, id: "t3")?.producer?.id == "p2")
        // Once nothing refers to the label, it can go; a cascade that removes the referrer counts.
        try await store.write { tx in
            try tx.delete(Label.self, id: "l1")
            try tx.delete(Album.self, id: "b1")
        }
        #expect(try await store.object(Label.self, id: "l1") == nil)
    }

    @Test func aCascadeFollowsCascadesAndAReferenceMadeInTheSameTransaction() async throws {
        let store = try await Self.storeWithTracks()
        try await store.write { tx in
            try tx.insert(Track(id: "t4", title: "Four", album: Ref(id: "b2")))
            try tx.delete(Album.self, id: "b2")
        }
        #expect(try await store.objects(Track.self).map(\.id) == ["t1", "t2"])
        // Deleting what nothing refers to with a rule, and a dangling reference, are fine.
        try await store.write { tx in try tx.delete(Artist.self, id: "a3") }
        #expect(try await store.resolve(try #require(try await store.object(Album.self, id: "b6")).artist) == nil)
    }

    @Test func rulesApplyToAnObjectPutAndDeletedInOneTransaction() async throws {
        let store = try await Self.storeWithTracks()
        try await store.write { tx in
            try tx.insert(Self.album("b9", by: Self.nina, 1999))
            try tx.insert(Person(id: "p9", name: "Lin"))
            try tx.insert(
                Track(id: "t9", title: "Nine", album: Ref(id: "b9"), producer: Ref(id: "p9"), guests: [Ref(id: "p9")]))
            try tx.insert(Track(id: "t8", title: "Eight", album: Ref(id: "b1"), producer: Ref(id: "p9")))
            try tx.delete(Person.self, id: "p9")
            try tx.delete(Album.self, id: "b9")
        }
        // The cascade took t9 with its album; nullify cleared t8's producer.
        #expect(try await store.object(Track.self, id: "t9") == nil)
        let eight = try #require(try await store.object(Track.self, id: "t8"))
        #expect(eight.producer == nil)
    }

    @Test func aDeleteOfAnObjectPutInTheTransactionCanBeRefused() async throws {
        let store = try await Self.storeWithTracks()
        await #expect(throws: StoreError.self) {
            try await store.write { tx in
                try tx.insert(Label(id: "l9", name: "Blue Note"))
                try tx.insert(Track(id: "t9", title: "Nine", album: Ref(id: "b1"), label: Ref(id: "l9")))
                try tx.delete(Label.self, id: "l9")
            }
        }
        #expect(try await store.object(Track.self, id: "t9") == nil, "nothing was committed")
    }
}
