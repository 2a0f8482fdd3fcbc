import Etch
import EtchStore
import Foundation
import Synchronization
import Testing

/// Files written by an older schema (or an older Etch) open with today's models when their
/// objects still read; when they do not, the open fails with the model, the field, a count
/// and the fix, and the file is left as it was.
@Suite struct StoreEvolutionTests {}

extension StoreEvolutionTests {
    /// A store file holding `records` as another version of the app wrote them (JSON bodies
    /// by model and stored id), made through the file layer alone.
    static func file(in directory: URL, holding records: [(model: String, id: String, json: String)]) throws -> URL {
        let url = directory.appending(path: "old.sqlite")
        let file = try StoreFile(url: url)
        try file.commit(
            records.map { .put(StoredRecord(model: $0.model, id: $0.id, body: Array($0.json.utf8), local: nil)) })
        file.close()
        return url
    }

    @Test func fieldsAddedWithADefaultOrOptionalAndWidenedTypesOpen() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try Self.file(
                in: directory,
                // capacity (= 10) and country (optional) came later; rating was an Int.
                holding: [
                    ("Room", "8", #"{"id":8,"name":"Hall"}"#),
                    ("Artist", #""a1""#, #"{"id":"a1","name":"Nina","slug":"nina"}"#),
                    ("Album", #""b1""#, #"{"id":"b1","title":"Blue","artist":"a1","year":1971,"rating":4}"#),
                ])
            let store = try Store(url: url, models: EtchModels.all)
            #expect(try await store.object(Room.self, id: 8)?.capacity == 10)
            #expect(try await store.object(Artist.self, id: "a1")?.country == nil)
            #expect(try await store.object(Album.self, id: "b1")?.rating == 4.0)
            #expect(try await store.objects(Album.self, where: \.artist, is: Ref(id: "a1")).map(\.id) == ["b1"])
        }
    }

    @Test func aRequiredFieldOldObjectsLackIsNamedWithACountAndTheFileIsKept() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try Self.file(
                in: directory,
                holding: [
                    ("Label", #""l1""#, #"{"id":"l1"}"#), ("Label", #""l2""#, #"{"id":"l2"}"#),
                    ("Label", #""l3""#, #"{"id":"l3","name":"Impulse!"}"#),
                ])
            let before = try Data(contentsOf: url)
            #expect {
                try Store(url: url, models: EtchModels.all)
            } throws: { error in
                guard
                    case .incompatibleSchema(_, "Label", "name", 2, let example, let reason, let fix)? = error
                        as? StoreError
                else { return false }
                return example == #""l1""# && reason.contains("missing required key") && fix.contains("default")
            }
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func aNarrowedTypeIsNamedAndTheFileIsKept() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try Self.file(
                in: directory,
                holding: [("Album", #""b1""#, #"{"id":"b1","title":"Blue","artist":"a1","year":1971.5}"#)])
            let before = try Data(contentsOf: url)
            #expect {
                try Store(url: url, models: EtchModels.all)
            } throws: { error in
                guard case .incompatibleSchema(_, "Album", "year", 1, _, _, _)? = error as? StoreError else {
                    return false
                }
                return true
            }
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func aUniqueTheStoredObjectsBreakIsRefusedAtOpenNamingBoth() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try Self.file(
                in: directory,
                holding: [
                    ("Artist", #""a2""#, #"{"id":"a2","name":"Nina","slug":"nina"}"#),
                    ("Artist", #""a1""#, #"{"id":"a1","name":"Nina Simone","slug":"nina"}"#),
                ])
            let before = try Data(contentsOf: url)
            #expect(
                throws: StoreError.uniqueViolation(
                    model: "Artist", field: "slug", value: #""nina""#, existingID: #""a1""#, newID: #""a2""#)
            ) {
                try Store(url: url, models: EtchModels.all)
            }
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func aMigrationRunsOnceInTheOpeningsTransactionAndIsInTheHistory() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try Self.file(
                in: directory,
                holding: [
                    ("Label", #""l1""#, #"{"id":"l1","title":"Blue Note"}"#),
                    ("Label", #""l2""#, #"{"id":"l2","title":"Impulse!"}"#),
                    ("Label", #""gone""#, #"{"id":"gone","title":"Nobody"}"#),
                ])
            let runs = Atomic<Int>(0)
            let migration = StoreMigration("title-to-name", model: Label.self) { old in
                runs.add(1, ordering: .relaxed)
                guard old["id"] != "gone" else { return nil }
                var new = old
                new["name"] = old["title"]
                new["title"] = nil
                return new
            }
            let options = StoreOptions(migrations: [migration])
            do {
                let store = try Store(url: url, models: EtchModels.all, options: options)
                #expect(try await store.objects(Label.self).map(\.name) == ["Blue Note", "Impulse!"])
                let commits = try await store.history(since: nil)
                #expect(commits.count == 1)
                // The deleted object is as the file held it, in the old schema, so it is read as
                // JSON: as today's Label it would not read.
                let labels = try #require(commits.first?.changes.first)
                #expect(labels.model == "Label")
                #expect(try labels.inserted.isEmpty)
                #expect(try labels.updated.map { $0["name"] } == ["Blue Note", "Impulse!"])
                #expect(try labels.deleted.map { $0["title"] } == ["Nobody"])
                await store.close()
            }
            #expect(runs.load(ordering: .relaxed) == 3)
            let reopened = try Store(url: url, models: EtchModels.all, options: options)
            #expect(try await reopened.count(Label.self) == 2)
            #expect(runs.load(ordering: .relaxed) == 3)
        }
    }

    @Test func aMigrationThatThrowsChangesNothing() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try Self.file(
                in: directory,
                holding: [
                    ("Label", #""l1""#, #"{"id":"l1","name":"A"}"#), ("Label", #""l2""#, #"{"id":"l2","name":"B"}"#),
                ])
            let before = try Data(contentsOf: url)
            struct Refused: Error {}
            let migration = StoreMigration("refuse-l2", model: "Label") { old in
                guard old["id"] != "l2" else { throw Refused() }
                var new = old
                new["name"] = "changed"
                return new
            }
            #expect {
                try Store(url: url, models: EtchModels.all, options: StoreOptions(migrations: [migration]))
            } throws: { error in
                guard case .migrationFailed("refuse-l2", "Label", #""l2""#, _)? = error as? StoreError else {
                    return false
                }
                return true
            }
            #expect(try Data(contentsOf: url) == before)
            let store = try Store(url: url, models: EtchModels.all)
            #expect(try await store.objects(Label.self).map(\.name) == ["A", "B"])
        }
    }

    @Test func aFormatOneFileGainsTheHistoryAndKeepsItsObjects() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "v1.sqlite")
            try runSQL(
                """
                CREATE TABLE objects(model TEXT NOT NULL, id TEXT NOT NULL, body BLOB NOT NULL, local BLOB,
                                     PRIMARY KEY(model, id)) WITHOUT ROWID;
                INSERT INTO objects VALUES ('Label', '"l1"', CAST('{"id":"l1","name":"Blue Note"}' AS BLOB), NULL);
                PRAGMA application_id = 1165255528; PRAGMA user_version = 1;
                """, on: url)
            let store = try Store(url: url, models: EtchModels.all)
            #expect(try await store.objects(Label.self).map(\.name) == ["Blue Note"])
            let token = await store.historyToken
            #expect(token.number == 1)
            // The objects predate the history: it does not pretend to know their commits.
            await #expect(throws: StoreError.historyTokenExpired(token: 0, oldestAvailable: 1)) {
                try await store.history(since: HistoryToken(storeID: token.storeID, number: 0))
            }
            try await store.write { tx in try tx.insert(Label(id: "l2", name: "Impulse!")) }
            #expect(try await store.history(since: token).map(\.token.number) == [2])
        }
    }
}

extension StoreEvolutionTests {
    @Test func renamedModelsAndFieldsOpenAndAreWrittenUnderTheirNewNames() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try Self.file(
                in: directory,
                holding: [
                    ("Workshop", #""s1""#, #"{"id":"s1","town":"Lyon","rooms":3}"#),
                    ("Workshop", #""s2""#, #"{"id":"s2","place":{"town":"Nantes"}}"#),
                    ("Studio", #""s3""#, #"{"id":"s3","city":"Paris"}"#),
                    ("Studio", #""s4""#, #"{"id":"s4","town":"Lille"}"#),
                ])
            do {
                let store = try Store(url: url, models: EtchModels.all)
                let studios = try await store.objects(Studio.self)
                #expect(studios.map(\.city) == ["Lyon", "Nantes", "Paris", "Lille"])
                #expect(studios.map(\.rooms) == [3, 1, 1, 1])
                // The moves are a commit of their own, which other stores on the file follow.
                let commit = try #require(try await store.history(since: nil).last)
                let moved = try commit.changes(of: Studio.self)
                #expect(moved.inserted.map(\.id) == ["s1", "s2"])
                #expect(moved.updated.map(\.id) == ["s4"])
                #expect(try commit.changes.first { $0.model == "Workshop" }?.deleted.count == 2)
                await store.close()
            }
            // Written back under the new names: the file no longer holds the old ones.
            let records = try reopenedRecords(url)
            #expect(records.map(\.model).allSatisfy { $0 == "Studio" })
            #expect(records.allSatisfy { !String(decoding: $0.body, as: UTF8.self).contains("town") })
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.history(since: nil).count == 1)
        }
    }
}

extension StoreEvolutionTests {
    @Test func aFormatOneFileThatFailsToOpenStaysFormatOne() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "v1.sqlite")
            try runSQL(
                """
                CREATE TABLE objects(model TEXT NOT NULL, id TEXT NOT NULL, body BLOB NOT NULL, local BLOB,
                                     PRIMARY KEY(model, id)) WITHOUT ROWID;
                INSERT INTO objects VALUES ('Label', '"l1"', CAST('{"id":"l1"}' AS BLOB), NULL);
                PRAGMA application_id = 1165255528; PRAGMA user_version = 1; PRAGMA journal_mode = WAL;
                """, on: url)
            let before = try Data(contentsOf: url)
            #expect(throws: StoreError.self) { try Store(url: url, models: EtchModels.all) }
            #expect(try Data(contentsOf: url) == before)
            #expect(try integer("PRAGMA user_version", on: url) == 1)
        }
    }

    @Test func aHistoryLimitBelowOneKeepsOneCommit() async throws {
        var options = StoreOptions()
        options.historyLimit = -5
        #expect(options.historyLimit == 1)
        let store = try Store(models: EtchModels.all, options: options)
        for number in 1...5 {
            try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "\(number)")) }
        }
        #expect(try await store.history(since: nil).map(\.token.number).last == 5)
    }
}
