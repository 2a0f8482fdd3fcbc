import EtchPostgres
import EtchStore
import Testing

extension PostgresHistoryFeedTests {
    /// A caller cancelled while its feed's first read waits for a connection of the pool
    /// stops waiting (`CancellationError`), as it did when it read itself; the reader goes on
    /// once the connection is back.
    @Test func aCallerCancelledWhileItsFeedStartsStopsWaiting() async throws {
        let fixture = try await PostgresHistoryFixture(poolSize: 1)
        let (feed, listener, _) = try await Self.quietFeed(fixture)
        defer {
            feed.close()
            listener.stop()
        }
        let (holding, holdingContinuation) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await fixture.pool.withConnection { _ in
                holdingContinuation.yield()
                for await _ in release { break }
            }
        }
        for await _ in holding { break }
        let starting = Task { try await feed.updates(since: nil, skipping: []) }
        while await fixture.pool.waitingCallers == 0 { try await Task.sleep(for: .milliseconds(5)) }
        starting.cancel()
        let outcome: Result<AsyncStream<StoreCommit>, any Error>? = try? await within(.seconds(5)) {
            await starting.result
        }
        releaseContinuation.yield()
        try await holder.value
        let result = try #require(outcome, "the cancelled caller still waits for the reader")
        #expect(throws: CancellationError.self) { _ = try result.get() }
        // The reader serves the next feed; the cancelled one never runs.
        let token = try await fixture.commit([PostgresHistoryFixture.album(1)])
        let next = Collected(try await feed.updates(since: nil, skipping: []))
        #expect(try await next.waitFor(count: 1).map(\.token) == [token])
        try await Self.waitFor(feeds: 1, of: feed)
        #expect(feed.feeds == 1)
    }
}
