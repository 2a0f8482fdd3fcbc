import Etch
import EtchStore
import Foundation
import Testing

/// An error a transaction's body throws.
struct Abandoned: Error {}

extension StoreTests {
    @Test func aThrownErrorChangesNothing() async throws {
        let store = try await Self.filledStore()
        await #expect(throws: Abandoned.self) {
            try await store.write { tx in
                try tx.insert(Artist(id: "a9", name: "New", slug: "new"))
                try tx.delete(Album.self, id: "b1")
                throw Abandoned()
            }
        }
        #expect(try await store.count(Artist.self) == 3)
        #expect(try await store.object(Album.self, id: "b1") != nil)
        #expect(try await store.unique(Artist.self, \.slug, "new") == nil)
    }

    @Test func aUniqueViolationNamesTypeFieldValueAndHolderAndChangesNothing() async throws {
        let store = try await Self.filledStore()
        let error = await #expect(throws: StoreError.self) {
            try await store.write { tx in
                try tx.insert(Album(id: "b9", title: "Kept out", artist: Ref(id: "a1"), year: 2000))
                try tx.insert(Artist(id: "a9", name: "Impostor", slug: "nina"))
            }
        }
        #expect(
            error
                == .uniqueViolation(
                    model: "Artist", field: "slug", value: "\"nina\"", existingID: "\"a1\"", newID: "\"a9\""))
        #expect(error?.description.contains("Artist.slug must be unique") == true)
        #expect(try await store.object(Album.self, id: "b9") == nil)
        #expect(try await store.count(Artist.self) == 3)
    }

    @Test func aValueGivenUpInTheSameTransactionCanBeTaken() async throws {
        let store = try await Self.filledStore()
        try await store.write { tx in
            try tx.update(Artist.self, id: "a1") { $0.copyWith(slug: "simone") }
            try tx.insert(Artist(id: "a9", name: "Another Nina", slug: "nina"))
        }
        #expect(try await store.unique(Artist.self, \.slug, "nina")?.id == "a9")
        #expect(try await store.unique(Artist.self, \.slug, "simone")?.id == "a1")
        // Two new objects with one value in one transaction: the second is refused.
        await #expect(throws: StoreError.self) {
            try await store.write { tx in
                try tx.insert(Artist(id: "x1", name: "X", slug: "twin"))
                try tx.insert(Artist(id: "x2", name: "Y", slug: "twin"))
            }
        }
    }

    @Test func readsInsideATransactionSeeItsOwnChanges() async throws {
        let store = try await Self.filledStore()
        let seen = try await store.write { tx in
            try tx.insert(Artist(id: "a9", name: "New", slug: "new"))
            try tx.delete(Artist.self, id: "a1")
            return [try tx.object(Artist.self, id: "a9")?.name, try tx.object(Artist.self, id: "a1")?.name]
        }
        #expect(seen == ["New", nil])
        await #expect(throws: StoreError.notFound(model: "Album", id: "\"zz\"")) {
            try await store.write { tx in try tx.update(Album.self, id: "zz") { $0 } }
        }
    }

    @Test func localValuesCarryOverUnlessReplaced() async throws {
        let store = try await Self.filledStore()
        try await store.write { tx in
            try tx.update(Album.self, id: "b1") { $0.replacingLocalValues(Album.LocalValues(isPlaying: true)) }
        }
        let fresh = Self.album("b1", by: Self.nina, 1965, rating: 5)
        try await store.write { tx in try tx.insert(fresh) }
        #expect(try await store.object(Album.self, id: "b1")?.isPlaying == true)
        #expect(try await store.object(Album.self, id: "b1")?.rating == 5)
        try await store.write { tx in try tx.insert(fresh, localValues: .replace) }
        #expect(try await store.object(Album.self, id: "b1")?.isPlaying == false)
    }

    @Test func eachCommitIsOneChangePerAffectedTypeInOrder() async throws {
        let store = try await Self.filledStore()
        let albums = try await store.changes(of: Album.self)
        let artists = try await store.changes(of: Artist.self)
        try await store.write { tx in
            try tx.insert(Self.album("b7", by: Self.fela, 1977))
            try tx.update(Album.self, id: "b1") { $0.copyWith(title: "Renamed") }
            try tx.delete(Album.self, id: "b2")
            try tx.insert(Artist(id: "a9", name: "New", slug: "new"))
        }
        try await store.write { tx in try tx.delete(Artist.self, id: "a9") }
        // A write that changes nothing publishes nothing and takes no commit number.
        try await store.write { tx in
            if let same = try tx.object(Album.self, id: "b3") { try tx.insert(same) }
        }
        try await store.clear(Album.self)

        var albumIterator = albums.makeAsyncIterator()
        let first = try #require(await albumIterator.next())
        #expect(first.commit == 2)  // the filled store made commit 1
        #expect(first.inserted.map(\.id) == ["b7"] && first.updated.map(\.title) == ["Renamed"])
        #expect(first.deleted.map(\.id) == ["b2"])
        let cleared = try #require(await albumIterator.next())
        #expect(cleared.commit == 4 && cleared.deleted.count == 6 && cleared.inserted.isEmpty)

        var artistIterator = artists.makeAsyncIterator()
        #expect(await artistIterator.next()?.inserted.map(\.id) == ["a9"])
        let second = await artistIterator.next()
        #expect(second?.commit == 3 && second?.deleted.map(\.id) == ["a9"])
    }

    @Test(.timeLimit(.minutes(1))) func changeStreamsEndWhenTheStoreGoesAway() async throws {
        var store: Store? = try await Self.filledStore()
        let albums = try #require(try await store?.changes(of: Album.self))
        store = nil
        var iterator = albums.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    /// An observation's stream keeps what commits sent before its consumer reads, in commit
    /// order, also when the consumer reads some in between, and ends after the last once
    /// the store goes away; a query's stream as well.
    @Test(.timeLimit(.minutes(1))) func changesSentBeforeTheyAreReadArriveInOrderThenTheStreamEnds() async throws {
        var store: Store? = try Store(models: EtchModels.all)
        let artist = try #require(try await store?.observe(Artist.self, id: "a1"))
        let query = StoreQuery<Artist>(
            predicate: #Predicate { $0.country == "US" }, sortBy: [SortDescriptor(\.name)], fetchLimit: 5)
        let list = try #require(try await store?.observe(query))
        func rename(_ round: Int) async throws {
            try await store?.write { tx in try tx.update(Artist.self, id: "a1") { $0.copyWith(name: "Nina \(round)") } }
        }
        try await store?.write { tx in try tx.insert(Self.nina) }
        try await rename(1)
        try await rename(2)
        var names: [String?] = []
        var iterator = artist.makeAsyncIterator()
        for _ in 0..<2 { names.append(try #require(await iterator.next())?.name) }
        try await rename(3)
        try await rename(4)
        try await store?.write { tx in _ = try tx.delete(Artist.self, id: "a1") }
        store = nil
        while let object = await iterator.next() { names.append(object?.name) }
        #expect(names == [nil, "Nina Simone", "Nina 1", "Nina 2", "Nina 3", "Nina 4", nil])
        var rows: [Artist] = []
        var shown: [[String]] = []
        for await change in list {
            change.apply(to: &rows)
            shown.append(rows.map(\.name))
        }
        #expect(shown == [[], ["Nina Simone"], ["Nina 1"], ["Nina 2"], ["Nina 3"], ["Nina 4"], []])
    }

    @Test func clearRemovesOneTypeOrAll() async throws {
        let store = try await Self.filledStore()
        try await store.clear(Album.self)
        #expect(try await store.count(Album.self) == 0)
        #expect(try await store.count(Artist.self) == 3)
        #expect(try await store.objects(Album.self, where: \.artist, is: Ref(Self.nina)).isEmpty)
        try await store.clear()
        #expect(await store.count == 0)
        #expect(try await store.unique(Artist.self, \.slug, "nina") == nil)
    }
}
