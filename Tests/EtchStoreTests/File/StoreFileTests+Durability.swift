import EtchStore
import Foundation
import Testing

extension StoreFileTests {
    @Test func aFileDroppedWithoutCloseKeepsItsCommits() throws {
        let directory = try TemporaryStoreDirectory()
        let records = (0..<50).map { record("Album", String($0), "{\"n\":\($0)}") }
        do {
            let file = try StoreFile(url: directory.file())
            try file.commit(Array(records[..<25]).map(RecordChange.put))
            try file.commit(Array(records[25...]).map(RecordChange.put))
        }
        #expect(try reopenedRecords(directory.file()) == records.sorted { $0.id < $1.id })
    }

    @Test func aCopyTakenWhileTheFileIsOpenHoldsEveryCommit() throws {
        // The files on disk while a connection is open (the WAL not checkpointed) are what a
        // killed process leaves behind.
        let directory = try TemporaryStoreDirectory()
        let copy = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1")), .put(record("Album", "2"))])
        try file.commit([.delete(model: "Album", id: "1"), .put(record("Artist", "1"))])
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: directory.file().path + suffix),
                to: URL(fileURLWithPath: copy.file().path + suffix))
        }
        #expect(try reopenedRecords(copy.file()) == [record("Album", "2"), record("Artist", "1")])
        file.close()
    }

    @Test func twoFilesOnOnePathSeeEachOthersCommits() throws {
        let directory = try TemporaryStoreDirectory()
        let first = try StoreFile(url: directory.file())
        let second = try StoreFile(url: directory.file())
        try first.commit([.put(record("Album", "1"))])
        try second.commit([.put(record("Album", "2"))])
        #expect(try first.readAll() == [record("Album", "1"), record("Album", "2")])
    }
}

extension StoreFileTests {
    @Test func aFileSyncsFullyUnlessAskedForNormalDurability() throws {
        let directory = try TemporaryStoreDirectory()
        let full = try StoreFile(url: directory.file())
        let normal = try StoreFile(url: directory.file(), durability: .normal)
        #expect(try full.durability() == .full)
        #expect(try normal.durability() == .normal)
        try normal.commit([.put(record("Album", "1"))])
        normal.close()
        full.close()
        #expect(try reopenedRecords(directory.file()) == [record("Album", "1")])
    }
}
