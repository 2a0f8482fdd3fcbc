import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// A prune meets the shared reader: each feed ends when the commits it has yet to get were
/// pruned, as a feed with a reader of its own did, and no other feed does, nor skips them.
extension PostgresHistoryFeedTests {
    /// A reader of `fixture`'s history whose listener listens on a channel of its own, on
    /// which no commit notifies: it reads only when the test notifies (``wake(_:_:at:)``).
    /// Returned once the listener's first resync has been taken.
    static func quietFeed(
        _ fixture: PostgresHistoryFixture
    ) async throws -> (feed: PostgresHistoryFeed, listener: PostgresListener, channel: String) {
        let channel = "etch_feed_test_\(UUID().uuidString.prefix(8).lowercased())"
        let listener = PostgresListener(
            connectionString: fixture.schema.connectionString, channel: channel, pollInterval: .milliseconds(20),
            quietResync: nil)
        let deadline = ContinuousClock.now + .seconds(15)
        while listener.connectionCount == 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        try #require(listener.connectionCount == 1)
        return (
            PostgresHistoryFeed(history: fixture.history, pool: fixture.pool, listener: listener), listener, channel
        )
    }

    /// Wakes the reader as a commit's notification does.
    static func wake(_ fixture: PostgresHistoryFixture, _ channel: String, at token: HistoryToken) throws {
        try fixture.other.execute("SELECT pg_notify($1, $2)", [channel, token.description])
    }

    /// Waits until `feed` runs `count` feeds, or 5 s passed.
    static func waitFor(feeds count: Int, of feed: PostgresHistoryFeed) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while feed.feeds != count && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// A feed that starts from the whole history kept, after a prune passed commits a running
    /// feed had yet to read, does not hand the running feed the commits after the pruned ones
    /// (it would skip those pruned): the running feed ends when it reads next, as a feed
    /// whose commits were pruned does.
    @Test func aFeedOfTheWholeHistoryKeptDoesNotLeadAnotherPastPrunedCommits() async throws {
        let fixture = try await PostgresHistoryFixture()
        let (feed, listener, channel) = try await Self.quietFeed(fixture)
        defer {
            feed.close()
            listener.stop()
        }
        let start = try await fixture.commit([PostgresHistoryFixture.album(0)])
        let running = Collected(try await feed.updates(since: start, skipping: []))
        // The listener's first resync, if the reader takes it after the feed started.
        try await Task.sleep(for: .milliseconds(200))
        var tokens: [HistoryToken] = []
        for number in 1...3 { tokens.append(try await fixture.commit([PostgresHistoryFixture.album(number)])) }
        // Pruned before the running feed read them (nothing notified the reader).
        try fixture.history.prune(before: tokens[2], on: fixture.other)
        let whole = Collected(try await feed.updates(since: nil, skipping: []))
        #expect(try await whole.waitFor(count: 1).map(\.token) == [tokens[2]])
        try Self.wake(fixture, channel, at: tokens[2])
        try await Self.waitFor(feeds: 1, of: feed)
        try await Task.sleep(for: .milliseconds(200))
        #expect(running.all.map(\.token) == [], "the running feed skipped \(tokens[0...1].map(\.number))")
        #expect(feed.feeds == 1, "the running feed, whose next commits were pruned, ends")
        #expect(whole.all.map(\.token) == [tokens[2]])
    }

    /// A prune of the commits one feed has yet to read ends that feed alone: a feed that
    /// started after them goes on, as it did with a reader of its own.
    @Test func aPruneEndsOnlyTheFeedsWhoseCommitsItRemoved() async throws {
        let fixture = try await PostgresHistoryFixture()
        let (feed, listener, channel) = try await Self.quietFeed(fixture)
        defer {
            feed.close()
            listener.stop()
        }
        let start = try await fixture.commit([PostgresHistoryFixture.album(0)])
        let running = Collected(try await feed.updates(since: start, skipping: []))
        try await Task.sleep(for: .milliseconds(200))
        var tokens: [HistoryToken] = []
        for number in 1...3 { tokens.append(try await fixture.commit([PostgresHistoryFixture.album(number)])) }
        // It starts after the last read: its first read is its own.
        let later = Collected(try await feed.updates(since: tokens[1], skipping: []))
        #expect(try await later.waitFor(count: 1).map(\.token) == [tokens[2]])
        try fixture.history.prune(before: tokens[2], on: fixture.other)
        tokens.append(try await fixture.commit([PostgresHistoryFixture.album(4)]))
        try Self.wake(fixture, channel, at: tokens[3])
        #expect(try await later.waitFor(count: 2, timeout: .seconds(5)).map(\.token) == [tokens[2], tokens[3]])
        try await Self.waitFor(feeds: 1, of: feed)
        #expect(running.all.map(\.token) == [])
        #expect(feed.feeds == 1, "the running feed, whose next commits were pruned, ends")
    }
}
