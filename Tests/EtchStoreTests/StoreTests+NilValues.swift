import Etch
import EtchStore
import Foundation
import Testing

// `nil` on optional indexed fields: a `@unique` field holds it on many objects (nulls are
// exempt from uniqueness), and a query, a live query and an index lookup of `nil` find them
// all, as `predicate.evaluate` does; so do the other kinds of index, and a `nil` group.

extension StoreTests {
    /// Six albums, three of them without a catalog number, some without a chart peak; four
    /// rooms, two of them on no floor.
    static func insertNilValues(into store: Store) async throws {
        try await store.write { tx in
            try tx.insert(contentsOf: [nina, miles, fela])
            try tx.insert(contentsOf: [
                album("b1", by: nina, 1965, rating: 4.5, genre: .jazz).copyWith(catalog: "c1").copyWith(peak: 3),
                album("b2", by: nina, 1959, rating: 4.0, genre: .jazz),
                album("b3", by: nina, 1970, rating: 3.5).copyWith(catalog: "c3").copyWith(peak: 1),
                album("b4", by: miles, 1959, rating: 5.0, genre: .jazz).copyWith(peak: 1),
                album("b5", by: miles, 1970, rating: 4.5, genre: .rock),
                album("b6", by: fela, 1973, rating: 4.0, genre: .pop).copyWith(catalog: "c6"),
            ])
            try tx.insert(contentsOf: [
                Room(id: 1, name: "Blue", floor: 1), Room(id: 2, name: "Attic", floor: nil),
                Room(id: 3, name: "Cellar", floor: nil), Room(id: 4, name: "Dune", floor: 2),
            ])
        }
    }

