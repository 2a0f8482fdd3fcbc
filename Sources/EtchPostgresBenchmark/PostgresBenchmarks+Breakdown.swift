import Etch
import EtchBenchmarkSupport
import EtchPostgres
import Foundation

extension PostgresBenchmarks {
    /// The pieces of the Etch side's lookups, timed alone (`--breakdown`), to say where the
    /// time between the hand-written code and Etch goes: the pool's hops, the statement
    /// (not prepared, results copied into `PostgresRows`), the JSON.
    static func breakdown(
        _ runner: inout Runner, etch: EtchAlbums, baseline: BaselineAlbums, inserted: Inserted, url: String,
        label: String
    ) async throws {
        let count = inserted.count
        let connection = try PostgresConnection(connectionString: url)
        let table = etch.table
        var (etchRandom, baselineRandom) = (SeededGenerator(seed: 11), SeededGenerator(seed: 11))
        try await runner.compare(
            "breakdown: lookup by id on one PostgresConnection, no pool, \(label)",
            etch: {
                let id = AlbumGenerator.id(etchRandom.int(in: 0...count - 1))
                return try table.object(withID: id, as: LibraryAlbum.self, on: connection)?.year ?? 0
            },
            baseline: { try baseline.album(id: AlbumGenerator.id(baselineRandom.int(in: 0...count - 1)))?.year ?? 0 })
        try await runner.compare(
            "breakdown: lookup by id, the text only (no JSON decode), no pool, \(label)",
            etch: {
                let id = AlbumGenerator.id(etchRandom.int(in: 0...count - 1))
                let rows = try connection.execute(#"SELECT object::text FROM "LibraryAlbum" WHERE id = $1::text"#, [id])
                return rows.singleValue?.utf8.count ?? 0
            },
            baseline: { try baseline.album(id: AlbumGenerator.id(baselineRandom.int(in: 0...count - 1)))?.year ?? 0 })
        // Etch's table and Etch's JSON decoding, with the connection layer written by hand
        // (statements prepared, results read from libpq's buffers): what a store can reach
        // on this table layout.
        let prepared = try PreparedEtchReads(connectionString: url, table: table)
        try await runner.compare(
            "breakdown: lookup by id on Etch's table, prepared by hand, Etch decodes, \(label)",
            etch: { try prepared.album(id: AlbumGenerator.id(etchRandom.int(in: 0...count - 1)))?.year ?? 0 },
            baseline: { try baseline.album(id: AlbumGenerator.id(baselineRandom.int(in: 0...count - 1)))?.year ?? 0 })
        let artists = inserted.artists
        try await runner.compare(
            "breakdown: lookup by @index on Etch's table, prepared by hand, Etch decodes, \(label)",
            etch: { try prepared.albums(artist: AlbumGenerator.artist(etchRandom.int(in: 0...artists - 1))).count },
            baseline: {
                try baseline.albums(artist: AlbumGenerator.artist(baselineRandom.int(in: 0...artists - 1))).count
            })
        try await runner.measure("breakdown: the pool's hops alone, withConnection { _ in }") {
            try await etch.pool.withConnection { _ in 1 }
        }
        // One small statement, its wait on the connection's thread against on the caller's,
        // and on a connection of its own, without the pool.
        try await runner.measure("breakdown: SELECT $1 on one PostgresConnection, no pool") {
            try connection.execute("SELECT $1::int", ["1"]).values.count
        }
        try await runner.measure("breakdown: SELECT $1 through the pool, withConnection (two hops)") {
            try await etch.pool.withConnection { connection in try connection.execute("SELECT $1::int", ["1"]) }
                .values.count
        }
        try await runner.measure("breakdown: SELECT $1 through the pool, query (answered on the caller's thread)") {
            try await etch.pool.query("SELECT $1::int", ["1"]) { result in result.rowCount }
        }
        // A body that sends nothing sends no BEGIN either: one small statement, which goes
        // with BEGIN, then COMMIT.
        try await runner.measure("breakdown: a transaction of one small statement, transaction { SELECT $1 }") {
            try await etch.pool.transaction { connection in try connection.execute("SELECT $1::int", ["1"]) }
                .values.count
        }
        var generator = AlbumGenerator(count: count)
        let records = generator.next(100, of: count)
        let texts = try records.map { try LibraryAlbum(jsonString: $0.json).jsonString() }
        try await runner.measure("breakdown: decode one album's JSON, LibraryAlbum(jsonString:)", operations: 100) {
            try texts.reduce(0) { try $0 + LibraryAlbum(jsonString: $1).year }
        }
        let models = try texts.map { try LibraryAlbum(jsonString: $0) }
        try await runner.measure("breakdown: encode one album's JSON, jsonString()", operations: 100) {
            try models.reduce(0) { try $0 + $1.jsonString().utf8.count }
        }
    }
}
