import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// Tokens follow commit order, as readers see them: a reader that reads the history after
/// the last token it saw never misses a commit that becomes visible later.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresHistoryOrderTests {}

extension PostgresHistoryOrderTests {
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

    /// A takes its token first and holds its transaction open; B, which starts later, waits
    /// in `record` until A ends, so it cannot commit a larger token before A's is visible.
    @Test func recordWaitsForTheTransactionThatTookTheLastToken() async throws {
        let fixture = try await PostgresHistoryFixture()
        let a = fixture.other
        try a.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
        let tokenA = try PostgresHistoryFixture.write(
            [PostgresHistoryFixture.album(1)], kind: .insert, table: fixture.albums, history: fixture.history, on: a)

        let recorded = Locked(false)
        let b = Task {
            try await fixture.pool.transaction { [albums = fixture.albums, history = fixture.history] connection in
                let token = try PostgresHistoryFixture.write(
                    [PostgresHistoryFixture.album(2)], kind: .insert, table: albums, history: history, on: connection)
                recorded.withLock { $0 = true }
                return token
            }
        }
        try await Task.sleep(for: .milliseconds(400))
        #expect(recorded.withLock { $0 } == false, "B took a token while A, which took the last, was open")
        #expect(try await fixture.read(since: nil).isEmpty)

        try a.execute("COMMIT")
        let tokenB = try await b.value
        #expect(tokenB.number > tokenA.number)
        #expect(try await fixture.read(since: nil).map(\.token) == [tokenA, tokenB])
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
}