    /// Runs `body` with a store of `storage` holding the values of ``insertNilValues(into:)``,
    /// and a way to open it again (for a file; the same store in memory).
    static func withNilValues(
        _ storage: StoreStorage, _ body: (_ store: Store, _ reopen: () throws -> Store) async throws -> Void
    ) async throws {
        try await withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            let store = try storage.open(url)
            try await insertNilValues(into: store)
            try await body(store) { storage == .file ? try storage.open(url) : store }
        }
    }

    /// Moves albums into and out of "no catalog number": b2 gets one, b1 loses its own, b7
    /// comes without one, and b4 (without one) is retitled, which keeps its index key.
    static func changeCatalogs(in store: Store) async throws {
        try await store.write { tx in try tx.update(Album.self, id: "b2") { $0.copyWith(catalog: "c2") } }
        try await store.write { tx in try tx.update(Album.self, id: "b1") { $0.copyWith(catalog: nil) } }
        try await store.write { tx in try tx.insert(Self.album("b7", by: Self.fela, 1977)) }
        try await store.write { tx in try tx.update(Album.self, id: "b4") { $0.copyWith(title: "Kind of Blue") } }
    }

    @Test func aQueryForNilOnAUniqueFieldFindsEveryObjectWithoutAValue() async throws {
        let store = try Store(models: EtchModels.all)
        try await Self.insertNilValues(into: store)
        let withoutCatalog = StoreQuery<Album>(predicate: #Predicate { $0.catalog == nil })
        #expect(try await store.plan(for: withoutCatalog).access.description == "lookup Album.catalog in [nil]")
        #expect(try await store.fetch(withoutCatalog).map(\.id) == ["b2", "b4", "b5"])
        #expect(try await store.fetchCount(withoutCatalog) == 3)
        let c3OrNone: [String?] = ["c3", nil]
        let orC3 = StoreQuery<Album>(predicate: #Predicate { c3OrNone.contains($0.catalog) })
        #expect(try await store.plan(for: orC3).access.description == #"lookup Album.catalog in ["c3", nil]"#)
        #expect(try await store.fetch(orC3).map(\.id) == ["b2", "b3", "b4", "b5"])
        // Many albums hold nil: the planner takes the artist's lookup as readily.
        let ninasWithout = StoreQuery<Album>(predicate: #Predicate { $0.catalog == nil && $0.artist.id == "a1" })
        #expect(try await store.plan(for: ninasWithout).access.description == #"lookup Album.artist in ["a1"]"#)
        #expect(try await store.fetch(ninasWithout).map(\.id) == ["b2"])

        try await Self.changeCatalogs(in: store)
        let after = try await store.fetch(withoutCatalog)
        #expect(after.map(\.id) == ["b1", "b4", "b5", "b7"])
        #expect(after.map(\.title) == ["Album b1", "Kind of Blue", "Album b5", "Album b7"])
    }

    @Test func aLiveQueryForNilOnAUniqueFieldFollowsEveryObjectWithoutAValue() async throws {
        let store = try Store(models: EtchModels.all)
        try await Self.insertNilValues(into: store)
        let query = StoreQuery<Album>(predicate: #Predicate { $0.catalog == nil })
        let live = ChangeCollector(try await store.observe(query))
        #expect(await live.waitFor(1).first?.snapshot.map(\.id) == ["b2", "b4", "b5"])

        try await Self.changeCatalogs(in: store)
        let changes = await live.waitFor(5)
        #expect(changes.count == 5)
        let (rows, problems) = live.replay()
        #expect(problems.isEmpty, "\(problems)")
        #expect(rows.map(\.id) == ["b1", "b4", "b5", "b7"])
        #expect(rows == (try await store.fetch(query)))
        #expect(rows.first { $0.id == "b4" }?.title == "Kind of Blue")
    }

    @Test(arguments: StoreStorage.allCases)
    func theIndexLookupOfNilOnAUniqueFieldFindsEveryObjectWithoutAValue(storage: StoreStorage) async throws {
        try await Self.withNilValues(storage) { store, reopen in
            #expect(try await store.objects(Album.self, where: \.catalog, is: nil).map(\.id) == ["b2", "b4", "b5"])
            #expect(try await store.objects(Album.self, where: \.catalog, is: "c3").map(\.id) == ["b3"])
            // `nil` identifies no object: it is exempt from uniqueness.
            #expect(try await store.unique(Album.self, \.catalog, nil) == nil)
            #expect(try await store.unique(Album.self, \.catalog, "c3")?.id == "b3")

            try await Self.changeCatalogs(in: store)
            var found = try await store.objects(Album.self, where: \.catalog, is: nil)
            #expect(found.map(\.id) == ["b1", "b4", "b5", "b7"])
            #expect(found.map(\.title) == ["Album b1", "Kind of Blue", "Album b5", "Album b7"])
            #expect(try await store.objects(Album.self, where: \.catalog, is: "c2").map(\.id) == ["b2"])
            // Albums without a value never collide; two with one value do.
            try await store.write { tx in try tx.insert(Self.album("b8", by: Self.fela, 1978)) }
            await #expect(throws: StoreError.self) {
                try await store.write { tx in
                    try tx.insert(Self.album("b9", by: Self.fela, 1979).copyWith(catalog: "c3"))
                }
            }
            // Reopened, the index is built in one pass.
            found = try await reopen().objects(Album.self, where: \.catalog, is: nil)
            #expect(found.map(\.id) == ["b1", "b4", "b5", "b7", "b8"])
            #expect(found.map(\.title) == ["Album b1", "Kind of Blue", "Album b5", "Album b7", "Album b8"])
        }
    }

    /// Predicates on `nil` and on lists holding it, over every kind of index on an optional
    /// field of Album.
    static var nilAlbumPredicates: [(name: String, predicate: Predicate<Album>)] {
        let jazz = Genre.jazz
        let genres: [Genre?] = [nil, .jazz]
        let catalogs: [String?] = [nil, "c6"]
        let peaks: [Int?] = [1, nil]
        return [
            ("unique, nil", #Predicate { $0.catalog == nil }),
            ("unique, nil first", #Predicate { nil == $0.catalog }),
            ("unique, not nil", #Predicate { $0.catalog != nil }),
            ("unique, in with nil", #Predicate { catalogs.contains($0.catalog) }),
            (
                "unique, contains(where:) with nil",
                #Predicate { album in catalogs.contains(where: { $0 == album.catalog }) }
            ),
            ("unique, nil and a lookup", #Predicate { $0.catalog == nil && $0.artist.id == "a2" }),
            ("unique, nil or a lookup", #Predicate { $0.catalog == nil || $0.genre == jazz }),
            ("unique, nil and a range", #Predicate { $0.catalog == nil && $0.rating >= 4.5 }),
            ("index, nil", #Predicate { $0.genre == nil }),
            ("index, in with nil", #Predicate { genres.contains($0.genre) }),
            ("sorted, nil", #Predicate { $0.peak == nil }),
            ("sorted, not nil", #Predicate { $0.peak != nil }),
            ("sorted, in with nil", #Predicate { peaks.contains($0.peak) }),
            ("sorted, nil and a range", #Predicate { $0.peak == nil && $0.rating > 4 }),
            ("sorted, a bound through ??", #Predicate { ($0.peak ?? 0) >= 1 }),
            ("sorted, a bound through flatMap", #Predicate { $0.peak.flatMap { $0 > 1 } ?? false }),
        ]
    }

    /// Predicates on a `nil` group, and on lists holding it.
    static var nilRoomPredicates: [(name: String, predicate: Predicate<Room>)] {
        let floors: [Int?] = [nil, 2]
        return [
            ("group, nil", #Predicate { $0.floor == nil }),
            ("group, nil and a range", #Predicate { $0.floor == nil && $0.name >= "B" }),
            ("group, in with nil", #Predicate { floors.contains($0.floor) }),
            ("group, not nil", #Predicate { $0.floor != nil }),
            ("group, through ??", #Predicate { ($0.floor ?? 0) == 0 }),
        ]
    }

    @Test(arguments: StoreStorage.allCases)
    func queriesForNilAgreeWithAFilterOnEveryKindOfIndex(storage: StoreStorage) async throws {
        try await Self.withNilValues(storage) { store, reopen in
            try await Self.changeCatalogs(in: store)
            let reopened = try reopen()
            try await Self.expectAFilter(of: Self.nilAlbumPredicates, in: reopened)
            try await Self.expectAFilter(of: Self.nilRoomPredicates, in: reopened)
        }
    }

    /// Expects the store's answer to each predicate to be a plain filter of its objects.
    static func expectAFilter<Model: IdentifiedModel>(
        of predicates: [(name: String, predicate: Predicate<Model>)], in store: Store
    ) async throws {
        let objects = try await store.objects(Model.self)
        for (name, predicate) in predicates {
            let query = StoreQuery(predicate: predicate)
            let expected = try objects.filter { try predicate.evaluate($0) }
            let plan = try await store.plan(for: query)
            #expect(try await store.fetch(query).map(\.id) == expected.map(\.id), "\(name): \(plan)")
        }
    }
}
