import EtchPostgres
import EtchStore
import Foundation
import Testing

/// What recording history costs concurrent writers: commits per second of 8 writers putting
/// one album each, without history, with `record` (whose notification inside the
/// transaction makes commits take turns at `COMMIT`), and as the store records it
/// (`recordAndCommit`, the notification after `COMMIT`). A measurement, run only when asked:
///
///     ETCH_POSTGRES_MEASURE_WRITERS=200 bash Scripts/test-postgres.sh --skip '…' (see the README)
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ETCH_POSTGRES_MEASURE_WRITERS"] != nil))
struct PostgresHistoryThroughputTests {}

extension PostgresHistoryThroughputTests {
    @Test func measureConcurrentCommits() async throws {
        let perWriter = Int(ProcessInfo.processInfo.environment["ETCH_POSTGRES_MEASURE_WRITERS"] ?? "") ?? 200
        let writers = 8
        enum Recording: String {
            case none = "no history"
            case record = "record"
            case store = "recordAndCommit"
        }
        for recording in [Recording.none, .record, .store, .none, .record, .store] {
            let fixture = try await PostgresHistoryFixture(poolSize: writers)
            let statement = PostgresHistory.recordStatement(readingObjectsFrom: [fixture.albums])
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for number in 0..<perWriter {
                            let album = PostgresHistoryFixture.album(writer * 100_000 + number)
                            try await fixture.pool.transaction(isolation: .readCommitted) {
                                [albums = fixture.albums, history = fixture.history] connection in
                                try albums.put(album, on: connection)
                                switch recording {
                                case .none: break
                                case .record:
                                    try history.record([try PostgresHistoryChange(.insert, album)], on: connection)
                                case .store:
                                    try history.recordAndCommit(
                                        [try PostgresHistoryChange(.insert, album)], statement: statement,
                                        on: connection)
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            let elapsed = Double(seconds) + Double(attoseconds) / 1e18
            print(
                "\(writers) writers, \(writers * perWriter) commits, \(recording.rawValue): "
                    + String(format: "%.0f commits/s", Double(writers * perWriter) / elapsed))
        }
    }

    /// What following commits costs their writers: commits per second of 8 writers of one
    /// store, with no live feed, with 20 feeds of the store (one reader for all, see
    /// `PostgresHistoryFeed`), with 20 feeds each reading for itself, and with 4 other
    /// stores following (a reader each, as 4 processes would have).
    @Test func measureCommitsWhileFeedsFollow() async throws {
        let perWriter = Int(ProcessInfo.processInfo.environment["ETCH_POSTGRES_MEASURE_WRITERS"] ?? "") ?? 200
        let (writers, feeds) = (8, 20)
        enum Following: String {
            case none = "no feed"
            case shared = "20 feeds of the store, one reader"
            case own = "20 feeds, a reader each"
            case stores = "4 other stores with a feed each (as 4 processes)"
        }
        for following in [Following.none, .shared, .own, .stores, .none, .shared, .own, .stores] {
            let schema = try TemporarySchema()
            let store = try await PostgresStore(
                connectionString: schema.connectionString, models: ModelStoreBackend.models, poolSize: writers + 2)
            let start = try await store.historyToken
            let listener = PostgresListener(connectionString: schema.connectionString)
            var followers: [Collected<StoreCommit>] = []
            var others: [PostgresStore] = []
            for _ in 0..<(following == .none ? 0 : feeds) {
                switch following {
                case .none: break
                case .stores:
                    guard others.count < 4 else { break }
                    let other = try await PostgresStore(
                        connectionString: schema.connectionString, models: ModelStoreBackend.models, poolSize: 1)
                    others.append(other)
                    followers.append(Collected(try await other.historyUpdates(since: start)))
                case .shared: followers.append(Collected(try await store.historyUpdates(since: start)))
                case .own:
                    let history = try #require(store.history)
                    followers.append(
                        Collected(try await history.updates(since: start, pool: store.pool, listener: listener)))
                }
            }
            let begin = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for number in 0..<perWriter {
                            try await store.write { tx in try tx.insert(Counter(id: "w\(writer)", value: number)) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let (seconds, attoseconds) = (ContinuousClock.now - begin).components
            let elapsed = Double(seconds) + Double(attoseconds) / 1e18
            for follower in followers { _ = try await follower.waitFor(count: writers * perWriter) }
            #expect(followers.allSatisfy { $0.all.count == writers * perWriter })
            print(
                "\(writers) writers, \(writers * perWriter) commits, \(following.rawValue): "
                    + String(format: "%.0f commits/s", Double(writers * perWriter) / elapsed))
            listener.stop()
            for other in others { await other.close() }
            await store.close()
        }
    }
}
