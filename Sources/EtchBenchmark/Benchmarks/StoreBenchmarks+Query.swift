import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

extension StoreBenchmarks {
    /// The query of an album's tracks played more than 10 times, fewest plays first (ties by
    /// id, as the store breaks them).
    static func query(album: Int) -> StoreQuery<Track> {
        StoreQuery<Track>(
            predicate: #Predicate { $0.album == album && $0.plays > 10 }, sortBy: [SortDescriptor(\.plays)])
    }

    /// The naive order of the query: fewest plays first, ties by id.
    static func playsAscending(_ lhs: Track, _ rhs: Track) -> Bool {
        let (left, right) = (lhs.plays, rhs.plays)
        return left != right ? left < right : lhs.id < rhs.id
    }

    /// A Predicate query with an indexed conjunct (`album`, `@index` and the group of the
    /// `@sorted` `plays`) through `store.fetch`, against filtering the array and sorting it
    /// the same way: with the same predicate (`predicate.evaluate` on every track), as the
    /// issue's bar has it, and, in a second row, with a hand-written closure.
    ///
    /// - Parameter names: The rows' names: with the predicate, with the closure.
    static func query(
        _ runner: inout Runner, names: (predicate: String, closure: String), _ setup: Setup, bar: Double?
    ) async throws {
        let (store, tracks, albums) = (setup.store, setup.tracks, setup.albums)
        func filtered(_ query: StoreQuery<Track>) throws -> [Track] {
            guard let predicate = query.predicate else { return tracks.sorted(by: playsAscending) }
            return try tracks.filter { try predicate.evaluate($0) }.sorted(by: playsAscending)
        }
        func handWritten(_ album: Int) -> [Track] {
            tracks.filter { $0.album == album && $0.plays > 10 }.sorted(by: playsAscending)
        }
        runner.note("plan of the store query: \(try await store.plan(for: query(album: 0)))")
        for album in [0, albums / 2, albums - 1] {
            let fetched = try await store.fetch(query(album: album)).map(\.id)
            try expectSame(fetched, try filtered(query(album: album)).map(\.id), "query of album \(album)")
            try expectSame(fetched, handWritten(album).map(\.id), "hand-written query of album \(album)")
        }
        for (name, isPredicate) in [(names.predicate, true), (names.closure, false)] where runner.includes(name) {
            var (etchRandom, naiveRandom) = (SeededGenerator(seed: 37), SeededGenerator(seed: 37))
            // The bar is against the same predicate; the closure row shows the rest.
            try await runner.compare(name, requiredRatio: isPredicate ? bar : nil) {
                try await store.fetch(query(album: etchRandom.int(in: 0...albums - 1))).count
            } baseline: {
                let album = naiveRandom.int(in: 0...albums - 1)
                return try isPredicate ? filtered(query(album: album)).count : handWritten(album).count
            }
        }
    }
}
