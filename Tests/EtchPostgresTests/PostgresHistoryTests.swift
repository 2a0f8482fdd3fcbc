import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresHistoryTests {}

extension PostgresHistoryTests {
    @Test func openingAgainKeepsTheIdentity() async throws {
        let fixture = try await PostgresHistoryFixture()
        let again = try PostgresHistory.open(on: fixture.other)
        #expect(again == fixture.history)
        #expect(try fixture.other.execute("SELECT count(*) FROM etch_history_state").singleValue == "1")
    }

    /// A history of format 1 (whose readers do not wait for writers) opens, with its
    /// identity, and is marked format 2 from then on; a later format is refused, untouched.
    @Test func historyOfFormatOneOpensAndBecomesFormatTwo() async throws {
        let fixture = try await PostgresHistoryFixture()
        let comment = "SELECT obj_description('etch_history'::regclass, 'pg_class')"
        #expect(try fixture.other.execute(comment).singleValue == "Etch history, format 2")
        try fixture.other.execute("COMMENT ON TABLE etch_history IS 'Etch history, format 1'")
        #expect(try PostgresHistory.open(on: fixture.other) == fixture.history)
        #expect(try fixture.other.execute(comment).singleValue == "Etch history, format 2")

        try fixture.other.execute("COMMENT ON TABLE etch_history IS 'Etch history, format 3'")
        #expect(
            throws: PostgresError.foreignTable(
                table: "etch_history", model: "the change history", found: "'Etch history, format 3'")
        ) {
            try PostgresHistory.open(on: fixture.other)
        }
        #expect(try fixture.other.execute(comment).singleValue == "Etch history, format 3")
    }

    @Test func foreignTableOfTheHistorysNameIsRefused() throws {
        let schema = try TemporarySchema()
        let connection = try PostgresConnection(connectionString: schema.connectionString)
        try connection.execute("CREATE TABLE etch_history (x int)")
        #expect(throws: PostgresError.foreignTable(table: "etch_history", model: "the change history", found: "empty"))
        {
            try PostgresHistory.open(on: connection)
        }
        #expect(try connection.execute("SELECT to_regclass('etch_history_state') IS NULL").singleValue == "t")
    }

    @Test func commitsReadBackInOrderSinceAToken() async throws {
        let fixture = try await PostgresHistoryFixture()
        let start = try fixture.history.currentToken(on: fixture.other)
        #expect(start.number == 0)
        let first = try await fixture.commit([PostgresHistoryFixture.album(1), PostgresHistoryFixture.album(2)])
        let original = PostgresHistoryFixture.album(1)
        let changed = Album(
            id: original.id, title: "Changed", artist: original.artist, year: original.year, catalog: nil)
        let second = try await fixture.commit([changed], kind: .update)
        let third = try await fixture.commit([PostgresHistoryFixture.album(2)], kind: .delete)
        #expect(first.number < second.number && second.number < third.number)
        #expect(try fixture.history.currentToken(on: fixture.other) == third)

        let all = try await fixture.read(since: nil)
        #expect(all.map(\.token) == [first, second, third])
        #expect(
            try all[0].changes(of: Album.self).inserted == [
                PostgresHistoryFixture.album(1), PostgresHistoryFixture.album(2),
            ])
        #expect(try all[1].changes(of: Album.self).updated == [changed])
        #expect(try all[2].changes(of: Album.self).deleted == [PostgresHistoryFixture.album(2)])
        #expect(all[0].changes.map(\.model) == ["Album"])
        #expect(abs(all[0].date.timeIntervalSinceNow) < 60)

        #expect(try await fixture.read(since: first).map(\.token) == [second, third])
        #expect(try await fixture.read(since: third).isEmpty)
        #expect(try await fixture.read(since: start).count == 3)
    }

    @Test func deletionWithoutItsObjectCarriesTheID() async throws {
        let fixture = try await PostgresHistoryFixture()
        let change = PostgresHistoryChange(model: "Album", id: #""gone \"1\"""#, kind: .delete, object: nil)
        let token = try await fixture.pool.transaction { [history = fixture.history] connection in
            try history.record([change], on: connection)
        }
        let commit = try #require(try await fixture.read(since: nil).first)
        #expect(commit.token == token)
        #expect(try commit.changes.first?.deleted == [["id": "gone \"1\""]])
    }

    /// A rolled-back transaction's token is never used: the commit before a prune's token
    /// may be more than one less, and its token still answers.
    @Test func pruningAfterAGapKeepsTheTokenOfTheCommitBefore() async throws {
        struct Refusal: Error {}
        let fixture = try await PostgresHistoryFixture()
        let first = try await fixture.commit([PostgresHistoryFixture.album(1)])
        await #expect(throws: Refusal.self) {
            try await fixture.pool.transaction { [history = fixture.history] connection in
                try history.record(
                    [try PostgresHistoryChange(.insert, PostgresHistoryFixture.album(2))], on: connection)
                throw Refusal()
            }
        }
        let second = try await fixture.commit([PostgresHistoryFixture.album(3)])
        #expect(second.number > first.number + 1)
        try fixture.history.prune(before: second, on: fixture.other)
        #expect(try await fixture.read(since: first).map(\.token) == [second])
    }

    @Test func emptyCommitTakesNoToken() throws {
        let history = PostgresHistory(storeID: UUID())
        let connection = try PostgresConnection(connectionString: try #require(PostgresTestServer.connectionString))
        #expect(try history.record([], on: connection) == nil)
    }

    @Test func tokenNewerThanTheHistoryOrOfAnotherStoreIsRefused() async throws {
        let fixture = try await PostgresHistoryFixture()
        let token = try await fixture.commit([PostgresHistoryFixture.album(1)])
        let newer = HistoryToken(storeID: token.storeID, number: token.number + 1000)
        await #expect(
            throws: StoreError.historyTokenOfAnotherStore(token: newer.description, store: token.storeID.uuidString)
        ) {
            try await fixture.read(since: newer)
        }
        let foreign = HistoryToken(storeID: UUID(), number: 0)
        await #expect(
            throws: StoreError.historyTokenOfAnotherStore(token: foreign.description, store: token.storeID.uuidString)
        ) {
            try await fixture.read(since: foreign)
        }
    }

    @Test func rolledBackTransactionLeavesNoHistoryAndNoNotification() async throws {
        struct Refusal: Error {}
        let fixture = try await PostgresHistoryFixture()
        let listening = try PostgresConnection(connectionString: fixture.schema.connectionString)
        try listening.execute("LISTEN etch_commits")
        await #expect(throws: Refusal.self) {
            try await fixture.pool.transaction { [albums = fixture.albums, history = fixture.history] connection in
                _ = try PostgresHistoryFixture.write(
                    [PostgresHistoryFixture.album(1)], kind: .insert, table: albums, history: history, on: connection)
                throw Refusal()
            }
        }
        #expect(try await fixture.read(since: nil).isEmpty)
        // Other tests' histories, in other schemas, notify the same channel.
        func ours(waitingUpTo timeout: Duration) throws -> [HistoryToken] {
            try listening.notifications(waitingUpTo: timeout).compactMap {
                fixture.history.token(inPayload: $0.payload)
            }
        }
        #expect(try ours(waitingUpTo: .milliseconds(300)).isEmpty)

        let token = try await fixture.commit([PostgresHistoryFixture.album(2)])
        var received: [HistoryToken] = []
        let deadline = ContinuousClock.now + .seconds(5)
        while received.isEmpty && ContinuousClock.now < deadline {
            received += try ours(waitingUpTo: .milliseconds(100))
        }
        #expect(received == [token])
        #expect(try await fixture.read(since: nil).map(\.token) == [token])
    }

    @Test func pruningKeepsTheCommitsFromTheToken() async throws {
        let fixture = try await PostgresHistoryFixture()
        let tokens = try await [1, 2, 3].asyncMap { try await fixture.commit([PostgresHistoryFixture.album($0)]) }
        try fixture.history.prune(before: tokens[2], on: fixture.other)
        #expect(try await fixture.read(since: tokens[1]).map(\.token) == [tokens[2]])
        #expect(try await fixture.read(since: nil).map(\.token) == [tokens[2]])
        await #expect(
            throws: StoreError.historyTokenExpired(token: tokens[0].number, oldestAvailable: tokens[1].number)
        ) {
            try await fixture.read(since: tokens[0])
        }
        // The last commit stays, so the current token still names it.
        try fixture.history.prune(before: HistoryToken(storeID: tokens[2].storeID, number: 1000), on: fixture.other)
        #expect(try await fixture.read(since: nil).map(\.token) == [tokens[2]])
        #expect(try fixture.history.currentToken(on: fixture.other) == tokens[2])
        #expect(throws: StoreError.self) {
            try fixture.history.prune(before: HistoryToken(storeID: UUID(), number: 1), on: fixture.other)
        }
    }
}

extension Array {
    /// The results of an async transform of each element, in order, one at a time.
    func asyncMap<Result>(_ transform: (Element) async throws -> Result) async rethrows -> [Result] {
        var results: [Result] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
