import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresListenerTests {}

extension PostgresListenerTests {
    @Test func listenerSendsResyncThenTheTokensOfCommits() async throws {
        let fixture = try await PostgresHistoryFixture()
        let listener = PostgresListener(connectionString: fixture.schema.connectionString)
        defer { listener.stop() }
        // Other tests' histories, in other schemas, notify the same channel: their events are
        // left out.
        let history = fixture.history
        let events = Collected(listener.events()) { event in
            guard case .notification(let payload) = event else { return true }
            return history.token(inPayload: payload) != nil
        }
        #expect(try await events.waitFor(count: 1) == [.resync])
        let token = try await fixture.commit([PostgresHistoryFixture.album(1)])
        #expect(try await events.waitFor(count: 2) == [.resync, .notification(payload: token.description)])
        #expect(listener.connectionCount == 1)
    }

    /// After a quiet spell the streams receive a resync, on which a feed reads again: a
    /// commit whose notification was never sent is read then.
    @Test func aQuietChannelSendsAResync() async throws {
        let fixture = try await PostgresHistoryFixture()
        // Before the listener listens: its quiet spell starts after.
        let start = ContinuousClock.now
        let listener = PostgresListener(
            connectionString: fixture.schema.connectionString, pollInterval: .milliseconds(20),
            quietResync: .milliseconds(200))
        defer { listener.stop() }
        // When each resync was seen: a late look makes it later, never earlier (and
        // notifications of other tests' histories may delay the quiet spell's, never hasten it).
        let resyncs = Locked<[ContinuousClock.Instant]>([])
        let events = listener.events()
        let task = Task {
            for await event in events where event == .resync { resyncs.withLock { $0.append(.now) } }
        }
        defer { task.cancel() }
        let deadline = ContinuousClock.now + .seconds(30)
        while resyncs.withLock({ $0.count }) < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let times = resyncs.withLock { $0 }
        try #require(times.count >= 2)
        #expect(times[1] - start >= .milliseconds(200))
        #expect(listener.connectionCount == 1)
    }

    @Test func updatesSendThePastThenCommitsOfAnotherConnection() async throws {
        let fixture = try await PostgresHistoryFixture()
        let past = try await fixture.commit([PostgresHistoryFixture.album(1)])
        let listener = PostgresListener(connectionString: fixture.schema.connectionString)
        defer { listener.stop() }
        let commits = Collected(try await fixture.history.updates(since: nil, pool: fixture.pool, listener: listener))

        // Another client of the server, outside the pool the feed reads through.
        try fixture.other.execute("BEGIN")
        let token = try PostgresHistoryFixture.write(
            [PostgresHistoryFixture.album(2)], kind: .insert, table: fixture.albums, history: fixture.history,
            on: fixture.other)
        try fixture.other.execute("COMMIT")

        let received = try await commits.waitFor(count: 2)
        #expect(received.map(\.token) == [past, token])
        #expect(try received.last?.changes(of: Album.self).inserted == [PostgresHistoryFixture.album(2)])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: PostgresListenerTests.psql)))
    func updatesSeeACommitOfAnotherProcess() async throws {
        let fixture = try await PostgresHistoryFixture()
        let listener = PostgresListener(connectionString: fixture.schema.connectionString)
        defer { listener.stop() }
        let start = try fixture.history.currentToken(on: fixture.other)
        let commits = Collected(try await fixture.history.updates(since: start, pool: fixture.pool, listener: listener))

        // psql, another process, records a commit through the same statement.
        let changes =
            #"[{"model": "Album", "id": "p1", "kind": "insert", "object": {"id": "p1", "title": "From psql", "artist": "P", "year": 2001}}]"#
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: Self.psql)
        psql.arguments = [
            "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", fixture.schema.connectionString,
            "-c", "BEGIN", "-c", "PREPARE record(jsonb, text) AS \(PostgresHistory.recordStatement)",
            "-c", "EXECUTE record('\(changes)', '\(fixture.history.storeID)')", "-c", "COMMIT",
        ]
        psql.standardOutput = FileHandle.nullDevice
        try psql.run()
        psql.waitUntilExit()
        #expect(psql.terminationStatus == 0)

        let received = try await commits.waitFor(count: 1)
        #expect(received.count == 1)
        let albums = try #require(try received.first?.changes(of: Album.self))
        #expect(albums.inserted.map(\.title) == ["From psql"])
    }

    @Test func updatesResumeWithoutGapsAfterTheServerDropsTheListener() async throws {
        let fixture = try await PostgresHistoryFixture()
        let listener = PostgresListener(
            connectionString: fixture.schema.connectionString, pollInterval: .milliseconds(50))
        defer { listener.stop() }
        let start = try fixture.history.currentToken(on: fixture.other)
        let commits = Collected(try await fixture.history.updates(since: start, pool: fixture.pool, listener: listener))
        var tokens = [try await fixture.commit([PostgresHistoryFixture.album(1)])]
        #expect(try await commits.waitFor(count: 1).map(\.token) == tokens)

        // Terminated from another connection; commits made while the listener reconnects
        // send notifications nobody hears.
        let backend = try #require(listener.backendProcessID)
        try fixture.other.execute("SELECT pg_terminate_backend($1::int)", [String(backend)])
        for number in 2...4 { tokens.append(try await fixture.commit([PostgresHistoryFixture.album(number)])) }
        for number in 5...6 {
            tokens.append(try await fixture.commit([PostgresHistoryFixture.album(number)]))
            try await Task.sleep(for: .milliseconds(100))
        }

        let received = try await commits.waitFor(count: tokens.count)
        try await Task.sleep(for: .milliseconds(200))
        #expect(commits.all.map(\.token) == tokens)
        #expect(received.count == tokens.count)
        #expect(listener.connectionCount >= 2)
        #expect(listener.backendProcessID != backend)
    }

    @Test func stoppingEndsTheStreams() async throws {
        let fixture = try await PostgresHistoryFixture()
        let listener = PostgresListener(connectionString: fixture.schema.connectionString)
        let events = listener.events()
        let commits = try await fixture.history.updates(since: nil, pool: fixture.pool, listener: listener)
        listener.stop()
        for await _ in events {}
        for await _ in commits {}
        let afterStop = await listener.events().first { _ in true }
        #expect(afterStop == nil)
    }

    /// psql, as Debian installs it.
    static let psql = "/usr/bin/psql"
}
