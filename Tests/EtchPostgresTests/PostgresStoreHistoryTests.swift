import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// The change history through ``PostgresStore``: what each write records, read back.
@Suite(.enabled(if: PostgresTestServer.isConfigured), .serialized) struct PostgresStoreHistoryTests {}

extension PostgresStoreHistoryTests {
    /// Opens a store of the behavioural suite's models in a schema of its own.
    static func open(_ schema: TemporarySchema, recordsHistory: Bool = true) async throws -> PostgresStore {
        try await PostgresStore(
            connectionString: schema.connectionString, models: ModelStoreBackend.models, poolSize: 2,
            recordsHistory: recordsHistory)
    }

    @Test func writesRecordTheirNetChangesInOrder() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        let start = try await store.historyToken
        try await store.write { tx in
            try tx.insert(Counter(id: "a", value: 1))
            try tx.insert(Counter(id: "b", value: 1))
        }
        try await store.write { tx in
            try tx.update(Counter.self, id: "a") { $0.copyWith(value: 2) }
            try tx.delete(Counter.self, id: "b")
            try tx.insert(Counter(id: "c", value: 1))
            try tx.update(Counter.self, id: "c") { $0.copyWith(value: 5) }  // one insert of 5
            try tx.insert(Counter(id: "d", value: 1))
            try tx.delete(Counter.self, id: "d")  // nothing
        }
        try await store.write { tx in try tx.insert(Counter(id: "a", value: 2)) }  // as it was: nothing
        let commits = try await store.history(since: start)
        #expect(commits.count == 2)
        let first = try commits[0].changes(of: Counter.self)
        #expect(first.inserted.map(\.id) == ["a", "b"] && first.updated.isEmpty && first.deleted.isEmpty)
        let second = try commits[1].changes(of: Counter.self)
        #expect(second.updated.map(\.value) == [2])
        #expect(second.deleted.map(\.id) == ["b"] && second.deleted.map(\.value) == [1])
        #expect(second.inserted.map(\.id) == ["c"] && second.inserted.map(\.value) == [5])
        #expect(try await store.historyToken == commits[1].token)
        #expect(try await store.history(since: commits[1].token).isEmpty)
        await store.close()
    }

    @Test func deleteRulesAreRecorded() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        try await store.write { tx in
            try tx.insert(Singer(id: "s1", name: "Nina", slug: "nina"))
            try tx.insert(Record(id: "r1", title: "Pastel Blues", singer: Ref(id: "s1"), year: 1965))
            try tx.insert(Song(id: "g1", title: "Strange Fruit", record: Ref(id: "r1"), producer: Ref(id: "s1")))
            try tx.insert(Record(id: "r2", title: "Wild Is the Wind", singer: Ref(id: "s1"), year: 1966))
            try tx.insert(Song(id: "g2", title: "Four Women", record: Ref(id: "r2"), producer: Ref(id: "s1")))
        }
        let before = try await store.historyToken
        try await store.write { tx in
            try tx.delete(Record.self, id: "r1")
            try tx.delete(Singer.self, id: "s1")
        }
        let commits = try await store.history(since: before)
        #expect(commits.count == 1)
        let songs = try commits[0].changes(of: Song.self)
        #expect(songs.deleted.map(\.id) == ["g1"] && songs.deleted.first?.title == "Strange Fruit")
        #expect(songs.updated.map(\.id) == ["g2"] && songs.updated.first?.producer == nil)
        #expect(try commits[0].changes(of: Record.self).deleted.map(\.id) == ["r1"])
        #expect(try commits[0].changes(of: Singer.self).deleted.map(\.id) == ["s1"])
        await store.close()
    }

    @Test func aRolledBackOrEmptyWriteRecordsNothing() async throws {
        struct Refused: Error {}
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        let start = try await store.historyToken
        await #expect(throws: Refused.self) {
            try await store.write { tx in
                try tx.insert(Counter(id: "a", value: 1))
                throw Refused()
            }
        }
        try await store.write { tx in _ = try tx.object(Counter.self, id: "a") }
        #expect(try await store.history(since: start).isEmpty)
        #expect(try await store.historyToken == start)
        await store.close()
    }

    @Test func aRetriedWriteRecordsItsLastAttemptOnce() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        let start = try await store.historyToken
        // Two writes that deadlock: one of them is failed by the server and runs again.
        let outcomes = try await PostgresStoreTests.deadlockingWrites(on: store)
        #expect(outcomes.allSatisfy { if case .success = $0.result { true } else { false } })
        #expect(outcomes.map(\.attempts).sorted() == [1, 2])
        let commits = try await store.history(since: start)
        // The counters' insert, then the two writes, each once, with its last attempt's insert.
        #expect(commits.count == 3)
        let inserted = try commits.dropFirst().flatMap { try $0.changes(of: Counter.self).inserted.map(\.id) }
        let expected = outcomes.enumerated().map { "write \($0.offset), attempt \($0.element.attempts)" }
        #expect(inserted.sorted() == expected.sorted())
        #expect(try commits.last?.changes(of: Counter.self).updated.map(\.value).sorted() == [11, 11])
        await store.close()
    }

    @Test func pruningKeepsTheLastCommitAndExpiresOlderTokens() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        let start = try await store.historyToken
        for value in 1...4 { try await store.write { tx in try tx.insert(Counter(id: "c", value: value)) } }
        let commits = try await store.history(since: start)
        #expect(commits.count == 4)
        try await store.pruneHistory(before: commits[2].token)
        #expect(try await store.history(since: commits[1].token).map(\.token) == [commits[2].token, commits[3].token])
        await #expect(throws: StoreError.self) { _ = try await store.history(since: start) }
        try await store.pruneHistory(before: HistoryToken(storeID: commits[3].token.storeID, number: .max))
        #expect(try await store.history(since: nil).map(\.token) == [commits[3].token])
        await store.close()
    }

    @Test func aStoreWithoutHistoryRecordsNothingAndSaysSo() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema, recordsHistory: false)
        #expect(store.history == nil)
        try await store.write { tx in try tx.insert(Counter(id: "a", value: 1)) }
        await #expect(throws: PostgresError.historyOff) { _ = try await store.historyToken }
        await #expect(throws: PostgresError.historyOff) { _ = try await store.changes(of: Counter.self) }
        let admin = try PostgresConnection(connectionString: schema.connectionString)
        #expect(try admin.execute("SELECT to_regclass('etch_history') IS NULL").singleValue == "t")
        await store.close()
    }

    @Test func changesSeeAnotherStoresCommits() async throws {
        let schema = try TemporarySchema()
        let store = try await Self.open(schema)
        // Another store on the same schema, with a pool of its own: another process's view.
        let other = try await Self.open(schema)
        let changes = Collected(try await store.changes(of: Counter.self))
        let updates = Collected(try await store.historyUpdates())
        try await other.write { tx in try tx.insert(Counter(id: "a", value: 1)) }
        try await other.write { tx in try tx.insert(Singer(id: "s", name: "Nina", slug: "nina")) }
        try await other.write { tx in try tx.update(Counter.self, id: "a") { $0.copyWith(value: 2) } }
        let received = try await changes.waitFor(count: 2)
        #expect(received.map { $0.inserted.map(\.value) } == [[1], []])
        #expect(received.map { $0.updated.map(\.value) } == [[], [2]])
        #expect(try await updates.waitFor(count: 3).count == 3)
        await other.close()
        await store.close()
    }
}
