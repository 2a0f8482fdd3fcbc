import CLibPQ
import Foundation

/// The hand-written side: the albums in a table of real columns, the undeclared keys in a
/// `jsonb` column, the same indexes as Etch's table (the id, the artist, the genre then the
/// year, the rating, the catalog unique), prepared statements, rows decoded by hand into
/// ``AlbumRecord``, the plain struct a server developer would write.
struct BaselineAlbums {
    /// The connection, used by one caller at a time.
    let connection: BaselineConnection

    /// How many albums one `INSERT` writes.
    static let batchSize = 1000

    /// The table and its indexes.
    static let schema = [
        "DROP TABLE IF EXISTS album_rows",
        """
        CREATE TABLE album_rows (
            id text PRIMARY KEY, title text NOT NULL, artist text NOT NULL, year integer NOT NULL, genre text,
            rating double precision NOT NULL, catalog text NOT NULL, extra jsonb NOT NULL
        )
        """,
        "CREATE INDEX album_rows_artist ON album_rows (artist)",
        "CREATE INDEX album_rows_genre_year ON album_rows (genre, year, id)",
        "CREATE INDEX album_rows_rating ON album_rows (rating, id)",
        "CREATE UNIQUE INDEX album_rows_catalog ON album_rows (catalog)",
    ]

    /// The columns, in the order rows are read and written.
    static let columns = "id, title, artist, year, genre, rating, catalog, extra"

    /// A multi-row `INSERT` of `rows` rows.
    static func insert(rows: Int) -> String {
        let values = (0..<rows).map { row in
            "(" + (1...8).map { "$\(row * 8 + $0)" }.joined(separator: ", ") + ")"
        }
        return "INSERT INTO album_rows (\(columns)) VALUES " + values.joined(separator: ", ")
    }

    /// Connects, and prepares the statements (the table must exist: see ``create(on:)``).
    init(connectionString: String) throws {
        connection = try BaselineConnection(connectionString: connectionString)
        let select = "SELECT \(Self.columns) FROM album_rows"
        try connection.prepare("insert_batch", Self.insert(rows: Self.batchSize))
        try connection.prepare("by_id", "\(select) WHERE id = $1")
        try connection.prepare("by_catalog", "\(select) WHERE catalog = $1")
        try connection.prepare("by_artist", "\(select) WHERE artist = $1 ORDER BY id")
        try connection.prepare(
            "by_artist_years", "\(select) WHERE artist = $1 AND year BETWEEN $2 AND $3 ORDER BY id")
        try connection.prepare(
            "genre_from_year", "\(select) WHERE genre = $1 AND year >= $2 ORDER BY year, id LIMIT $3")
        try connection.prepare(
            "upsert",
            """
            INSERT INTO album_rows (\(Self.columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, artist = EXCLUDED.artist, year = EXCLUDED.year,
                genre = EXCLUDED.genre, rating = EXCLUDED.rating, catalog = EXCLUDED.catalog, extra = EXCLUDED.extra
            """)
    }

    /// Makes the table anew, empty.
    static func create(connectionString: String) throws {
        let connection = try BaselineConnection(connectionString: connectionString)
        for statement in schema { try connection.execute(statement) }
    }

    /// An album's eight parameters.
    private static func parameters(_ album: AlbumRecord) -> [String?] {
        [
            album.id, album.title, album.artist, String(album.year), album.genre, String(album.rating),
            album.catalog, album.extra,
        ]
    }

    /// Inserts albums with one multi-row `INSERT` per ``batchSize``.
    func insert(_ albums: [AlbumRecord]) throws {
        var start = 0
        while start < albums.count {
            let batch = albums[start..<min(start + Self.batchSize, albums.count)]
            let parameters = batch.flatMap(Self.parameters)
            if batch.count == Self.batchSize {
                try connection.run("insert_batch", parameters) { _ in () }
            } else {
                try connection.run(sql: Self.insert(rows: batch.count), parameters)
            }
            start += batch.count
        }
    }

    /// The album of an id.
    func album(id: String) throws -> AlbumRecord? {
        try connection.run("by_id", [id], read: Self.albums).first
    }

    /// The album of a catalog number.
    func album(catalog: String) throws -> AlbumRecord? {
        try connection.run("by_catalog", [catalog], read: Self.albums).first
    }

    /// The albums of an artist, in id order.
    func albums(artist: String) throws -> [AlbumRecord] {
        try connection.run("by_artist", [artist], read: Self.albums)
    }

    /// The albums of an artist released in a range of years, in id order.
    func albums(artist: String, years: ClosedRange<Int>) throws -> [AlbumRecord] {
        try connection.run(
            "by_artist_years", [artist, String(years.lowerBound), String(years.upperBound)], read: Self.albums)
    }

    /// The first albums of a genre from a year on, by year then id.
    func albums(genre: String, fromYear year: Int, limit: Int) throws -> [AlbumRecord] {
        try connection.run("genre_from_year", [genre, String(year), String(limit)], read: Self.albums)
    }

    /// Writes one album in a transaction of its own.
    func commit(_ album: AlbumRecord) throws {
        try connection.execute("BEGIN")
        do {
            try connection.run("upsert", Self.parameters(album)) { _ in () }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The rows of a result, decoded by hand: text read from libpq's buffers, numbers parsed
    /// in place.
    private static func albums(_ result: OpaquePointer) -> [AlbumRecord] {
        let count = PQntuples(result)
        var albums: [AlbumRecord] = []
        albums.reserveCapacity(Int(count))
        for row in 0..<count {
            func text(_ column: Int32) -> String {
                String(
                    decoding: UnsafeRawBufferPointer(
                        start: PQgetvalue(result, row, column), count: Int(PQgetlength(result, row, column))),
                    as: UTF8.self)
            }
            albums.append(
                AlbumRecord(
                    id: text(0), title: text(1), artist: text(2), year: strtol(PQgetvalue(result, row, 3), nil, 10),
                    genre: PQgetisnull(result, row, 4) == 1 ? nil : text(4),
                    rating: strtod(PQgetvalue(result, row, 5), nil), catalog: text(6), extra: text(7)))
        }
        return albums
    }
}
