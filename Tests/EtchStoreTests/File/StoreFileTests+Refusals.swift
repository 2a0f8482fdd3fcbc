import EtchStore
import EtchTestSupport
import Foundation
import Testing

/// A file in a store's place that Etch must refuse and leave as it is.
struct ForeignFile: CustomTestStringConvertible, Sendable {
    /// What the file is, for the test's name.
    let testDescription: String
    /// The file's bytes.
    let bytes: Data

    /// Every kind of file the tests try.
    static let all: [ForeignFile] = [
        ForeignFile(testDescription: "random bytes", bytes: randomBytes(8_192)),
        ForeignFile(testDescription: "a JSON file", bytes: Data(#"{"albums": [{"id": 1, "title": "Blue"}]}"#.utf8)),
        ForeignFile(testDescription: "one byte", bytes: Data([0x53])),
        ForeignFile(testDescription: "a truncated header", bytes: storePrefix(60)),
        ForeignFile(testDescription: "SQLite's magic and then garbage", bytes: magicAndGarbage()),
        ForeignFile(testDescription: "a store cut to 1,000 bytes", bytes: storePrefix(1_000)),
        ForeignFile(testDescription: "a store cut to 5,000 bytes", bytes: storePrefix(5_000)),
    ]

    /// `count` bytes of a seeded generator.
    private static func randomBytes(_ count: Int) -> Data {
        var generator = SeededGenerator(seed: 42)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The first `count` bytes of a store file of 200 records (more than one page).
    private static func storePrefix(_ count: Int) -> Data {
        let directory = try! TemporaryStoreDirectory()
        let file = try! StoreFile(url: directory.file())
        try! file.commit((0..<200).map { .put(record("Album", String($0), String(repeating: "x", count: 100))) })
        file.close()
        return contents(of: directory.file())!.prefix(count)
    }

    /// "SQLite format 3" and its NUL, then 4 KiB of 0xAB.
    private static func magicAndGarbage() -> Data {
        Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0xAB, count: 4_096)
    }
}

extension StoreFileTests {
    @Test(arguments: ForeignFile.all)
    func aFileThatIsNotAStoreIsDamagedAndLeftAsItIs(_ foreign: ForeignFile) throws {
        let directory = try TemporaryStoreDirectory()
        try foreign.bytes.write(to: directory.file())
        #expect {
            try StoreFile(url: directory.file())
        } throws: { error in
            guard case .damagedFile(let path, let reason) = error as? StoreError else { return false }
            return path == directory.file().path && !reason.isEmpty
        }
        #expect(contents(of: directory.file()) == foreign.bytes)
        #expect(try directory.contents() == ["test.store"])
    }

    @Test func anotherProgramsDatabaseIsDamagedAndLeftAsItIs() throws {
        let directory = try TemporaryStoreDirectory()
        try runSQL("CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('keep me');", on: directory.file())
        let before = contents(of: directory.file())
        #expect {
            try StoreFile(url: directory.file())
        } throws: { error in
            guard case .damagedFile(_, let reason) = error as? StoreError else { return false }
            return reason.contains("another program")
        }
        #expect(contents(of: directory.file()) == before)
    }

    @Test func anEtchFileWithoutItsTableIsDamaged() throws {
        let directory = try TemporaryStoreDirectory()
        try StoreFile(url: directory.file()).close()
        try runSQL("DROP TABLE objects; CREATE TABLE objects(model TEXT, id TEXT);", on: directory.file())
        #expect {
            try StoreFile(url: directory.file())
        } throws: { error in
            guard case .damagedFile(_, let reason) = error as? StoreError else { return false }
            return reason.contains("not Etch's")
        }
    }

    @Test func aNewerFormatIsRefusedAndLeftAsItIs() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1"))])
        file.close()
        try runSQL("PRAGMA user_version = \(StoreFile.formatVersion + 1)", on: directory.file())
        let before = contents(of: directory.file())
        #expect(
            throws: StoreError.newerFileFormat(
                path: directory.file().path, version: StoreFile.formatVersion + 1, supported: StoreFile.formatVersion)
        ) {
            try StoreFile(url: directory.file())
        }
        #expect(contents(of: directory.file()) == before)
        #expect(try directory.contents() == ["test.store"])
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let directory = try TemporaryStoreDirectory()
        try Data().write(to: directory.file())
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1"))])
        #expect(try file.readAll() == [record("Album", "1")])
    }
}
