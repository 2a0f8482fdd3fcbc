import EtchStore
import Foundation
import Testing

/// The store's SQLite file: records in and out, transactions, refusals and durability.
@Suite struct StoreFileTests {}

extension StoreFileTests {
    @Test func recordsRoundTripThroughTheFile() throws {
        let directory = try TemporaryStoreDirectory()
        // In the order the file gives them back: by model, then id.
        let records = [
            StoredRecord(model: "Album", id: "", body: Array("{}".utf8), local: Array(#"{"open":true}"#.utf8)),
            StoredRecord(model: "Album", id: "1", body: (0...255).map { UInt8($0) }, local: nil),
            StoredRecord(model: "Album", id: "2", body: [], local: []),
            StoredRecord(model: "Artist", id: "é\u{0}x 🎵", body: [0, 0, 0], local: [0]),
        ]
        let file = try StoreFile(url: directory.file())
        try file.commit(records.map(RecordChange.put))
        #expect(try file.readAll() == records)
        file.close()
        #expect(try reopenedRecords(directory.file()) == records)
    }

    @Test func aNewFileIsEmptyAndAnEmptyCommitWritesNothing() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        #expect(try file.readAll() == [])
        try file.commit([])
        #expect(file.path == directory.file().path)
        #expect(try file.readAll() == [])
    }

    @Test func putReplacesTheRecordOfTheSameModelAndID() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1", "old", local: "x")), .put(record("Artist", "1", "artist"))])
        try file.commit([.put(record("Album", "1", "new"))])
        #expect(try file.readAll() == [record("Album", "1", "new"), record("Artist", "1", "artist")])
    }

    @Test func deleteRemovesOneRecordAndIgnoresAMissingOne() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1")), .put(record("Album", "2")), .put(record("Artist", "1"))])
        try file.commit([.delete(model: "Album", id: "1"), .delete(model: "Album", id: "9")])
        #expect(try file.readAll() == [record("Album", "2"), record("Artist", "1")])
    }

    @Test func deleteAllOfOneModelKeepsTheOthers() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1")), .put(record("Album", "2")), .put(record("Artist", "1"))])
        try file.commit([.deleteAll(model: "Album")])
        #expect(try file.readAll() == [record("Artist", "1")])
    }

    @Test func deleteAllOfEveryModelEmptiesTheFile() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1")), .put(record("Artist", "1"))])
        try file.commit([.deleteAll(model: nil), .put(record("Track", "1"))])
        #expect(try file.readAll() == [record("Track", "1")])
        file.close()
        #expect(try reopenedRecords(directory.file()) == [record("Track", "1")])
    }

    @Test func aClosedFileRefusesReadsAndCommits() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        file.close()
        file.close()
        #expect(throws: StoreError.closed) { try file.readAll() }
        #expect(throws: StoreError.closed) { try file.commit([.put(record("Album", "1"))]) }
    }

    @Test func aMissingDirectoryIsAFileFailure() throws {
        let directory = try TemporaryStoreDirectory()
        let url = directory.url.appendingPathComponent("missing/test.store")
        #expect {
            try StoreFile(url: url)
        } throws: { error in
            guard case .fileFailure(let path, _) = error as? StoreError else { return false }
            return path == url.path
        }
    }
}
