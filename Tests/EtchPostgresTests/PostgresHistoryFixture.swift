import EtchPostgres
import EtchStore
import Foundation
import Synchronization
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

/// What a stream has sent, collected by a task of its own, for a test to wait on.
final class Collected<Element: Sendable>: Sendable {
    /// The elements, shared with the task.
    private final class Storage: Sendable {
        let elements = Mutex<[Element]>([])
    }

    private let storage = Storage()
    private let task: Task<Void, Never>

    /// Collects the elements of `stream` that `isKept` keeps.
    init(_ stream: AsyncStream<Element>, keeping isKept: @escaping @Sendable (Element) -> Bool = { _ in true }) {
        let storage = storage
        task = Task {
            for await element in stream where isKept(element) { storage.elements.withLock { $0.append(element) } }
        }
    }

    deinit { task.cancel() }

    var all: [Element] { storage.elements.withLock { $0 } }

    /// Waits until `count` elements came, or `timeout` passed; the elements then.
    func waitFor(count: Int, timeout: Duration = .seconds(15)) async throws -> [Element] {
        let deadline = ContinuousClock.now + timeout
        while all.count < count && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        return all
    }
}
