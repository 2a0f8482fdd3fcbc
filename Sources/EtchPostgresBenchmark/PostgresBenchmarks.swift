import Etch
import EtchPostgres
import Foundation

/// Every row, in the order the report lists them, on one server: the albums inserted into
/// both sides' tables, then the reads, then the commits.
enum PostgresBenchmarks {
    /// What the rows read after the insert: keys known to be in the tables, and albums to
    /// write back.
    struct Inserted {
        /// The number of albums in each table.
        var count: Int
        /// The number of artists the albums are spread over.
        var artists: Int
        /// The catalog numbers of albums spread over the table (their years are random, so
        /// they are kept rather than computed).
        var catalogs: [String]
        /// The first albums, their rating changed: what the commit row writes.
        var changed: [AlbumRecord]
    }

    /// Runs the rows the options select.
    static func run(_ runner: inout Runner, url: String) async throws {
        let count = runner.options.count
        let label = short(count)
        let baseline = try await insertAll(&runner, url: url, label: label)
        let etch = try await EtchAlbums(connectionString: url)
        let albums = try BaselineAlbums(connectionString: url)
        try await reads(&runner, etch: etch, baseline: albums, inserted: baseline, label: label)
        if runner.options.breakdown {
            try await breakdown(&runner, etch: etch, baseline: albums, inserted: baseline, url: url, label: label)
        }
        try await commits(&runner, etch: etch, baseline: albums, inserted: baseline, url: url, label: label)
        await etch.store.close()
    }

    /// `100k albums`, `1M albums`.
    static func short(_ count: Int) -> String {
        (count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k") + " albums"
    }

    // MARK: - Insert

    /// Makes both tables anew and inserts the same albums into each, batch by batch, Etch's
    /// and the hand-written insert of each batch timed in alternation; records the row.
    static func insertAll(_ runner: inout Runner, url: String, label: String) async throws -> Inserted {
        let count = runner.options.count
        let name = "insert all (multi-row INSERT of \(BaselineAlbums.batchSize)), \(label)"
        if runner.includes(name) { runner.progress(name) } else { runner.note("inserting \(label) into both tables") }
        try await EtchAlbums.create(connectionString: url)
        try BaselineAlbums.create(connectionString: url)
        let etch = try await EtchAlbums(connectionString: url)
        let baseline = try BaselineAlbums(connectionString: url)
        var generator = AlbumGenerator(count: count)
        let clock = ContinuousClock()
        var (etchTime, baselineTime) = (Duration.zero, Duration.zero)
        let sampleStride = max(1, count / 10_000)
        var inserted = Inserted(count: count, artists: generator.artists, catalogs: [], changed: [])
        while generator.number < count {
            let records = generator.next(BaselineAlbums.batchSize, of: count)
            let models = try records.map { try LibraryAlbum(jsonString: $0.json) }
            if runner.options.side != .baseline {
                let start = clock.now
                try await etch.insert(models)
                etchTime += start.duration(to: clock.now)
            } else {
                try await etch.insert(models)
            }
            if runner.options.side != .etch {
                let start = clock.now
                try baseline.insert(records)
                baselineTime += start.duration(to: clock.now)
            } else {
                try baseline.insert(records)
            }
            inserted.catalogs += stride(from: 0, to: records.count, by: sampleStride).map { records[$0].catalog }
            if inserted.changed.isEmpty {
                inserted.changed = records.map(\.rerated)
            }
        }
        // What a developer runs after a bulk load (autovacuum would, later): the planner's
        // statistics, for both tables alike.
        try baseline.connection.execute("ANALYZE album_rows")
        try baseline.connection.execute("ANALYZE \(PostgresSQL.identifier(etch.table.table))")
        await etch.store.close()
        runner.record(
            name, etch: etchTime.seconds / Double(count), baseline: baselineTime.seconds / Double(count))
        return inserted
    }
}
