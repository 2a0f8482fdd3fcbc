import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// A store backend the behavioural suite runs against: the SQLite store in memory or in a
/// file, and the PostgreSQL store when `ETCH_POSTGRES_URL` names a server.
enum ModelStoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case sqliteFile
    case postgres

    /// The backends this run can use: PostgreSQL only with a server.
    static var available: [ModelStoreBackend] {
        allCases.filter { $0 != .postgres || PostgresTestServer.isConfigured }
    }

    var testDescription: String { rawValue }

    /// The models of the suite.
    static let models: [any IdentifiedModel.Type] = [
        Singer.self, Record.self, Song.self, Label.self, Counter.self,
    ]

    /// Opens an empty store of this backend.
    func open() async throws -> OpenedStore {
        switch self {
        case .memory:
            return OpenedStore(store: try Store(models: Self.models))
        case .sqliteFile:
            let folder = FileManager.default.temporaryDirectory.appending(path: "etch-modelstore-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = try Store(url: folder.appending(path: "store.sqlite"), models: Self.models)
            return OpenedStore(store: store, folder: folder)
        case .postgres:
            let schema = try TemporarySchema()
            let store = try await PostgresStore(
                connectionString: schema.connectionString, models: Self.models, poolSize: 4)
            return OpenedStore(store: store, schema: schema)
        }
    }
}

/// A store a test opened, with what must live as long as it and be removed after it.
final class OpenedStore: Sendable {
    /// The store.
    let store: any ModelStore
    /// The SQLite store's folder, removed at the end.
    private let folder: URL?
    /// The PostgreSQL store's schema, dropped at the end.
    private let schema: TemporarySchema?

    init(store: any ModelStore, folder: URL? = nil, schema: TemporarySchema? = nil) {
        self.store = store
        self.folder = folder
        self.schema = schema
    }

    /// Closes the store and removes what it left.
    func close() async {
        if let store = store as? PostgresStore { await store.close() }
        if let store = store as? Store { await store.close() }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}

extension ModelStoreBackend {
    /// Runs `body` with an empty store of this backend, and closes it after.
    func withStore(_ body: (any ModelStore) async throws -> Void) async throws {
        let opened = try await open()
        do {
            try await body(opened.store)
            await opened.close()
        } catch {
            await opened.close()
            throw error
        }
    }
}
