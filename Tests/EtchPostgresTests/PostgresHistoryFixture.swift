import EtchPostgres
import EtchStore
import Foundation
import Testing

/// A schema of its own with the Album table and the history made, a pool on it, and a
/// connection of its own for statements outside the pool.
final class PostgresHistoryFixture: Sendable {
    let schema: TemporarySchema
    let pool: PostgresConnectionPool
    let albums: PostgresModelTable
    let history: PostgresHistory
    /// A connection outside the pool: another client of the server.
    let other: PostgresConnection

    init(poolSize: Int = 3) async throws {
        schema = try TemporarySchema()
        pool = try PostgresConnectionPool(connectionString: schema.connectionString, size: poolSize)
        let albums = try PostgresModelTable(for: Album.self)
        self.albums = albums
        history = try await pool.withConnection { connection in
            try albums.create(on: connection)
            return try PostgresHistory.open(on: connection)
        }
        other = try PostgresConnection(connectionString: schema.connectionString)
    }

    /// Puts albums in one transaction of the pool and records them, as the store's write
    /// path does; returns the commit's token.
    @discardableResult
    func commit(_ objects: [Album], kind: PostgresHistoryChange.Kind = .insert) async throws -> HistoryToken {
        try await pool.transaction { [albums, history] connection in
            try Self.write(objects, kind: kind, table: albums, history: history, on: connection)
        }
    }

    /// Writes and records albums on a connection inside a transaction.
    static func write(
        _ objects: [Album], kind: PostgresHistoryChange.Kind, table: PostgresModelTable, history: PostgresHistory,
        on connection: PostgresConnection
    ) throws -> HistoryToken {
        var changes: [PostgresHistoryChange] = []
        for object in objects {
            if kind == .delete {
                try table.delete(id: object.id, of: Album.self, on: connection)
            } else {
                try table.put(object, on: connection)
            }
            changes.append(try PostgresHistoryChange(kind, object))
        }
        return try #require(try history.record(changes, on: connection))
    }

    /// The history since `token`, read through the pool.
    func read(since token: HistoryToken?) async throws -> [StoreCommit] {
        try await pool.withConnection { [history] connection in try history.history(since: token, on: connection) }
    }

    static func album(_ number: Int) -> Album {
        Album(id: "a\(number)", title: "Title \(number)", artist: "Artist", year: 1990 + number % 30, catalog: nil)
    }
}
