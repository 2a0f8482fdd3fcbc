import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// Tokens follow commit order, as readers see them: a reader that reads the history after
/// the last token it saw never misses a commit that becomes visible later.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresHistoryOrderTests {}

extension PostgresHistoryOrderTests {
    /// Begins a transaction on the fixture's connection outside the pool, writes album 1 and
    /// records it there, leaving the transaction open: it holds its token.
    static func recordInOpenTransaction(on fixture: PostgresHistoryFixture) throws -> (
        PostgresConnection, HistoryToken
    ) {
        let connection = fixture.other
        try connection.execute("BEGIN")
        let token = try PostgresHistoryFixture.write(
            [PostgresHistoryFixture.album(1)], kind: .insert, table: fixture.albums, history: fixture.history,
            on: connection)
        return (connection, token)
    }

    /// A starts first, B starts later and commits first: B's token is smaller, and a reader
    /// that read B then reads A after it.
    @Test func laterTransactionCommittingFirstTakesTheSmallerToken() async throws {
        let fixture = try await PostgresHistoryFixture()
        let a = fixture.other
        try a.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
        try fixture.albums.put(PostgresHistoryFixture.album(1), on: a)

        let b = try await fixture.commit([PostgresHistoryFixture.album(2)])
        let seenB = try await fixture.read(since: nil)
        #expect(seenB.map(\.token) == [b])

        let tokenA = try #require(
            try fixture.history.record([try PostgresHistoryChange(.insert, PostgresHistoryFixture.album(1))], on: a))
        try a.execute("COMMIT")
        #expect(tokenA.number > b.number)
        #expect(try await fixture.read(since: b).map(\.token) == [tokenA])
    }

    /// A takes its token first and holds its transaction open; B takes the next one and
    /// commits without waiting for A. A reader of the history waits for A to end, then sees
    /// both, A's first: it never reads B's token while A's could still become visible.
    @Test func readerWaitsForTheTransactionThatTookAnEarlierToken() async throws {
        let fixture = try await PostgresHistoryFixture()
        let (a, tokenA) = try Self.recordInOpenTransaction(on: fixture)

        // B records and commits while A is open, as the store's writes do: writers do not
        // take turns.
        let statement = PostgresHistory.recordStatement(readingObjectsFrom: [fixture.albums])
        let (albums, history) = (fixture.albums, fixture.history)
        let recorded: HistoryToken? = try await fixture.pool.transaction(isolation: .readCommitted) { connection in
            let album = PostgresHistoryFixture.album(2)
            try albums.put(album, on: connection)
            let change = try PostgresHistoryChange(.insert, album)
            return try history.recordAndCommit([change], statement: statement, on: connection)
        }
        let tokenB = try #require(recorded)
        #expect(tokenB.number > tokenA.number)

        let answered = Locked(false)
        let reader = Task {
            let commits = try await fixture.read(since: nil)
            answered.withLock { $0 = true }
            return commits.map(\.token)
        }
        try await Task.sleep(for: .milliseconds(400))
        #expect(answered.withLock { $0 } == false, "the reader answered while A, with an earlier token, was open")

        try a.execute("COMMIT")
        #expect(try await reader.value == [tokenA, tokenB])
    }

    /// A transaction that took a token and rolled back leaves a gap the reader passes: the
    /// settled token is past it, and the next commit is read after it.
    @Test func rolledBackTokenIsPassed() async throws {
        let fixture = try await PostgresHistoryFixture()
        let (a, tokenA) = try Self.recordInOpenTransaction(on: fixture)
        try a.execute("ROLLBACK")
        let settled = try fixture.history.currentToken(on: a)
        #expect(settled.number >= tokenA.number)
        #expect(try await fixture.read(since: nil).isEmpty)
        let tokenB = try await fixture.commit([PostgresHistoryFixture.album(2)])
        #expect(try await fixture.read(since: settled).map(\.token) == [tokenB])
    }

    /// Writers commit at once, each pausing between its record and its commit; a reader
    /// polling the history after the last token it saw sees every commit, once, in order.
    @Test func pollingReaderMissesNothingUnderConcurrentCommits() async throws {
        let fixture = try await PostgresHistoryFixture(poolSize: 5)
        let writers = 4
        let commitsPerWriter = 8
        let writing = Task {
            try await withThrowingTaskGroup(of: [HistoryToken].self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        var tokens: [HistoryToken] = []
                        for number in 0..<commitsPerWriter {
                            let album = PostgresHistoryFixture.album(writer * 100 + number)
                            tokens.append(
                                try await fixture.pool.transaction(isolation: .readCommitted) {
                                    [albums = fixture.albums, history = fixture.history] connection in
                                    let token = try PostgresHistoryFixture.write(
                                        [album], kind: .insert, table: albums, history: history, on: connection)
                                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...5)))
                                    return token
                                })
                        }
                        return tokens
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
        }
        var seen: [HistoryToken] = []
        let deadline = ContinuousClock.now + .seconds(30)
        while seen.count < writers * commitsPerWriter && ContinuousClock.now < deadline {
            let commits = try await fixture.read(since: seen.last)
            seen += commits.map(\.token)
        }
        let written = try await writing.value
        #expect(seen.count == writers * commitsPerWriter)
        #expect(Set(seen) == Set(written))
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.number < $1.number })
    }

    /// A live feed that starts from a snapshot taken after the settled token skips the
    /// commits that snapshot already saw, and sends the later ones: what a live query's first
    /// fetch reflects is not applied to it again.
    @Test func aFeedStartingFromASnapshotSkipsTheCommitsItSaw() async throws {
        let fixture = try await PostgresHistoryFixture()
        let listener = PostgresListener(connectionString: fixture.schema.connectionString)
        defer { listener.stop() }
        let settled = try fixture.history.currentToken(on: fixture.other)
        let seenCommit = try await fixture.commit([PostgresHistoryFixture.album(1)])
        let seen = try await fixture.pool.transaction(isolation: .repeatableRead) { [history = fixture.history] in
            try history.visibleTokens(after: settled.number, on: $0)
        }
        #expect(seen == [seenCommit.number])
        let later = try await fixture.commit([PostgresHistoryFixture.album(2)])
        let feed = try await fixture.history.updates(
            since: settled, skipping: seen, pool: fixture.pool, listener: listener)
        let sent = Collected(feed)
        #expect(try await sent.waitFor(count: 1).map(\.token) == [later])
        try await Task.sleep(for: .milliseconds(200))
        #expect(sent.all.map(\.token) == [later])
    }

    /// The history read on a connection inside a transaction is refused: its snapshot may
    /// not see the commits the read waits for.
    @Test func aHistoryReadInsideATransactionIsRefused() async throws {
        let fixture = try await PostgresHistoryFixture()
        _ = try await fixture.commit([PostgresHistoryFixture.album(1)])
        try fixture.other.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        #expect(throws: PostgresError.historyReadInTransaction) {
            try fixture.history.history(since: nil, on: fixture.other)
        }
        #expect(throws: PostgresError.historyReadInTransaction) {
            try fixture.history.currentToken(on: fixture.other)
        }
        try fixture.other.execute("ROLLBACK")
        #expect(try fixture.history.history(since: nil, on: fixture.other).count == 1)
    }
}
