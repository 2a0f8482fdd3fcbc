import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// The delay from a commit on one connection to the listener's event and to the history
/// feed's commit, in this process. Not a timing assertion: `notificationArrives` checks that
/// it comes; `measureNotificationDelay` prints the figures for the README, and runs only when
/// asked:
///
///     ETCH_POSTGRES_MEASURE_DELAY=300 bash Scripts/test-postgres.sh -c release --filter NotificationDelay
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresNotificationDelayTests {}

extension PostgresNotificationDelayTests {
    @Test func notificationArrives() async throws {
        let delays = try await Self.measure(commits: 5)
        #expect(delays.events.count == 5)
        #expect(delays.commits.count == 5)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["ETCH_POSTGRES_MEASURE_DELAY"] != nil))
    func measureNotificationDelay() async throws {
        let count = Int(ProcessInfo.processInfo.environment["ETCH_POSTGRES_MEASURE_DELAY"] ?? "") ?? 300
        let delays = try await Self.measure(commits: count)
        print("notification delay over \(count) commits, from sending COMMIT:")
        print("  COMMIT returns:   \(Self.summary(delays.commitCalls))")
        print("  listener event:   \(Self.summary(delays.events))")
        print("  history feed:     \(Self.summary(delays.commits))")
    }

    /// Commits `commits` times, one after another, on a connection of its own, and times
    /// each from sending `COMMIT` to the listener's event and to the feed's commit.
    static func measure(commits: Int) async throws -> (commitCalls: [Duration], events: [Duration], commits: [Duration])
    {
        let fixture = try await PostgresHistoryFixture()
        let listener = PostgresListener(connectionString: fixture.schema.connectionString)
        defer { listener.stop() }
        let clock = ContinuousClock()
        let eventTimes = Locked<[Int: ContinuousClock.Instant]>([:])
        let commitTimes = Locked<[Int: ContinuousClock.Instant]>([:])
        let events = listener.events()
        let feed = try await fixture.history.updates(
            since: try fixture.history.currentToken(on: fixture.other), pool: fixture.pool, listener: listener)
        let history = fixture.history
        let eventTask = Task {
            for await event in events {
                guard case .notification(let payload) = event, let number = history.token(inPayload: payload)?.number
                else { continue }
                let now = clock.now
                eventTimes.withLock { $0[number] = now }
            }
        }
        let feedTask = Task {
            for await commit in feed {
                let now = clock.now
                commitTimes.withLock { $0[commit.token.number] = now }
            }
        }
        defer {
            eventTask.cancel()
            feedTask.cancel()
        }
        // Commits made before the listener listens are caught up by the feed but never
        // notified.
        let listening = ContinuousClock.now + .seconds(15)
        while listener.connectionCount == 0 && ContinuousClock.now < listening {
            try await Task.sleep(for: .milliseconds(5))
        }
        var commitCalls: [Duration] = []
        var eventDelays: [Duration] = []
        var commitDelays: [Duration] = []
        let writer = fixture.other
        for number in 0..<commits {
            try writer.execute("BEGIN")
            let token = try PostgresHistoryFixture.write(
                [PostgresHistoryFixture.album(number)], kind: .insert, table: fixture.albums, history: fixture.history,
                on: writer)
            let sent = clock.now
            try writer.execute("COMMIT")
            commitCalls.append(clock.now - sent)
            let deadline = clock.now + .seconds(10)
            while clock.now < deadline {
                let event = eventTimes.withLock { $0[token.number] }
                let commit = commitTimes.withLock { $0[token.number] }
                if let event, let commit {
                    eventDelays.append(event - sent)
                    commitDelays.append(commit - sent)
                    break
                }
                try await Task.sleep(for: .microseconds(200))
            }
        }
        return (commitCalls, eventDelays, commitDelays)
    }

    /// The median, 99th percentile and worst of some durations, in milliseconds.
    static func summary(_ durations: [Duration]) -> String {
        let sorted = durations.sorted()
        guard !sorted.isEmpty else { return "none" }
        func milliseconds(_ duration: Duration) -> String {
            let (seconds, attoseconds) = duration.components
            return String(format: "%.3f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        }
        let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        return "median \(milliseconds(sorted[sorted.count / 2])), p99 \(milliseconds(p99)), "
            + "worst \(milliseconds(sorted[sorted.count - 1])) (\(sorted.count) commits)"
    }
}
