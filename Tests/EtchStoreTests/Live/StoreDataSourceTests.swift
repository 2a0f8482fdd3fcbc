import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

/// A data source over a store: it shows what a query matches, follows commits, and writes
/// through; its API works as with a file.
@Suite struct StoreDataSourceTests {}

extension StoreDataSourceTests {
    typealias T = StoreTests

    static let jazz = Genre.jazz

    /// The jazz albums, by year: the data source's contents as the store answers them.
    static func jazzAlbums(in store: Store) async throws -> [Album] {
        let jazz = Self.jazz
        return try await store.fetch(
            StoreQuery<Album>(predicate: #Predicate { $0.genre == jazz }, sortBy: [SortDescriptor(\.year)]))
    }

    static func jazzSource(_ store: Store, loader: DataSource<Album>.PageLoader? = nil) async throws -> DataSource<
        Album
    > {
        let jazz = Self.jazz
        return try await DataSource<Album>(
            store: store, where: #Predicate { $0.genre == jazz }, sortedBy: [.ascending(\.year)], pageSize: 2,
            loader: loader)
    }

    /// Waits until the data source shows what the store answers.
    static func settles(_ source: DataSource<Album>, _ store: Store) async throws -> Bool {
        try await StoreConcurrencyTests.eventually {
            let expected = try await jazzAlbums(in: store)
            let shown = await source.objects
            return StoreTests.sameWithLocals(shown, expected)
        }
    }

    @Test func itShowsWhatTheQueryMatchesAndFollowsCommits() async throws {
        let store = try await T.filledStore()
        let source = try await Self.jazzSource(store)
        #expect(await source.objects.map(\.id) == ["b2", "b4", "b1"])
        try await store.write { tx in
            try tx.insert(T.album("b7", by: T.fela, 1962, genre: .jazz))
            try tx.update(Album.self, id: "b4") { $0.copyWith(genre: .rock) }
            try tx.delete(Album.self, id: "b1")
            try tx.update(Album.self, id: "b5") { $0.copyWith(genre: .jazz) }
        }
        #expect(try await Self.settles(source, store))
        #expect(await source.objects.map(\.id) == ["b2", "b7", "b5"])
    }

    @Test func itsWritesReachTheStoreWithTheirLocalValues() async throws {
        let store = try await T.filledStore()
        let source = try await Self.jazzSource(store)
        await source.sortAndAdd(
            T.album("b8", by: T.miles, 1940, genre: .jazz).copyWith(isPlaying: true), localValues: .replace)
        await source.update(id: "b1") { $0.copyWith(year: 1900) }
        await source.remove(id: "b2")
        #expect(await source.objects.map(\.id) == ["b1", "b8", "b4"])
        try await source.save()
        #expect(await source.hasUnsavedChanges == false)
        #expect(try await store.object(Album.self, id: "b8")?.isPlaying == true)
        #expect(try await store.object(Album.self, id: "b1")?.year == 1900)
        #expect(try await store.object(Album.self, id: "b2") == nil)
        #expect(try await Self.settles(source, store))
    }

    @Test func anObjectTheQueryDoesNotMatchGoesToTheStoreOnly() async throws {
        let store = try await T.filledStore()
        let source = try await Self.jazzSource(store)
        let changes = ChangeCollector(await source.changes())
        await source.sortAndAdd(T.album("b9", by: T.fela, 1990, genre: .pop))
        try await source.save()
        #expect(try await store.object(Album.self, id: "b9") != nil)
        #expect(try await Self.settles(source, store))
        #expect(await source.objects.contains { $0.id == "b9" } == false)
        let shown = await source.objects
        #expect(await StoreConcurrencyTests.eventually { changes.replay().rows == shown })
        #expect(changes.replay().problems.isEmpty, "\(changes.replay().problems)")
        // One change added it, the next took it out.
        #expect(changes.elements.count == 3)
    }

    @Test func pagesGoIntoTheStore() async throws {
        let store = try await T.filledStore()
        let pages = (0..<5).map { T.album("p\($0)", by: T.nina, 1980 + $0, genre: .jazz) }
        let source = try await Self.jazzSource(store) { offset, limit in
            Array(pages.dropFirst(offset).prefix(limit))
        }
        try await source.loadNextPage()
        try await source.loadNextPage()
        try await source.save()
        #expect(try await store.object(Album.self, id: "p3")?.year == 1983)
        #expect(try await store.object(Album.self, id: "p4") == nil)
        #expect(try await Self.settles(source, store))
        #expect(await source.count == 7)

        // A reload replaces the first page and keeps the rest, in the store too.
        try await source.reload()
        #expect(try await Self.jazzAlbums(in: store).count == 7)
        #expect(try await Self.settles(source, store))
    }

    /// An offline cache of 8 issues; the server's first page holds 3 of them.
    static func offlineCache() async throws -> (Store, DataSource<Album>, ServerPages) {
        let store = try Store(models: EtchModels.all)
        let cached = (0..<8).map { T.album("c\($0)", by: T.nina, 1960 + $0, genre: .jazz) }
        try await store.write { tx in
            try tx.insert(T.nina)
            try tx.insert(contentsOf: cached)
        }
        let server = ServerPages(cached)
        let jazz = Self.jazz
        let source = try await DataSource<Album>(
            store: store, where: #Predicate { $0.genre == jazz }, sortedBy: [.ascending(\.year)], pageSize: 3,
            loader: { offset, limit in await server.page(offset: offset, limit: limit) })
        return (store, source, server)
    }

    @Test func aPullToRefreshKeepsTheOfflineCache() async throws {
        let (store, source, server) = try await Self.offlineCache()
        await server.change { $0[1] = $0[1].copyWith(title: "Fresh") }
        try await source.reload()
        // Once reload returns, the store has the fresh page and still every cached album.
        #expect(try await store.count(Album.self) == 8)
        #expect(try await store.object(Album.self, id: "c1")?.title == "Fresh")
        #expect(await source.count == 8)
    }

    @Test func reloadRemovesFromTheStoreOnlyWhatItIsToldTo() async throws {
        let (store, source, server) = try await Self.offlineCache()
        // The server deleted c1: its first page is now c0, c2, c3.
        await server.change { $0.remove(at: 1) }
        try await source.reload(removing: .missingWithinPage)
        #expect(try await Self.jazzAlbums(in: store).map(\.id) == ["c0", "c2", "c3", "c4", "c5", "c6", "c7"])
        try await source.reload(removing: .allMissing)
        #expect(try await Self.jazzAlbums(in: store).map(\.id) == ["c0", "c2", "c3"])
        #expect(await source.objects.map(\.id) == ["c0", "c2", "c3"])
    }

    @Test func aWriteTheStoreRefusesIsReportedAndUndone() async throws {
        let store = try await T.filledStore()
        let artists = try await DataSource<Artist>(store: store, sortedBy: [.ascending(\.name)])
        #expect(await artists.count == 3)
        // "nina" is Nina Simone's slug: the store's unique index refuses a second holder.
        await artists.sortAndAdd(Artist(id: "a9", name: "Impostor", slug: "nina"))
        #expect(await artists.count == 4)
        await #expect(throws: DataSourceError.self) { try await artists.save() }
        guard case .storeWriteFailed(let reason)? = await artists.saveError else {
            Issue.record("no store error: \(String(describing: await artists.saveError))")
            return
        }
        #expect(reason.contains("slug"))
        #expect(await artists.objects.map(\.id) == ["a3", "a2", "a1"])
        #expect(try await store.count(Artist.self) == 3)
    }

    @Test func aDataSourceThatGoesAwayEndsItsObservation() async throws {
        let store = try await T.filledStore()
        var source: DataSource<Album>? = try await Self.jazzSource(store)
        #expect(try await store.changeSubscriberCount(of: Album.self) == 1)
        #expect(await source?.count == 3)
        source = nil
        #expect(
            try await StoreConcurrencyTests.eventually { try await store.changeSubscriberCount(of: Album.self) == 0 })
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func writesFromBothSidesSettleOnWhatTheStoreHolds(seed: UInt64) async throws {
        let store = try await T.filledStore()
        let source = try await Self.jazzSource(store)
        let changes = ChangeCollector(await source.changes())
        var random = SeededGenerator(seed: seed)
        let genres: [Genre?] = [nil, .jazz, .jazz, .rock]
        for step in 0..<60 {
            let id = "r\(Int.random(in: 0..<12, using: &random))"
            let year = 1950 + Int.random(in: 0..<40, using: &random)
            let genre = genres.randomElement(using: &random)!
            switch Int.random(in: 0..<6, using: &random) {
            case 0: await source.sortAndAdd(T.album(id, by: T.nina, year, genre: genre))
            case 1: await source.update(id: id) { $0.copyWith(year: year) }
            case 2: await source.remove(id: id)
            case 3: try await store.write { tx in try tx.insert(T.album(id, by: T.miles, year, genre: genre)) }
            case 4: try await store.write { tx in _ = try tx.delete(Album.self, id: id) }
            default:
                try await store.write { tx in
                    guard try tx.object(Album.self, id: id) != nil else { return }
                    try tx.update(Album.self, id: id) { $0.copyWith(genre: genre).copyWith(isPlaying: step % 2 == 0) }
                }
            }
        }
        try await source.save()
        #expect(try await Self.settles(source, store), "seed \(seed)")
        let shown = await source.objects
        #expect(await StoreConcurrencyTests.eventually { LiveQueryTests.same(changes.replay().rows, shown) })
        #expect(changes.replay().problems.isEmpty, "\(changes.replay().problems)")
    }
}

extension StoreTests {
    /// Whether two lists hold the same objects in order, `@local` values included.
    static func sameWithLocals<Model: IdentifiedModel>(_ lhs: [Model], _ rhs: [Model]) -> Bool {
        LiveQueryTests.same(lhs, rhs)
    }
}

/// A server's list of albums, served in pages, that a test can change.
actor ServerPages {
    private var albums: [Album]

    init(_ albums: [Album]) { self.albums = albums }

    func change(_ body: (inout [Album]) -> Void) { body(&albums) }

    func page(offset: Int, limit: Int) -> [Album] { Array(albums.dropFirst(offset).prefix(limit)) }
}
