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
        let etch = try EtchAlbums(connectionString: url)
        let baseline = try await insertAll(&runner, url: url, label: label)
        let albums = try BaselineAlbums(connectionString: url)
        try await reads(&runner, etch: etch, baseline: albums, inserted: baseline, label: label)
        if runner.options.breakdown {
            try await breakdown(&runner, etch: etch, baseline: albums, inserted: baseline, url: url, label: label)
        }
        try await commits(&runner, etch: etch, baseline: albums, inserted: baseline, url: url, label: label)
        await etch.pool.close()
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
        runner.progress(runner.includes(name) ? name : "inserting \(label) into both tables")
        try await EtchAlbums.create(connectionString: url)
        try BaselineAlbums.create(connectionString: url)
        let etch = try EtchAlbums(connectionString: url)
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
                inserted.changed = records.map { record in
                    var changed = record
                    changed.rating = Double((Int(record.rating * 10) + 1) % 51) / 10
                    return changed
                }
            }
        }
        // What a developer runs after a bulk load (autovacuum would, later): the planner's
        // statistics, for both tables alike.
        try baseline.connection.execute("ANALYZE album_rows")
        try baseline.connection.execute("ANALYZE \(PostgresSQL.identifier(etch.table.table))")
        await etch.pool.close()
        runner.record(
            name, etch: etchTime.seconds / Double(count), baseline: baselineTime.seconds / Double(count))
        return inserted
    }

    // MARK: - Reads

    /// A row of results in a form both sides give: every declared field.
    static func summary(_ album: LibraryAlbum) -> String {
        "\(album.id)|\(album.title)|\(album.artist)|\(album.year)|\(album.genre ?? "-")|\(album.rating)|\(album.catalog)"
    }

    /// See ``summary(_:)-8z3a``.
    static func summary(_ album: AlbumRecord) -> String {
        "\(album.id)|\(album.title)|\(album.artist)|\(album.year)|\(album.genre ?? "-")|\(album.rating)|\(album.catalog)"
    }

    /// The lookup and query rows: each call asks about another random key, the same
    /// sequence of keys on both sides; the two sides' answers are compared first.
    static func reads(
        _ runner: inout Runner, etch: EtchAlbums, baseline: BaselineAlbums, inserted: Inserted, label: String
    ) async throws {
        let (count, artists, catalogs) = (inserted.count, inserted.artists, inserted.catalogs)
        let years = 1970...1999
        let limit = 20
        func id(_ random: inout SeededGenerator) -> String { AlbumGenerator.id(random.int(in: 0...count - 1)) }
        func artist(_ random: inout SeededGenerator) -> String {
            AlbumGenerator.artist(random.int(in: 0...artists - 1))
        }
        func catalog(_ random: inout SeededGenerator) -> String { random.pick(catalogs) }
        func genre(_ random: inout SeededGenerator) -> (String, Int) {
            (random.pick(AlbumGenerator.genres), random.int(in: 1955...2020))
        }

        // The answers of both sides agree on a few keys before anything is timed.
        var check = SeededGenerator(seed: 3)
        for _ in 0..<5 {
            let (key, unique, by, (group, from)) = (id(&check), catalog(&check), artist(&check), genre(&check))
            try expectSame(
                try await etch.album(id: key).map(summary), try baseline.album(id: key).map(summary), "album \(key)")
            try expectSame(
                try await etch.album(catalog: unique).map(summary), try baseline.album(catalog: unique).map(summary),
                "album of catalog \(unique)")
            try expectSame(
                try await etch.albums(artist: by).map(summary), try baseline.albums(artist: by).map(summary),
                "albums of \(by)")
            try expectSame(
                try await etch.albums(artist: by, years: years).map(summary),
                try baseline.albums(artist: by, years: years).map(summary), "albums of \(by) in \(years)")
            try expectSame(
                try await etch.albums(genre: group, fromYear: from, limit: limit).map(summary),
                try baseline.albums(genre: group, fromYear: from, limit: limit).map(summary),
                "\(group) albums from \(from)")
        }

        var (etchRandom, baselineRandom) = (SeededGenerator(seed: 11), SeededGenerator(seed: 11))
        try await runner.compare(
            "lookup by id, \(label)",
            etch: { try await etch.album(id: id(&etchRandom))?.year ?? 0 },
            baseline: { try baseline.album(id: id(&baselineRandom))?.year ?? 0 })
        try await runner.compare(
            "lookup by @unique catalog, \(label)",
            etch: { try await etch.album(catalog: catalog(&etchRandom))?.year ?? 0 },
            baseline: { try baseline.album(catalog: catalog(&baselineRandom))?.year ?? 0 })
        try await runner.compare(
            "lookup by @index artist (~100 albums), \(label)",
            etch: { try await etch.albums(artist: artist(&etchRandom)).count },
            baseline: { try baseline.albums(artist: artist(&baselineRandom)).count })
        try await runner.compare(
            "indexed range: an artist's albums of \(years.lowerBound)-\(years.upperBound) (~40), \(label)",
            etch: { try await etch.albums(artist: artist(&etchRandom), years: years).count },
            baseline: { try baseline.albums(artist: artist(&baselineRandom), years: years).count })
        try await runner.compare(
            "sorted range with group and limit: \(limit) of a genre from a year, \(label)",
            etch: {
                let (group, from) = genre(&etchRandom)
                return try await etch.albums(genre: group, fromYear: from, limit: limit).count
            },
            baseline: {
                let (group, from) = genre(&baselineRandom)
                return try baseline.albums(genre: group, fromYear: from, limit: limit).count
            })
    }

    // MARK: - Commits

    /// The one-object commit row, then the row of 8 processes committing at once.
    static func commits(
        _ runner: inout Runner, etch: EtchAlbums, baseline: BaselineAlbums, inserted: Inserted, url: String,
        label: String
    ) async throws {
        let records = inserted.changed
        let models = try records.map { try LibraryAlbum(jsonString: $0.json) }
        var (etchNext, baselineNext) = (0, 0)
        try await runner.compare(
            "one-object commit, \(label)",
            etch: {
                defer { etchNext = (etchNext + 1) % models.count }
                try await etch.commit(models[etchNext])
                return etchNext
            },
            baseline: {
                defer { baselineNext = (baselineNext + 1) % records.count }
                try baseline.commit(records[baselineNext])
                return baselineNext
            })

        let name = "\(Committer.processes) processes committing concurrently, \(label)"
        guard runner.includes(name) else { return }
        runner.progress(name)
        var (etchSamples, baselineSamples): ([Double], [Double]) = ([], [])
        for _ in 0..<(runner.options.quick ? 1 : 3) {
            if runner.options.side != .baseline {
                etchSamples.append(try await Committer.secondsPerCommit(side: .etch, options: runner.options, url: url))
            }
            if runner.options.side != .etch {
                baselineSamples.append(
                    try await Committer.secondsPerCommit(side: .baseline, options: runner.options, url: url))
            }
        }
        runner.note(
            "\(name): seconds per commit, each round: etch \(etchSamples.map(Report.duration)), "
                + "by hand \(baselineSamples.map(Report.duration))")
        runner.record(name, etch: median(etchSamples), baseline: median(baselineSamples))
    }

    /// The median of samples, 0 for none.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
