import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

/// Relations and live queries against the naive ways: reading an inverse relation against a
/// query over the members' type (CBLModel's way), and following a live query through a
/// commit against running the query again and diffing the results with
/// `CollectionDifference`.
///
/// Each side has its own store of the same 100k tracks (10k with `--quick`), changed the
/// same way, and both must first give the same answers.
enum StoreLiveBenchmarks {
    /// Runs the relation and live query rows.
    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let label = DataSourceBenchmarks.short(size)
        let names = (
            relation: "store inverse relation of 100 vs a query, \(label) objects",
            live: "store live query of \(DataSourceBenchmarks.short(size / 10)), one-object commit, \(label) objects"
        )
        guard [names.relation, names.live].contains(where: runner.includes) else { return }
        runner.progress("setting up two stores of \(size) tracks")
        let tracks = StoreBenchmarks.tracks(size)
        var stores: [Store] = []
        for _ in 0..<2 {
            let store = try Store(models: [Track.self, Record.self])
            try await store.write { tx in
                try tx.insert(contentsOf: tracks)
                try tx.insert(contentsOf: (0..<size / StoreBenchmarks.tracksPerRecord).map { Record(id: $0) })
            }
            stores.append(store)
        }
        let bar: Double? = size == 100_000 ? 100 : nil
        if runner.includes(names.relation) {
            try await relation(&runner, name: names.relation, store: stores[0], records: size / 100, bar: bar)
        }
        if runner.includes(names.live) {
            try await live(&runner, name: names.live, stores: (stores[0], stores[1]), size: size, bar: bar)
        }
    }

    /// The query over tracks that answers what `Record.tracks` holds: those that refer to the
    /// record, most played first, ties by id. No index holds `record`, as in CBLModel.
    static func tracksQuery(of record: Int) -> StoreQuery<Track> {
        let reference = Ref<Record>(id: record)
        return StoreQuery(
            predicate: #Predicate { $0.record == reference }, sortBy: [SortDescriptor(\.plays, order: .reverse)])
    }

    private static func relation(_ runner: inout Runner, name: String, store: Store, records: Int, bar: Double?)
        async throws
    {
        for record in [0, records / 2, records - 1] {
            let related = try await store.related(Record.tracks, of: record).map(\.id)
            try expectSame(related, try await store.fetch(tracksQuery(of: record)).map(\.id), "tracks of \(record)")
            try expectSame(related.count, 100, "the number of tracks of \(record)")
        }
        var (etchRandom, naiveRandom) = (SeededGenerator(seed: 41), SeededGenerator(seed: 41))
        try await runner.compare(name, requiredRatio: bar) {
            try await store.related(Record.tracks, of: etchRandom.int(in: 0...records - 1)).count
        } baseline: {
            try await store.fetch(tracksQuery(of: naiveRandom.int(in: 0...records - 1))).count
        }
    }

    /// The tracks of the first tenth of the albums (10% of all), least played first: a list
    /// of 10k results at 100k, answered by the album index.
    static func listQuery(albums: Int) -> StoreQuery<Track> {
        let wanted = Array(0..<max(1, albums / 10))
        return StoreQuery(predicate: #Predicate { wanted.contains($0.album) }, sortBy: [SortDescriptor(\.plays)])
    }

    /// One commit changing the plays of one listed track, then the list as the screen holds
    /// it: from the live query's change (its snapshot, as ``ListMirror`` keeps it), or by
    /// fetching again and diffing with the rows held before.
    private static func live(
        _ runner: inout Runner, name: String, stores: (etch: Store, naive: Store), size: Int, bar: Double?
    ) async throws {
        let query = listQuery(albums: StoreBenchmarks.albums(size))
        let listed = try await stores.etch.fetch(query).map(\.id)
        runner.note("live query: \(listed.count) results; plan \(try await stores.etch.plan(for: query))")
        var changes = try await stores.etch.observe(query).makeAsyncIterator()
        var etchRows = await changes.next()?.snapshot ?? []
        var naiveRows = try await stores.naive.fetch(query)
        var (etchRandom, naiveRandom) = (SeededGenerator(seed: 43), SeededGenerator(seed: 43))

        func commit(_ store: Store, _ random: inout SeededGenerator) async throws {
            let id = listed[random.int(in: 0...listed.count - 1)]
            let plays = random.int(in: 0...10_000)
            try await store.write { tx in try tx.update(Track.self, id: id) { $0.copyWith(plays: plays) } }
        }
        func etch() async throws -> Int {
            try await commit(stores.etch, &etchRandom)
            guard let change = await changes.next() else { throw MismatchError(description: "the live query ended") }
            etchRows = change.snapshot
            return change.moves.count + change.updates.count
        }
        func naive() async throws -> Int {
            try await commit(stores.naive, &naiveRandom)
            let fresh = try await stores.naive.fetch(query)
            let difference = fresh.difference(from: naiveRows).inferringMoves()
            naiveRows = fresh
            return difference.insertions.count
        }
        for round in 0..<3 {
            _ = try await etch()
            _ = try await naive()
            try expectSame(etchRows.map(\.id), naiveRows.map(\.id), "the list after commit \(round)")
        }
        try await runner.compare(name, requiredRatio: bar, etch: etch, baseline: naive)
        try expectSame(etchRows, try await stores.etch.fetch(query), "the live list after the run")
    }
}
