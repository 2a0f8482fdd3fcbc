import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// The reader a store's live feeds share (``PostgresHistoryFeed``): one read of the history
/// per new commit serves every feed, and each feed still gets each of its commits once, in
/// token order, wherever it started.
@Suite(.enabled(if: PostgresTestServer.isConfigured), .serialized) struct PostgresHistoryFeedTests {}

extension PostgresHistoryFeedTests {
    /// The counter values a feed's commits set, in order.
    static func values(_ commits: [StoreCommit]) throws -> [Int] {
        try commits.flatMap { commit in
            let change = try commit.changes(of: Counter.self)
            return (change.inserted + change.updated).map(\.value)
        }
    }

    /// Ten feeds of one store, three commits, each waited for by every feed: the reads of
    /// the history do not grow with the feeds (one read per feed per commit was 30).
    @Test func manyFeedsShareOneReadPerCommit() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStoreHistoryTests.open(schema)
        try await store.write { tx in try tx.insert(Counter(id: "a", value: 0)) }
        let start = try await store.historyToken
        var histories: [Collected<StoreCommit>] = []
        for _ in 0..<6 { histories.append(Collected(try await store.historyUpdates(since: start))) }
        var changes: [Collected<StoreChange<Counter>>] = []
        for _ in 0..<2 { changes.append(Collected(try await store.changes(of: Counter.self))) }
        var queries: [Collected<ListChange<Counter>>] = []
        for _ in 0..<2 { queries.append(Collected(try await store.observe(StoreQuery<Counter>()))) }
        // The store's every feed is served by one reader.
        let feed = try store.historyFeed()
        #expect(feed.feeds == 10)
        let before = feed.reads
        for value in 1...3 {
            try await store.write { tx in try tx.update(Counter.self, id: "a") { $0.copyWith(value: value) } }
            for history in histories {
                #expect(try Self.values(try await history.waitFor(count: value)).count == value)
            }
            for change in changes { #expect(try await change.waitFor(count: value).count == value) }
            // A live query's first change holds its results.
            for query in queries { #expect(try await query.waitFor(count: value + 1).count == value + 1) }
        }
        for history in histories { #expect(try Self.values(history.all) == [1, 2, 3]) }
        for change in changes { #expect(change.all.flatMap { $0.updated.map(\.value) } == [1, 2, 3]) }
        // One read per commit, and at most two more for the listener's resyncs (its first
        // LISTEN, a quiet spell under a slow machine).
        let reads = feed.reads - before
        #expect(reads >= 1 && reads <= 5, "\(reads) reads for 3 commits and 10 feeds")
        await store.close()
    }

    /// A feed that starts at an older token than the others got to gets the commits in
    /// between from its own first read; the others get none of them twice. A feed that
    /// starts at the newest token gets only what comes after.
    @Test func feedsThatStartAtOtherTokensEachGetTheirCommitsOnce() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStoreHistoryTests.open(schema)
        try await store.write { tx in try tx.insert(Counter(id: "a", value: 0)) }
        let start = try await store.historyToken
        let first = Collected(try await store.historyUpdates(since: start))
        for value in 1...2 {
            try await store.write { tx in try tx.update(Counter.self, id: "a") { $0.copyWith(value: value) } }
        }
        #expect(try Self.values(try await first.waitFor(count: 2)) == [1, 2])
        let late = Collected(try await store.historyUpdates(since: start))
        let newest = Collected(try await store.historyUpdates(since: try await store.historyToken))
        #expect(try Self.values(try await late.waitFor(count: 2)) == [1, 2])
        try await store.write { tx in try tx.update(Counter.self, id: "a") { $0.copyWith(value: 3) } }
        #expect(try Self.values(try await first.waitFor(count: 3)) == [1, 2, 3])
        #expect(try Self.values(try await late.waitFor(count: 3)) == [1, 2, 3])
        #expect(try Self.values(try await newest.waitFor(count: 1)) == [3])
        // Nothing more comes: no commit is sent twice.
        try await Task.sleep(for: .milliseconds(200))
        #expect(try Self.values(first.all) == [1, 2, 3])
        #expect(try Self.values(late.all) == [1, 2, 3])
        #expect(try Self.values(newest.all) == [3])
        await store.close()
    }

    /// A live query or a `changes(of:)` feed starts at the settled token it just read: when
    /// the shared reader has read no further, it needs no first read, and still gets every
    /// commit after once. A token a caller gives is always read from, so a bad one is refused.
    @Test func aFeedAtTheSettledTokenStartsWithoutARead() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStoreHistoryTests.open(schema)
        try await store.write { tx in try tx.insert(Counter(id: "a", value: 0)) }
        let first = Collected(try await store.historyUpdates(since: try await store.historyToken))
        let feed = try store.historyFeed()
        #expect(feed.firstReads == 1)
        try await store.write { tx in try tx.update(Counter.self, id: "a") { $0.copyWith(value: 1) } }
        #expect(try Self.values(try await first.waitFor(count: 1)) == [1])
        let changes = Collected(try await store.changes(of: Counter.self))
        let query = Collected(try await store.observe(StoreQuery<Counter>()))
        #expect(feed.firstReads == 1)
        var rows: [Counter] = []
        try await query.waitFor(count: 1).first?.apply(to: &rows)
        #expect(rows.map(\.value) == [1])
        for value in 2...3 {
            try await store.write { tx in try tx.update(Counter.self, id: "a") { $0.copyWith(value: value) } }
        }
        #expect(try await changes.waitFor(count: 2).flatMap { $0.updated.map(\.value) } == [2, 3])
        for change in try await query.waitFor(count: 3).dropFirst() { change.apply(to: &rows) }
        #expect(rows.map(\.value) == [3])
        #expect(try Self.values(try await first.waitFor(count: 3)) == [1, 2, 3])
        let issued = try await store.historyToken
        _ = Collected(try await store.historyUpdates(since: issued))
        #expect(feed.firstReads == 2)
        await #expect(throws: StoreError.self) {
            _ = try await store.historyUpdates(
                since: HistoryToken(storeID: issued.storeID, number: issued.number + 100))
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(changes.all.count == 2 && query.all.count == 3 && first.all.count == 3)
        await store.close()
    }

    /// A feed whose consumer stops is dropped by the reader; the others go on.
    @Test func aFeedWhoseConsumerStopsIsDropped() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStoreHistoryTests.open(schema)
        try await store.write { tx in try tx.insert(Counter(id: "a", value: 0)) }
        let kept = Collected(try await store.changes(of: Counter.self))
        var dropped: Collected<StoreChange<Counter>>? = Collected(try await store.changes(of: Counter.self))
        let feed = try store.historyFeed()
        #expect(feed.feeds == 2)
        dropped = nil
        let deadline = ContinuousClock.now + .seconds(10)
        while feed.feeds > 1 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(feed.feeds == 1 && dropped == nil)
        try await store.write { tx in try tx.update(Counter.self, id: "a") { $0.copyWith(value: 1) } }
        #expect(try await kept.waitFor(count: 1).flatMap { $0.updated.map(\.value) } == [1])
        await store.close()
    }

    /// Closing the store ends the feeds it shares, and a feed asked for after is refused.
    @Test func closingTheStoreEndsTheSharedFeeds() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStoreHistoryTests.open(schema)
        let updates = try await store.historyUpdates(since: try await store.historyToken)
        let ended = Task {
            for await _ in updates {}
            return true
        }
        await store.close()
        #expect(await ended.value)
        await #expect(throws: PostgresError.poolClosed) { _ = try await store.historyUpdates() }
    }
}
