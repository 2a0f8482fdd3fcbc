import EtchPostgres
import EtchStore
import Foundation
import Testing

/// What recording history costs concurrent writers, whose commits it makes one at a time
/// from `record` to `COMMIT`: commits per second of 8 writers putting one album each, with
/// and without recording it. A measurement, run only when asked:
///
///     ETCH_POSTGRES_MEASURE_WRITERS=200 bash Scripts/test-postgres.sh --skip '…' (see the README)
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ETCH_POSTGRES_MEASURE_WRITERS"] != nil))
struct PostgresHistoryThroughputTests {}

extension PostgresHistoryThroughputTests {
    @Test func measureConcurrentCommits() async throws {
        let perWriter = Int(ProcessInfo.processInfo.environment["ETCH_POSTGRES_MEASURE_WRITERS"] ?? "") ?? 200
        let writers = 8
        for recording in [false, true, false, true] {
            let fixture = try await PostgresHistoryFixture(poolSize: writers)
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for number in 0..<perWriter {
                            let album = PostgresHistoryFixture.album(writer * 100_000 + number)
                            try await fixture.pool.transaction(isolation: .readCommitted) {
                                [albums = fixture.albums, history = fixture.history] connection in
                                try albums.put(album, on: connection)
                                if recording {
                                    try history.record([try PostgresHistoryChange(.insert, album)], on: connection)
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
                "\(writers) writers, \(writers * perWriter) commits, \(recording ? "recording history" : "no history       "): "
                    + String(format: "%.0f commits/s", Double(writers * perWriter) / elapsed))
        }
    }
}
