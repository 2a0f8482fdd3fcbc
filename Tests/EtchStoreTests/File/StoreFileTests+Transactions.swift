import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension StoreFileTests {
    @Test func aCommitThatFailsHalfWayLeavesThePreviousState() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        let before = [record("Album", "1", "one"), record("Album", "2", "two")]
        try file.commit(before.map(RecordChange.put))
        // Another connection adds a trigger that refuses one id, so the third change fails after
        // the first two ran inside the transaction.
        try runSQL(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON objects WHEN NEW.id = 'boom'
            BEGIN SELECT RAISE(ABORT, 'injected failure'); END;
            """, on: directory.file())
        let changes: [RecordChange] = [
            .put(record("Album", "1", "changed")), .delete(model: "Album", id: "2"),
            .put(record("Album", "boom")), .put(record("Album", "3")),
        ]
        #expect {
            try file.commit(changes)
        } throws: { error in
            guard case .fileFailure(_, let reason) = error as? StoreError else { return false }
            return reason.contains("injected failure")
        }
        #expect(try file.readAll() == before)
        #expect(try reopenedRecords(directory.file()) == before)
        // The cached statements were reset: the next commit works.
        try file.commit([.put(record("Album", "3"))])
        #expect(try file.readAll() == before + [record("Album", "3")])
    }

    @Test func aCommitFailingAtItsFirstChangeLeavesThePreviousState() throws {
        let directory = try TemporaryStoreDirectory()
        let file = try StoreFile(url: directory.file())
        try file.commit([.put(record("Album", "1"))])
        try runSQL(
            "CREATE TRIGGER refuse BEFORE DELETE ON objects BEGIN SELECT RAISE(ABORT, 'no deletes'); END;",
            on: directory.file())
        #expect(throws: StoreError.self) { try file.commit([.deleteAll(model: nil)]) }
        #expect(throws: StoreError.self) { try file.commit([.put(record("Album", "2")), .deleteAll(model: "Album")]) }
        #expect(try file.readAll() == [record("Album", "1")])
    }

    @Test func randomCommitsMatchADictionaryAfterEveryReopen() throws {
        let directory = try TemporaryStoreDirectory()
        var generator = SeededGenerator(seed: 0xE7C4)
        var reference: [String: [String: StoredRecord]] = [:]
        let models = ["Album", "Artist", "Track"]
        var operations = 0
        while operations < 200 {
            var changes: [RecordChange] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) where operations < 200 {
                operations += 1
                let model = models.randomElement(using: &generator)!
                let id = String(Int.random(in: 0..<30, using: &generator))
                switch Int.random(in: 0..<100, using: &generator) {
                case 0..<65:
                    let body = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }
                    let local: [UInt8]? = Bool.random(using: &generator) ? nil : Array("{\"n\":\(operations)}".utf8)
                    let stored = StoredRecord(model: model, id: id, body: body, local: local)
                    changes.append(.put(stored))
                    reference[model, default: [:]][id] = stored
                case 65..<92:
                    changes.append(.delete(model: model, id: id))
                    reference[model]?[id] = nil
                case 92..<98:
                    changes.append(.deleteAll(model: model))
                    reference[model] = nil
                default:
                    changes.append(.deleteAll(model: nil))
                    reference = [:]
                }
            }
            let file = try StoreFile(url: directory.file())
            try file.commit(changes)
            file.close()
            let expected = reference.values.flatMap(\.values).sorted { ($0.model, $0.id) < ($1.model, $1.id) }
            let stored = try reopenedRecords(directory.file())
            try #require(stored == expected, "after \(operations) operations")
        }
    }
}
