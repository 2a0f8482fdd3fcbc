import Etch
import EtchBenchmarkSupport
import EtchStore

/// Finding tracks through a ``Store``'s indexes against the naive way: scanning an array of
/// the same models with `filter`, `first(where:)` or `filter` + `sorted` + `prefix`.
///
/// Both sides hold the same tracks (an array in id order, a store in memory), are asked the
/// same sequence of questions (one seeded generator per side), and must first give the same
/// answers, in the same order.
enum StoreBenchmarks {
    /// How many tracks share an album, on average.
    static let tracksPerAlbum = 100

    /// Runs the lookup, query and range rows at 100k tracks (10k with `--quick`).
    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let label = DataSourceBenchmarks.short(size)
        let names = (
            index: "store @index lookup, \(label) objects", unique: "store @unique lookup, \(label) objects",
            query: "store Predicate query, indexed conjunct, \(label) objects",
            queryClosure: "store Predicate query vs a closure filter, \(label) objects",
            range: "store sorted range in group, limit 20, \(label) objects"
        )
        guard
            [names.index, names.unique, names.query, names.queryClosure, names.range].contains(where: runner.includes)
        else { return }
        runner.progress("setting up a store of \(size) tracks")
        let tracks = tracks(size)
        let store = try Store(models: [Track.self])
        try await store.write { tx in try tx.insert(contentsOf: tracks) }
        let bar: Double? = size == 100_000 ? 100 : nil
        let setup = Setup(store: store, tracks: tracks, albums: albums(size))

        if runner.includes(names.index) { try await indexLookup(&runner, name: names.index, setup, bar: bar) }
        if runner.includes(names.unique) { try await uniqueLookup(&runner, name: names.unique, setup, bar: bar) }
        if [names.query, names.queryClosure].contains(where: runner.includes) {
            try await query(&runner, names: (names.query, names.queryClosure), setup, bar: bar)
        }
        if runner.includes(names.range) { try await groupRange(&runner, name: names.range, setup, bar: bar) }
    }

    /// What every lookup row reads: the same tracks in a store and in an array.
    struct Setup {
        var store: Store
        /// The tracks, in id order.
        var tracks: [Track]
        /// The number of albums; album numbers are `0..<albums`.
        var albums: Int
    }

    /// How many tracks refer to each record: tracks `100 * r ..< 100 * (r + 1)` refer to record `r`.
    static let tracksPerRecord = 100

    /// The number of albums of `count` tracks.
    static func albums(_ count: Int) -> Int { max(1, count / tracksPerAlbum) }

    /// `count` tracks with ids `0..<count`, spread at random over ``albums(_:)`` albums, with
    /// plays from 0 to 10,000 (so plays repeat within an album now and then, and ties fall to
    /// the id) and a unique code.
    static func tracks(_ count: Int) -> [Track] {
        var random = SeededGenerator(seed: 17)
        let albums = albums(count)
        return (0..<count).map { id in
            Track(
                id: id, code: code(id), album: random.int(in: 0...albums - 1), plays: random.int(in: 0...10_000),
                title: "Track \(id)", score: Double(id) / 7, record: Ref(id: id / tracksPerRecord))
        }
    }

    /// The unique code of the track with an id.
    static func code(_ id: Int) -> String { "TR-\(id)" }

    /// The naive order of a range read backwards: most plays first, ties by id ascending, as every Etch read breaks them.
    static func playsDescending(_ lhs: Track, _ rhs: Track) -> Bool {
        let (left, right) = (lhs.plays, rhs.plays)
        return left != right ? left > right : lhs.id < rhs.id
    }

    static func indexLookup(_ runner: inout Runner, name: String, _ setup: Setup, bar: Double?) async throws {
        let (store, tracks, albums) = (setup.store, setup.tracks, setup.albums)
        for album in [0, albums / 2, albums - 1] {
            try expectSame(
                try await store.objects(Track.self, where: \.album, is: album).map(\.id),
                tracks.filter { $0.album == album }.map(\.id), "tracks of album \(album)")
        }
        var (etchRandom, naiveRandom) = (SeededGenerator(seed: 19), SeededGenerator(seed: 19))
        try await runner.compare(name, requiredRatio: bar) {
            let album = etchRandom.int(in: 0...albums - 1)
            return try await store.objects(Track.self, where: \.album, is: album).count
        } baseline: {
            let album = naiveRandom.int(in: 0...albums - 1)
            return tracks.filter { $0.album == album }.count
        }
    }

    static func uniqueLookup(_ runner: inout Runner, name: String, _ setup: Setup, bar: Double?) async throws {
        let (store, tracks) = (setup.store, setup.tracks)
        for id in [0, tracks.count / 2, tracks.count - 1] {
            try expectSame(
                try await store.unique(Track.self, \.code, code(id))?.id, tracks.first { $0.code == code(id) }?.id,
                "track of code \(code(id))")
        }
        try expectSame(try await store.unique(Track.self, \.code, "none")?.id, nil, "track of an unknown code")
        // Codes of tracks anywhere in the array, so a scan stops half-way on average.
        var (etchRandom, naiveRandom) = (SeededGenerator(seed: 23), SeededGenerator(seed: 23))
        try await runner.compare(name, requiredRatio: bar) {
            let wanted = code(etchRandom.int(in: 0...tracks.count - 1))
            return try await store.unique(Track.self, \.code, wanted)?.plays ?? -1
        } baseline: {
            let wanted = code(naiveRandom.int(in: 0...tracks.count - 1))
            return tracks.first { $0.code == wanted }?.plays ?? -1
        }
    }

    private static func groupRange(_ runner: inout Runner, name: String, _ setup: Setup, bar: Double?) async throws {
        let (store, tracks, albums) = (setup.store, setup.tracks, setup.albums)
        func naiveTop(_ album: Int) -> [Track] {
            Array(tracks.filter { $0.album == album }.sorted(by: playsDescending).prefix(20))
        }
        for album in [0, albums / 2, albums - 1] {
            try expectSame(
                try await store.sorted(Track.self, by: \.plays, inGroup: album, order: .reverse, limit: 20).map(\.id),
                naiveTop(album).map(\.id), "top tracks of album \(album)")
        }
        var (etchRandom, naiveRandom) = (SeededGenerator(seed: 29), SeededGenerator(seed: 29))
        try await runner.compare(name, requiredRatio: bar) {
            let album = etchRandom.int(in: 0...albums - 1)
            return try await store.sorted(Track.self, by: \.plays, inGroup: album, order: .reverse, limit: 20)
                .first?.plays ?? -1
        } baseline: {
            naiveTop(naiveRandom.int(in: 0...albums - 1)).first?.plays ?? -1
        }
    }
}
