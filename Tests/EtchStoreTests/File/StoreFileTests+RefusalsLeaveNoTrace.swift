import CSQLite
import Etch
import EtchStore
import Foundation
import Testing

/// Files refused for what their checks find are left exactly as they were — their WAL and its
/// commits included — and a file cut short or a missing folder is named as such.
extension StoreFileTests {
    @Test func anotherProgramsDatabaseWithCommitsInItsWALIsLeftWithThem() throws {
        let directory = try TemporaryStoreDirectory()
        try runSQLLeavingWAL(
            "CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('keep me');", on: directory.file())
        let before = try directory.snapshot()
        #expect(before.keys.contains("test.store-wal") && before["test.store-wal"]?.isEmpty == false)
        #expect {
            try StoreFile(url: directory.file())
        } throws: { error in
            guard case .damagedFile(_, let reason) = error as? StoreError else { return false }
            return reason.contains("another program")
        }
        // The -shm file is SQLite's shared-memory index of the WAL, which every reader marks:
        // the database and its WAL are what must not change.
        #expect(try directory.snapshot().withoutSharedMemory == before.withoutSharedMemory)
        #expect(try directory.contents() == before.keys.sorted())
    }

    @Test func aNewerEtchFileWithCommitsInItsWALIsLeftWithThem() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1"))])
        file.close()
        try runSQLLeavingWAL(
            "INSERT INTO objects VALUES ('Album', '2', x'7b7d', NULL); PRAGMA user_version = \(StoreFile.formatVersion + 1);",
            on: directory.file())
        let before = try directory.snapshot()
        #expect(before["test.store-wal"]?.isEmpty == false)
        #expect(throws: StoreError.self) { try StoreFile(url: directory.file()) }
        // The -shm file is SQLite's shared-memory index of the WAL, which every reader marks:
        // the database and its WAL are what must not change.
        #expect(try directory.snapshot().withoutSharedMemory == before.withoutSharedMemory)
        #expect(try directory.contents() == before.keys.sorted())
    }

    @Test func anEtchHeadedFileWithOtherColumnsIsRefusedBeforeItsJournalChanges() throws {
        let directory = try TemporaryStoreDirectory()
        try runSQL(
            """
            PRAGMA application_id = 1165255528; PRAGMA user_version = \(StoreFile.formatVersion);
            CREATE TABLE objects(model TEXT, id TEXT, body BLOB, local BLOB, color TEXT);
            INSERT INTO objects VALUES ('Album', '1', x'7b7d', NULL, 'red');
            """, on: directory.file())
        let before = try directory.snapshot()
        #expect(before.keys.sorted() == ["test.store"])
        #expect {
            try StoreFile(url: directory.file())
        } throws: { error in
            guard case .damagedFile(_, let reason) = error as? StoreError else { return false }
            return reason.contains("objects table is not Etch's") && reason.contains("color")
        }
        #expect(try directory.snapshot() == before)
    }

    @Test func aStoreCutByOneByteIsDamaged() async throws {
        let directory = try TemporaryStoreDirectory()
        do {
            let store = try Store(url: directory.file(), models: EtchModels.all)
            try await store.write { tx in
                for number in 0..<300 {
                    try tx.insert(
                        Album(
                            id: "\(number)", title: String(repeating: "x", count: 200), artist: Ref(id: "a"),
                            year: number))
                }
            }
            await store.close()
        }
        let whole = try #require(contents(of: directory.file()))
        try whole.dropLast().write(to: directory.file())
        #expect {
            try Store(url: directory.file(), models: EtchModels.all)
        } throws: { error in
            guard case .damagedFile(let path, let reason) = error as? StoreError else { return false }
            return path == directory.file().path && reason.contains("cut short")
        }
        #expect(contents(of: directory.file()) == whole.dropLast())
    }

    @Test func aStoreInAFolderThatDoesNotExistSaysSo() throws {
        let directory = try TemporaryStoreDirectory()
        let url = directory.url.appendingPathComponent("missing").appendingPathComponent("test.store")
        #expect {
            try Store(url: url, models: EtchModels.all)
        } throws: { error in
            guard case .fileFailure(let path, let reason) = error as? StoreError else { return false }
            return path == url.path && reason.contains("\(directory.url.path)/missing does not exist")
        }
        #expect(try directory.contents().isEmpty)
    }
}

extension [String: Data] {
    /// The files but SQLite's `-shm` shared-memory index.
    fileprivate var withoutSharedMemory: [String: Data] { filter { !$0.key.hasSuffix("-shm") } }
}
