import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension Album {
    /// The README's computed property, which its runtime index reads.
    var isClassic: Bool { year < 1980 }
}

/// The README's Store blocks, run line for line: each test's region holds every line of
/// the README block of its name (see ``ReadmeSnippet``), with assertions between them.
@Suite struct ReadmeStoreTests {}

/// The app's server in the README's `DataSource` block: the jazz albums, best first.
struct ReadmeAPI: Sendable {
    var albums: [Album]

    func albums(offset: Int, limit: Int) async throws -> [Album] { Array(albums.dropFirst(offset).prefix(limit)) }
}

extension ReadmeStoreTests {
    @Test(arguments: ["store", "store-data-source"])
    func theReadmeBlockIsTheTestedCode(_ name: String) throws {
        let snippet = try ReadmeSnippet(name)
        #expect(snippet.missingLines == [], "README lines no test runs")
    }

    @Test func theStoreBlockDoesWhatItSays() async throws {
        let appSupport = FileManager.default.temporaryDirectory.appending(path: "etch-readme-\(UUID())")
        try FileManager.default.createDirectory(at: appSupport, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: appSupport) }
        let otherStore = try Store(models: EtchModels.all)

        // snippet: store
        let store = try Store(url: appSupport.appending(path: "library.sqlite"), models: EtchModels.all)

        // A transaction: everything or nothing. A unique violation, a thrown error or a failed
        // write leaves the store and its file exactly as they were.
        try await store.write { tx in
            try tx.insert(Artist(id: "a1", name: "Nina Simone", slug: "nina"))
            try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965, rating: 4.5))
            try tx.update(Album.self, id: "b1") { $0.copyWith(title: "Pastel Blues (Remastered)") }
            try tx.delete(Album.self, id: "b0")
        }

        _ = try await store.object(Album.self, id: "b1")  // by id, O(1)
        #expect(try await store.object(Album.self, id: "b1")?.title == "Pastel Blues (Remastered)")
        _ = try await store.unique(Artist.self, \.slug, "nina")  // @unique lookup, O(1)
        #expect(try await store.unique(Artist.self, \.slug, "nina")?.id == "a1")
        _ = try await store.objects(Album.self, where: \.artist, is: Ref(id: "a1"))  // @index lookup
        #expect(try await store.objects(Album.self, where: \.artist, is: Ref(id: "a1")).map(\.id) == ["b1"])
        // A sorted range within one group, newest first, with an exact limit and offset: O(log n + k).
        _ = try await store.sorted(Album.self, by: \.year, inGroup: Ref<Artist>(id: "a1"), order: .reverse, limit: 20)
        _ = try await store.sorted(Album.self, by: \.rating, from: 4.0, limit: 10)
        #expect(try await store.sorted(Album.self, by: \.rating, from: 4.0, limit: 10).map(\.id) == ["b1"])

        // Queries in Foundation's own language; the planner uses the indexes it can.
        let nina = Ref<Artist>(id: "a1")
        let query = StoreQuery<Album>(
            predicate: #Predicate { $0.artist == nina && $0.year >= 1960 && $0.year < 1970 },
            sortBy: [SortDescriptor(\.year)], fetchLimit: 20)
        _ = try await store.fetch(query)
        #expect(try await store.fetch(query).map(\.id) == ["b1"])
        _ = try await store.plan(for: query)  // walk Album.year by artist == "a1" in [1960, 1970) in order, …
        #expect(
            try await store.plan(for: query).description.hasPrefix(
                #"walk Album.year by artist == "a1" in [1960, 1970) in order, stopping after 20 matches"#))

        // An index on any key path at runtime, a computed property included
        // (with `extension Album { var isClassic: Bool { year < 1980 } }` at file scope).
        try await store.addIndex(.index("isClassic", \Album.isClassic))
        _ = try await store.objects(Album.self, where: \.isClassic, is: true)
        #expect(try await store.objects(Album.self, where: \.isClassic, is: true).map(\.id) == ["b1"])

        let changes = try await store.changes(of: Album.self)  // one StoreChange per commit that touched albums
        Task { for await change in changes { print(change.inserted, change.updated, change.deleted) } }
        let backup = try await store.exportGraph()  // every object of every type, references as ids
        try await otherStore.importGraph(from: backup)
        // end snippet
        #expect(try await otherStore.object(Album.self, id: "b1")?.title == "Pastel Blues (Remastered)")

        try await theStoreDataSourceBlockDoesWhatItSays(store)
    }

    /// The README's `DataSource` over the store of its Store block.
    func theStoreDataSourceBlockDoesWhatItSays(_ store: Store) async throws {
        // The server's first page: b1 and b2; its second: b3. The store already holds b1.
        let fresh = [
            Album(id: "b2", title: "Wild Is the Wind", artist: Ref(id: "a1"), year: 1966, rating: 4.5),
            Album(id: "b1", title: "Pastel Blues (Remastered)", artist: Ref(id: "a1"), year: 1965, rating: 4.5),
            Album(id: "b3", title: "Little Girl Blue", artist: Ref(id: "a1"), year: 1958, rating: 4),
        ]
        let api = ReadmeAPI(albums: fresh)
        // An offline copy beyond the first page, which no pull to refresh may delete.
        try await store.write { tx in
            try tx.insert(
                Album(id: "b0", title: "Broadway-Blues-Ballads", artist: Ref(id: "a1"), year: 1964, rating: 4))
        }

        // snippet: store-data-source
        let open = try await DataSource<Album>(
            store: store, where: #Predicate { $0.rating >= 4 }, sortedBy: [.descending(\.year)],
            loader: { offset, limit in try await api.albums(offset: offset, limit: limit) })
        try await open.loadNextPage()  // the page is in the store when this returns
        #expect(try await store.object(Album.self, id: "b3") != nil)
        await open.update(id: "b1") { $0.copyWith(title: "Pastel Blues") }  // shows at once
        #expect(await open.object(withID: "b1")?.title == "Pastel Blues")
        try await open.save()  // waits until the store has committed it
        #expect(try await store.object(Album.self, id: "b1")?.title == "Pastel Blues")
        try await open.reload()  // pull to refresh: the store keeps the rest
        #expect(try await store.object(Album.self, id: "b0") != nil)
        try await open.reload(removing: .missingWithinPage)  // the server deleted what the page skips
        // end snippet
        // The page is short, so it covers the whole list: b0, missing from it, leaves.
        #expect(try await store.object(Album.self, id: "b0") == nil)
        #expect(await open.objects.map(\.id) == ["b2", "b1", "b3"])
    }
}
