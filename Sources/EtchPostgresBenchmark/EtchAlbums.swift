import Etch
import EtchPostgres
import EtchStore
import Foundation

/// The Etch side: the albums as ``LibraryAlbum`` models in a `PostgresStore`, read and
/// written with the calls a user of the store writes (the object as `jsonb`, a column and a
/// plain index for each of the schema's `@index`, `@unique` and `@sorted` fields).
///
/// Each method is one row's Etch work and nothing else: one store call.
struct EtchAlbums: Sendable {
    /// The store every call goes through.
    let store: PostgresStore
    /// The albums' table, for the breakdown rows and the bulk load's `ANALYZE`.
    let table: PostgresModelTable

    /// A store of `size` connections on the albums' table, which it makes when it is missing.
    init(connectionString: String, size: Int = 1) async throws {
        store = try await PostgresStore(connectionString: connectionString, models: [LibraryAlbum.self], poolSize: size)
        table = try PostgresModelTable(for: LibraryAlbum.self)
    }

    /// The store's pool, for the breakdown rows.
    var pool: PostgresConnectionPool { store.pool }

    /// Makes the albums' table anew, empty.
    static func create(connectionString: String) async throws {
        let connection = try PostgresConnection(connectionString: connectionString)
        let table = try PostgresModelTable(for: LibraryAlbum.self)
        try connection.execute("DROP TABLE IF EXISTS \(PostgresSQL.identifier(table.table))")
        try table.create(on: connection)
    }

    /// Inserts albums in one transaction (the suite passes one batch a call).
    func insert(_ albums: [LibraryAlbum]) async throws {
        try await store.write { tx in try tx.insert(contentsOf: albums) }
    }

    /// The album of an id.
    func album(id: String) async throws -> LibraryAlbum? {
        try await store.object(LibraryAlbum.self, id: id)
    }

    /// The album of a catalog number.
    func album(catalog: String) async throws -> LibraryAlbum? {
        try await store.unique(LibraryAlbum.self, \.catalog, catalog)
    }

    /// The albums of an artist, in id order.
    func albums(artist: String) async throws -> [LibraryAlbum] {
        try await store.objects(LibraryAlbum.self, where: \.artist, is: artist)
    }

    /// The albums of an artist released in a range of years, in id order.
    func albums(artist: String, years: ClosedRange<Int>) async throws -> [LibraryAlbum] {
        let (lower, upper) = (years.lowerBound, years.upperBound)
        return try await store.fetch(
            StoreQuery(
                predicate: #Predicate<LibraryAlbum> { $0.artist == artist && $0.year >= lower && $0.year <= upper }))
    }

    /// The first albums of a genre from a year on, by year then id.
    func albums(genre: String, fromYear year: Int, limit: Int) async throws -> [LibraryAlbum] {
        try await store.sorted(LibraryAlbum.self, by: \.year, inGroup: genre, from: year, limit: limit)
    }

    /// Gives an album its new rating, in a transaction of its own: the store's, read committed,
    /// the album read with its row locked.
    func commit(_ album: LibraryAlbum) async throws {
        try await store.write { tx in
            try tx.update(LibraryAlbum.self, id: album.id) { $0.copyWith(rating: album.rating) }
        }
    }
}
