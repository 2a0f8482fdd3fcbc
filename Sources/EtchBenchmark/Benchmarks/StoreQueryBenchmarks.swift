import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

/// `#Predicate` queries a list screen writes, through ``Store/fetch(_:)``, against the index
/// methods that answer the same question: a sorted page of one group (a named genre, the nil
/// genre), a count of one artist's albums, one artist's ~100 albums, and the newcomer's
/// "open issues, newest 10" as a fetch and as a live query's first result.
///
/// Both sides read the same store and must first give the same answers, in the same order.
enum StoreQueryBenchmarks {
    /// The genres albums have; every eleventh album has none.
    static let genres = ["rock", "jazz", "pop", "folk", "soul", "blues", "punk", "metal", "funk", "house"]

    /// Runs the query rows at 100k albums and 50k issues (a tenth with `--quick`).
    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let label = DataSourceBenchmarks.short(size)
        let issueLabel = DataSourceBenchmarks.short(size / 2)
        let names = (
            page: "store query: genre == g, year desc, limit 20 offset 40 vs sorted(inGroup:), \(label) objects",
            nilPage: "store query: genre == nil, year desc, limit 20 offset 40 vs sorted(inGroup:), \(label) objects",
            count: "store fetchCount: artist == a vs the index's objects, \(label) objects",
            artist: "store query: one artist's ~100 albums vs objects(where:is:), \(label) objects",
            issues: "store query: open issues, newest 10 vs sorted(inGroup:), \(issueLabel) objects",
            liveIssues:
                "store live query first result: open issues, newest 10 vs sorted(inGroup:), \(issueLabel) objects"
        )
        let albumRows = [names.page, names.nilPage, names.count, names.artist]
        let issueRows = [names.issues, names.liveIssues]
        if albumRows.contains(where: runner.includes) {
            runner.progress("setting up a store of \(size) albums")
            let store = try Store(models: [QueryAlbum.self])
            try await store.write { tx in try tx.insert(contentsOf: albums(size)) }
            let artists = max(1, size / 100)
            try await page(&runner, name: names.page, store: store, genre: "rock")
            try await page(&runner, name: names.nilPage, store: store, genre: nil)
            // A count compares as a one-element list, so both rows share their checks.
            try await artistRow(
                &runner, name: names.count, store: store, artists: artists, seed: 53,
                etch: { [try await store.fetchCount($0)] }, baseline: { [$0.count] })
            try await artistRow(
                &runner, name: names.artist, store: store, artists: artists, seed: 59,
                etch: { try await store.fetch($0).map(\.id) }, baseline: { $0.map(\.id) })
        }
        if issueRows.contains(where: runner.includes) {
            runner.progress("setting up a store of \(size / 2) issues")
            let store = try Store(models: [QueryIssue.self])
            try await store.write { tx in try tx.insert(contentsOf: issues(size / 2)) }
            try await openIssues(&runner, names: (names.issues, names.liveIssues), store: store)
        }
    }

    /// `count` albums with ids `0..<count`, of `count / 100` artists, years 1950 to 2025 (so
    /// years repeat within a genre and ties fall to the id).
    static func albums(_ count: Int) -> [QueryAlbum] {
        var random = SeededGenerator(seed: 43)
        let artists = max(1, count / 100)
        return (0..<count).map { id in
            QueryAlbum(
                id: id, title: "Album \(id)", artist: random.int(in: 0...artists - 1),
                genre: id % 11 == 0 ? nil : random.pick(genres), year: random.int(in: 1950...2025),
                rating: Double(random.int(in: 0...50)) / 10)
        }
    }

    /// `count` issues, a third of them open, updated over the last year.
    static func issues(_ count: Int) -> [QueryIssue] {
        var random = SeededGenerator(seed: 47)
        let start = Date(timeIntervalSinceReferenceDate: 780_000_000)
        return (0..<count).map { id in
            QueryIssue(
                id: id, title: "Issue \(id)", state: random.chance(1 / 3) ? "open" : "closed",
                updatedAt: start.addingTimeInterval(Double(random.int(in: 0...31_536_000))))
        }
    }

    /// The page query of one genre.
    static func pageQuery(genre: String?) -> StoreQuery<QueryAlbum> {
        StoreQuery(
            predicate: #Predicate { $0.genre == genre }, sortBy: [SortDescriptor(\.year, order: .reverse)],
            fetchLimit: 20, fetchOffset: 40)
    }

    private static func page(_ runner: inout Runner, name: String, store: Store, genre: String?) async throws {
        guard runner.includes(name) else { return }
        let indexed = try await store.sorted(
            QueryAlbum.self, by: \.year, inGroup: genre, order: .reverse, limit: 20, offset: 40)
        try expectSame(try await store.fetch(pageQuery(genre: genre)).map(\.id), indexed.map(\.id), "page of \(name)")
        runner.note("plan: \(try await store.plan(for: pageQuery(genre: genre)))")
        let query = pageQuery(genre: genre)
        try await runner.compare(name, requiredRatio: 1.0 / 3) {
            try await store.fetch(query).count
        } baseline: {
            try await store.sorted(QueryAlbum.self, by: \.year, inGroup: genre, order: .reverse, limit: 20, offset: 40)
                .count
        }
    }

    /// A row over one artist's albums: `etch` answers the query `artist == a` through the
    /// store, `baseline` the same from the artist index, for random artists.
    private static func artistRow(
        _ runner: inout Runner, name: String, store: Store, artists: Int, seed: UInt64,
        etch: @escaping (StoreQuery<QueryAlbum>) async throws -> [Int],
        baseline: @escaping ([QueryAlbum]) -> [Int]
    ) async throws {
        guard runner.includes(name) else { return }
        func query(_ artist: Int) -> StoreQuery<QueryAlbum> {
            StoreQuery(predicate: #Predicate { $0.artist == artist })
        }
        func indexed(_ artist: Int) async throws -> [QueryAlbum] {
            try await store.objects(QueryAlbum.self, where: \.artist, is: artist)
        }
        for artist in [0, artists - 1] {
            try expectSame(try await etch(query(artist)), baseline(try await indexed(artist)), "\(name) of \(artist)")
        }
        let queries = (0..<artists).map(query)
        var (etchRandom, indexRandom) = (SeededGenerator(seed: seed), SeededGenerator(seed: seed))
        try await runner.compare(name, requiredRatio: 1.0 / 3) {
            try await etch(queries[etchRandom.int(in: 0...artists - 1)]).reduce(0, +)
        } baseline: {
            baseline(try await indexed(indexRandom.int(in: 0...artists - 1))).reduce(0, +)
        }
    }

    private static func openIssues(_ runner: inout Runner, names: (fetch: String, live: String), store: Store)
        async throws
    {
        let open = "open"
        let query = StoreQuery<QueryIssue>(
            predicate: #Predicate { $0.state == open }, sortBy: [SortDescriptor(\.updatedAt, order: .reverse)],
            fetchLimit: 10)
        func indexed() async throws -> [QueryIssue] {
            try await store.sorted(QueryIssue.self, by: \.updatedAt, inGroup: open, order: .reverse, limit: 10)
        }
        try expectSame(try await store.fetch(query).map(\.id), try await indexed().map(\.id), "open issues")
        runner.note("plan: \(try await store.plan(for: query))")
        try await runner.compare(names.fetch, requiredRatio: 1.0 / 3) {
            try await store.fetch(query).count
        } baseline: {
            try await indexed().count
        }
        guard runner.includes(names.live) else { return }
        func firstResult() async throws -> [QueryIssue] {
            for await change in try await store.observe(query) {
                var rows: [QueryIssue] = []
                change.apply(to: &rows)
                return rows
            }
            return []
        }
        try expectSame(try await firstResult().map(\.id), try await indexed().map(\.id), "live open issues")
        try await runner.compare(names.live, requiredRatio: 1.0 / 3) {
            try await firstResult().count
        } baseline: {
            try await indexed().count
        }
    }
}
