import Etch
import EtchPostgres
import Foundation

/// The Etch side: the albums as ``LibraryAlbum`` models in the table Etch makes for them
/// (`PostgresModelTable`: the object as `jsonb`, expression indexes for the schema's
/// `@index`, `@unique` and `@sorted` fields), through a `PostgresConnectionPool`.
///
/// Each method is one row's Etch work and nothing else, so that when `PostgresStore` lands
/// each body becomes the store call named in its comment, and the rows measure the store.
/// Until then, the range rows write the SQL the store would push down, on the table's
/// expressions, and read the objects as the table's own reads do.
struct EtchAlbums: Sendable {
    /// The pool every call takes a connection from.
    let pool: PostgresConnectionPool
    /// The albums' table.
    let table: PostgresModelTable

    /// A pool of `size` connections on the albums' table, which must exist (see ``create(connectionString:)``).
    init(connectionString: String, size: Int = 1) throws {
        pool = try PostgresConnectionPool(connectionString: connectionString, size: size)
        table = try PostgresModelTable(for: LibraryAlbum.self)
    }

    /// Makes the albums' table anew, empty.
    static func create(connectionString: String) async throws {
        let albums = try EtchAlbums(connectionString: connectionString)
        try await albums.pool.withConnection { [table = albums.table] connection in
            try connection.execute("DROP TABLE IF EXISTS \(PostgresSQL.identifier(table.table))")
            try table.create(on: connection)
        }
        await albums.pool.close()
    }

    /// Inserts albums, one multi-row `INSERT` per ``BaselineAlbums/batchSize``, in one
    /// transaction (the suite passes one batch a call). Store: `write { tx in try tx.insert(contentsOf: albums) }`.
    func insert(_ albums: [LibraryAlbum]) async throws {
        try await pool.transaction { [table] connection in
            var start = 0
            while start < albums.count {
                let batch = albums[start..<min(start + BaselineAlbums.batchSize, albums.count)]
                let values = (1...batch.count).map { "($\($0)::jsonb)" }.joined(separator: ", ")
                let objects = try batch.map { try $0.jsonString() }
                try connection.execute(
                    "INSERT INTO \(PostgresSQL.identifier(table.table)) (object) VALUES \(values)", objects)
                start += batch.count
            }
        }
    }

    /// The album of an id. Store: `object(LibraryAlbum.self, id: id)`.
    func album(id: String) async throws -> LibraryAlbum? {
        try await pool.withConnection { [table] in try table.object(withID: id, as: LibraryAlbum.self, on: $0) }
    }

    /// The album of a catalog number. Store: `unique(LibraryAlbum.self, \.catalog, catalog)`.
    func album(catalog: String) async throws -> LibraryAlbum? {
        try await pool.withConnection { [table] in
            try table.objects(where: \LibraryAlbum.catalog, equals: catalog, on: $0).first
        }
    }

    /// The albums of an artist, in id order. Store: `objects(LibraryAlbum.self, where: \.artist, is: artist)`.
    func albums(artist: String) async throws -> [LibraryAlbum] {
        try await pool.withConnection { [table] in
            try table.objects(where: \LibraryAlbum.artist, equals: artist, on: $0)
        }
    }

    /// The albums of an artist released in a range of years, in id order. Store:
    /// `fetch(StoreQuery(predicate: #Predicate { $0.artist == artist && $0.year >= lower && $0.year <= upper }))`.
    func albums(artist: String, years: ClosedRange<Int>) async throws -> [LibraryAlbum] {
        try await select(
            "object -> 'artist' = $1::jsonb AND object -> 'year' BETWEEN $2::jsonb AND $3::jsonb ORDER BY id",
            [try json(artist), String(years.lowerBound), String(years.upperBound)])
    }

    /// The first albums of a genre from a year on, by year then id. Store:
    /// `sorted(LibraryAlbum.self, by: \.year, inGroup: genre, from: year, limit: limit)`.
    func albums(genre: String, fromYear year: Int, limit: Int) async throws -> [LibraryAlbum] {
        try await select(
            "object -> 'genre' = $1::jsonb AND object -> 'year' >= $2::jsonb ORDER BY object -> 'year', id LIMIT $3",
            [try json(genre), String(year), String(limit)])
    }

    /// Writes one album in a transaction of its own (serializable, the pool's default).
    /// Store: `write { tx in try tx.put(album) }`.
    func commit(_ album: LibraryAlbum) async throws {
        try await pool.transaction { [table] in try table.put(album, on: $0) }
    }

    /// The albums of a `WHERE` clause on the table, read as the table's own reads do.
    private func select(_ clause: String, _ parameters: [String?]) async throws -> [LibraryAlbum] {
        let statement = "SELECT object::text FROM \(PostgresSQL.identifier(table.table)) WHERE \(clause)"
        let rows = try await pool.withConnection { try $0.execute(statement, parameters) }
        return try rows.values.map { try LibraryAlbum(jsonString: $0.first.flatMap { $0 } ?? "") }
    }

    /// A string as JSON text, the form the table's expressions compare.
    private func json(_ string: String) throws -> String {
        String(decoding: try ModelValue.string(string).jsonData(), as: UTF8.self)
    }
}
