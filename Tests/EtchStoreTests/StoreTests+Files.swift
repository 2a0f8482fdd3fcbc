import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension StoreTests {
    /// A new directory for one test's files, removed when the test ends.
    static func withDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "etch-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    @Test func aFileBackedStoreReopensWithEveryCommitAndItsLocalValues() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            let big = try #require(ModelValue(jsonNumber: "123456789012345678901234567890"))
            let extra: [String: JSON] = ["nested": ["a": [1, 2.5, "x", nil]], "big": big]
            do {
                let store = try Store(url: url, models: EtchModels.all)
                try await store.write { tx in
                    try tx.insert(Self.nina)
                    try tx.insert(
                        Album(
                            id: "b1", title: "Pastel Blues", artist: Ref(Self.nina), year: 1965, extra: extra,
                            cover: Data([0, 1, 2, 255]), isPlaying: true))
                    try tx.insert(Self.album("b2", by: Self.nina, 1959))
                }
                try await store.write { tx in try tx.delete(Album.self, id: "b2") }
                #expect(await store.path == url.path)
            }
            let reopened = try Store(url: url, models: EtchModels.all)
            let album = try #require(try await reopened.object(Album.self, id: "b1"))
            #expect(album.extra == extra && album.cover == Data([0, 1, 2, 255]))
            #expect(album.isPlaying, "@local values persist in the store's file")
            #expect(try !album.jsonString().contains("isPlaying"), "but never in JSON")
            #expect(try await reopened.object(Album.self, id: "b2") == nil)
            #expect(try await reopened.unique(Artist.self, \.slug, "nina")?.id == "a1")
            #expect(try await reopened.sorted(Album.self, by: \.year, inGroup: Ref(Self.nina)).map(\.id) == ["b1"])
        }
    }

    @Test func aFailedCommitLeavesStoreAndFileAsTheyWere() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            let store = try Store(url: url, models: EtchModels.all)
            try await store.write { tx in try tx.insert(Self.nina) }
            // A non-finite double cannot be written as JSON: the commit fails before the file changes.
            await #expect(throws: StoreError.self) {
                try await store.write { tx in
                    try tx.insert(Self.miles)
                    try tx.insert(Album(id: "b1", title: "NaN", artist: Ref(id: "a1"), year: 1, rating: .nan))
                }
            }
            #expect(try await store.count(Artist.self) == 1)
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.objects(Artist.self).map(\.id) == ["a1"])
        }
    }

    @Test func objectsOfModelsTheStoreDoesNotKnowStayInTheFile() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            do {
                let store = try Store(url: url, models: EtchModels.all)
                try await store.write { tx in
                    try tx.insert(Self.nina)
                    try tx.insert(Room(id: 1, name: "Hall"))
                }
            }
            do {
                let narrower = try Store(url: url, models: [Artist.self])
                try await narrower.clear()
            }
            let full = try Store(url: url, models: EtchModels.all)
            #expect(try await full.count(Room.self) == 1)
            #expect(try await full.count(Artist.self) == 0)
        }
    }

    @Test func aFileThatIsNotAStoreIsRefusedAndLeftAsItIs() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            let bytes = Data(#"{"not": "a store"}"#.utf8)
            try bytes.write(to: url)
            #expect {
                _ = try Store(url: url, models: EtchModels.all)
            } throws: { error in
                guard case .damagedFile(let path, _)? = error as? StoreError else { return false }
                return path == url.path
            }
            #expect(try Data(contentsOf: url) == bytes)
        }
    }

    @Test func anObjectThatNoLongerReadsIsAClearErrorAndTheFileIsKept() async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            do {
                let store = try Store(url: url, models: EtchModels.all)
                try await store.write { tx in try tx.insert(Room(id: 7, name: "Hall")) }
            }
            // A row another version of the app wrote, whose name is a number.
            let file = try StoreFile(url: url)
            try file.commit([
                .put(StoredRecord(model: "Room", id: "8", body: Array(#"{"id":8,"name":5}"#.utf8), local: nil))
            ])
            file.close()
            let before = try Data(contentsOf: url)
            #expect {
                _ = try Store(url: url, models: EtchModels.all)
            } throws: { error in
                guard
                    case .incompatibleSchema(
                        let path, let model, let field, let objects, let id, let reason, let fix)? =
                        error as? StoreError
                else { return false }
                return path == url.path && model == "Room" && field == "name" && objects == 1 && id == "8"
                    && reason.contains("expected String") && fix.contains("StoreMigration")
            }
            #expect(try Data(contentsOf: url) == before)
        }
    }
}
