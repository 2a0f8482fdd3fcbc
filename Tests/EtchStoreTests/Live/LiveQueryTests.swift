import Etch
import EtchStore
import Foundation
import Testing

/// Live queries, relations and objects: the first change, the incremental ones, windows,
/// and the end of an observation.
@Suite struct LiveQueryTests {}

extension LiveQueryTests {
    typealias T = StoreTests

    @Test func aQuerySendsItsResultsThenOneChangePerCommitThatTouchesThem() async throws {
        let store = try await T.filledStore()
        let jazz = Genre.jazz
        let query = StoreQuery<Album>(predicate: #Predicate { $0.genre == jazz }, sortBy: [SortDescriptor(\.year)])
        let live = ChangeCollector(try await store.observe(query))
        var changes = await live.waitFor(1)
        #expect(changes.first?.snapshot.map(\.id) == ["b2", "b4", "b1"])
        #expect(changes.first?.insertions == [0, 1, 2])

        // An album of another genre: no change.
        try await store.write { tx in try tx.insert(T.album("b7", by: T.fela, 1980, genre: .pop)) }
        // A new jazz album lands in the middle.
        try await store.write { tx in try tx.insert(T.album("b8", by: T.fela, 1960, genre: .jazz)) }
        changes = await live.waitFor(2)
        #expect(changes.count == 2)
        #expect(changes[1].insertions == [2])
        #expect(changes[1].snapshot.map(\.id) == ["b2", "b4", "b8", "b1"])

        // A year change moves; a title change updates in place; a genre change leaves.
        try await store.write { tx in try tx.update(Album.self, id: "b2") { $0.copyWith(year: 1999) } }
        try await store.write { tx in try tx.update(Album.self, id: "b4") { $0.copyWith(title: "Kind of Blue") } }
        try await store.write { tx in try tx.update(Album.self, id: "b8") { $0.copyWith(genre: .rock) } }
        try await store.write { tx in try tx.delete(Album.self, id: "b1") }
        changes = await live.waitFor(6)
        #expect(changes[2].moves == [.init(oldIndex: 0, newIndex: 3)])
        #expect(changes[3].updates == [.init(oldIndex: 0, newIndex: 0)] && changes[3].moves.isEmpty)
        #expect(changes[4].deletions == [1])
        #expect(changes[5].deletions == [1])
        let (rows, problems) = live.replay()
        #expect(problems.isEmpty, "\(problems)")
        #expect(rows == (try await store.fetch(query)))
        #expect(rows.map(\.id) == ["b4", "b2"])
        #expect(changes.count == 6)
    }

    @Test func aWindowTakesObjectsPushedInAndOut() async throws {
        let store = try await T.filledStore()
        // The three best-rated albums: b4 (5.0), b1 and b5 (4.5, by id).
        let query = StoreQuery<Album>(sortBy: [SortDescriptor(\.rating, order: .reverse)], fetchLimit: 3)
        let live = ChangeCollector(try await store.observe(query))
        #expect(await live.waitFor(1).first?.snapshot.map(\.id) == ["b4", "b1", "b5"])

        // Better than all: pushes b5 out.
        try await store.write { tx in try tx.insert(T.album("b9", by: T.fela, 1990, rating: 5.5)) }
        // Worse than all: no change to the window.
        try await store.write { tx in try tx.insert(T.album("b0", by: T.fela, 1990, rating: 0.5)) }
        // b4 drops out; b5 comes back.
        try await store.write { tx in try tx.update(Album.self, id: "b4") { $0.copyWith(rating: 1) } }
        // Deleting the top pulls the next one in.
        try await store.write { tx in try tx.delete(Album.self, id: "b9") }
        let changes = await live.waitFor(4)
        #expect(changes.count == 4)
        #expect(changes[1].insertions == [0] && changes[1].deletions == [2])
        #expect(changes[2].deletions == [1] && changes[2].insertions == [2])
        #expect(changes[3].snapshot.map(\.id) == ["b1", "b5", "b2"])
        let (rows, problems) = live.replay()
        #expect(problems.isEmpty, "\(problems)")
        #expect(rows == (try await store.fetch(query)))
    }

    @Test func anOffsetWindowFollowsTheObjectsBeforeIt() async throws {
        let store = try await T.filledStore()
        let query = StoreQuery<Album>(sortBy: [SortDescriptor(\.year)], fetchLimit: 2, fetchOffset: 2)
        let live = ChangeCollector(try await store.observe(query))
        _ = await live.waitFor(1)
        try await store.write { tx in try tx.insert(T.album("b0", by: T.fela, 1900)) }
        try await store.write { tx in try tx.delete(Album.self, id: "b2") }
        try await store.write { tx in try tx.insert(T.album("b9", by: T.fela, 2020)) }
        try await store.write { tx in
            try tx.update(Album.self, id: "b0") { $0.copyWith(year: 1966) }
            try tx.delete(Album.self, id: "b4")
        }
        let changes = await live.waitFor(4)
        let (rows, problems) = live.replay()
        #expect(problems.isEmpty, "\(problems)")
        #expect(rows == (try await store.fetch(query)))
        // The insertion after the window changed nothing.
        #expect(changes.count == 4)
    }

    @Test func aRelationIsObservedInItsDeclaredOrder() async throws {
        let store = try await T.filledStore()
        let live = ChangeCollector(try await store.observe(Artist.albums, of: "a1"))
        #expect(await live.waitFor(1).first?.snapshot.map(\.id) == ["b3", "b1", "b2"])
        try await store.write { tx in
            try tx.insert(T.album("b7", by: T.nina, 1968))
            try tx.update(Album.self, id: "b4") { $0.copyWith(artist: Ref(id: "a1")) }
            try tx.update(Album.self, id: "b3") { $0.copyWith(artist: Ref(id: "a2")) }
        }
        // Miles's albums changing leaves Nina's list alone.
        try await store.write { tx in try tx.update(Album.self, id: "b5") { $0.copyWith(year: 1971) } }
        let changes = await live.waitFor(2)
        #expect(changes.count == 2)
        let (rows, problems) = live.replay()
        #expect(problems.isEmpty, "\(problems)")
        #expect(rows.map(\.id) == ["b7", "b1", "b2", "b4"])
        #expect(rows == (try await store.related(Artist.albums, of: "a1")))
    }

    @Test func anObjectIsObservedUntilDeletedAndAgain() async throws {
        let store = try await T.filledStore()
        let live = ChangeCollector(try await store.observe(Album.self, id: "b1"))
        try await store.write { tx in try tx.update(Album.self, id: "b1") { $0.copyWith(title: "Pastel Blues") } }
        try await store.write { tx in try tx.update(Album.self, id: "b2") { $0.copyWith(title: "Other") } }
        try await store.write { tx in try tx.delete(Album.self, id: "b1") }
        try await store.write { tx in try tx.insert(T.album("b1", by: T.miles, 1999)) }
        let versions = await live.waitFor(4)
        #expect(versions.count == 4)
        #expect(versions.map { $0?.title } == ["Album b1", "Pastel Blues", nil, "Album b1"])
        #expect(versions.last??.year == 1999)
    }

    @Test func deleteRulesReachObservedLists() async throws {
        let store = try await T.filledStore()
        try await store.write { tx in
            try tx.insert(Track(id: "t1", title: "Lilac Wine", album: Ref(id: "b1")))
            try tx.insert(Track(id: "t2", title: "Trane", album: Ref(id: "b4")))
        }
        let query = StoreQuery<Track>(sortBy: [SortDescriptor(\.title)])
        let live = ChangeCollector(try await store.observe(query))
        try await store.write { tx in try tx.delete(Album.self, id: "b1") }
        let changes = await live.waitFor(2)
        #expect(changes.last?.deletions == [0])
        #expect(live.replay().rows.map(\.id) == ["t2"])
    }

    @Test func observationsEndWithTheirConsumerAndWithTheStore() async throws {
        var store: Store? = try await T.filledStore()
        let query = ChangeCollector(try await store!.observe(StoreQuery<Album>()))
        let object = ChangeCollector(try await store!.observe(Album.self, id: "b1"))
        let relation = ChangeCollector(try await store!.observe(Artist.albums, of: "a1"))
        #expect(try await store!.changeSubscriberCount(of: Album.self) == 3)
        query.cancel()
        #expect(
            try await StoreConcurrencyTests.eventually { try await store!.changeSubscriberCount(of: Album.self) == 2 })
        store = nil
        #expect(await object.waitForEnd())
        #expect(await relation.waitForEnd())
    }

    @Test func aQueryOfATypeTheStoreLacksIsAnError() async throws {
        let store = try Store(models: [Artist.self])
        await #expect(throws: StoreError.unknownModel("Album")) { try await store.observe(StoreQuery<Album>()) }
        await #expect(throws: StoreError.unknownModel("Album")) { try await store.observe(Album.self, id: "b1") }
    }
}
