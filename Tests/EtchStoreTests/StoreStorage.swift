import EtchStore
import Foundation
import Testing

/// Where a store under test keeps its objects: tests that hold for both take it as an argument.
enum StoreStorage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// In memory only.
    case memory
    /// In an SQLite file.
    case file

    /// The storage's name, in test results.
    var testDescription: String { rawValue }

    /// Opens a store with the test models: in memory, or in `url` (created, or reopened
    /// with what it holds).
    func open(_ url: URL) throws -> Store {
        switch self {
        case .memory: try Store(models: EtchModels.all)
        case .file: try Store(url: url, models: EtchModels.all)
        }
    }
}

extension StoreStorage {
    /// Runs `body` with a new store of this storage, in a temporary directory, closing it after.
    func withStore(_ body: (Store) async throws -> Void) async throws {
        try await StoreTests.withDirectory { directory in
            let store = try open(directory.appending(path: "store.sqlite"))
            try await body(store)
            await store.close()
        }
    }
}
