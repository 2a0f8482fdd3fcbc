import CLibPQ
import Etch
import EtchPostgres

/// Reads of Etch's table with the connection layer of the hand-written side: the statements
/// `PostgresModelTable` runs, prepared once, their rows read from libpq's buffers and decoded
/// by `LibraryAlbum(jsonString:)`. Only the breakdown rows use it, to tell the cost of the
/// table's layout and Etch's JSON apart from the cost of `PostgresConnection` and the pool.
struct PreparedEtchReads {
    /// The connection, with the statements prepared.
    let connection: BaselineConnection

    /// Connects and prepares the lookups by id and by artist on `table`.
    init(connectionString: String, table: PostgresModelTable) throws {
        connection = try BaselineConnection(connectionString: connectionString)
        let select = "SELECT object::text FROM \(PostgresSQL.identifier(table.table))"
        try connection.prepare("etch_by_id", "\(select) WHERE id = $1::text")
        // The store's statement, on the field's column; the rows put in id order in Swift.
        try connection.prepare("etch_by_artist", "\(select) WHERE \"artist\" = $1::text")
    }

    /// The album of an id.
    func album(id: String) throws -> LibraryAlbum? {
        try connection.run("etch_by_id", [id], read: Self.albums).first
    }

    /// The albums of an artist, in id order.
    func albums(artist: String) throws -> [LibraryAlbum] {
        try connection.run("etch_by_artist", [artist], read: Self.albums).sorted { $0.id < $1.id }
    }

    /// The models of a result's first column.
    private static func albums(_ result: OpaquePointer) -> [LibraryAlbum] {
        (0..<PQntuples(result)).compactMap { row in
            let text = String(
                decoding: UnsafeRawBufferPointer(
                    start: PQgetvalue(result, row, 0), count: Int(PQgetlength(result, row, 0))),
                as: UTF8.self)
            return try? LibraryAlbum(jsonString: text)
        }
    }
}
