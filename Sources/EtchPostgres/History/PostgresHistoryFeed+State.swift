import Etch
import EtchStore
import Foundation

extension PostgresHistoryFeed {
    /// What a ``PostgresHistoryFeed`` counts, for tests.
    struct Counts {
        var reads = 0
        var firstReads = 0
        var feeds = 0
    }

    /// What the reading task of a ``PostgresHistoryFeed`` keeps: the feeds and how far each
    /// got, and how far the last read went.
    struct State {
        /// A feed and how far it got.
        struct Feed {
            let continuation: AsyncStream<StoreCommit>.Continuation
            /// The last token sent, or where the feed started.
            var position: Int
            /// Tokens the feed skips.
            let skipped: Set<Int>

            /// Sends the commits after its position it does not skip.
            mutating func send(_ commits: [StoreCommit], through: Int) {
                for commit in commits where commit.token.number > position && !skipped.contains(commit.token.number) {
                    continuation.yield(commit)
                }
                position = max(position, through)
            }
        }

        let history: PostgresHistory
        let pool: PostgresConnectionPool
        /// The reading task's inputs, for the retries it schedules.
        let inputs: AsyncStream<Input>.Continuation
        let counts: Locked<Counts>
        /// How far the last read went; `nil` while no feed runs.
        var last: Int?
        /// Whether the listener stopped: feeds that start then get their first read and end.
        var isStopped = false
        /// The wait before the next read after a failed one, growing with each failure, and
        /// whether a retry is scheduled.
        var retryDelay = Duration.milliseconds(50)
        var isRetryScheduled = false

        init(
            history: PostgresHistory, pool: PostgresConnectionPool,
            inputs: AsyncStream<Input>.Continuation, counts: Locked<Counts>
        ) {
            self.history = history
            self.pool = pool
            self.inputs = inputs
            self.counts = counts
        }

        /// The feeds running: what ``PostgresHistoryFeed/feeds`` says.
        var feeds: [Int: Feed] = [:] {
            didSet { counts.withLock { [count = feeds.count] in $0.feeds = count } }
        }

        /// Starts a feed with a read of the commits after its token, which it is sent. When
        /// that read covers commits the running feeds have not had yet (it started at or before
        /// the last read), they are sent them too.
        mutating func start(_ start: Start) async {
            // A caller that stopped waiting (cancelled) gets no feed.
            guard !start.caller.isCancelled else {
                start.continuation.finish()
                return
            }
            if start.isSettled, let after = start.after, let last, after >= last, !isStopped {
                // Every commit after it is after the last read too: the reads to come bring them.
                guard let started = start.caller.take() else {
                    start.continuation.finish()
                    return
                }
                feeds[start.number] = Feed(continuation: start.continuation, position: after, skipped: start.skipped)
                started.resume()
                return
            }
            counts.withLock { $0.firstReads += 1 }
            let past: (commits: [StoreCommit], through: Int)
            do {
                past = try await pool.withConnection { [history] connection in
                    try history.commits(after: start.after, on: connection)
                }
            } catch {
                start.continuation.finish()
                start.caller.take()?.resume(throwing: error)
                return
            }
            guard let started = start.caller.take() else {
                start.continuation.finish()
                return
            }
            var feed = Feed(continuation: start.continuation, position: start.after ?? Int.min, skipped: start.skipped)
            feed.send(past.commits, through: past.through)
            // A read from the whole history kept starts after the pruned commits, which may
            // follow the last read: the running feeds would skip them, so they read on their own.
            if let last, let after = start.after, after <= last {
                send(past.commits, through: past.through)
                self.last = max(last, past.through)
            } else if last == nil {
                last = past.through
            }
            if isStopped {
                start.continuation.finish()
            } else {
                feeds[start.number] = feed
            }
            started.resume()
        }

        /// Reads what a notification names, or everything after the last read on a resync.
        mutating func receive(_ event: PostgresListener.Event) async {
            guard let last else { return }
            if case .notification(let payload) = event,
                history.token(inPayload: payload).map({ $0.number <= last }) ?? true
            {
                return
            }
            await read()
        }

        /// Reads again after a read that failed (from wherever the reads got meanwhile).
        mutating func retry() async {
            isRetryScheduled = false
            await read()
        }

        /// Reads the commits after the last read and sends them to the feeds. A read that fails
        /// (a lost connection of the pool) is tried again after a growing delay, on an input of
        /// its own, so that feeds still start and end meanwhile.
        mutating func read() async {
            while let last, !feeds.isEmpty {
                do {
                    let new = try await pool.withConnection { [history] connection in
                        try history.commits(after: last, on: connection)
                    }
                    counts.withLock { $0.reads += 1 }
                    send(new.commits, through: new.through)
                    self.last = new.through
                    retryDelay = .milliseconds(50)
                    return
                } catch StoreError.historyTokenExpired(_, let oldest) {
                    // The commits after the last read were pruned: the feeds that had not got past
                    // them end, as they would have each; the others (started after them) read on.
                    // Each turn ends a feed or reads past the pruned commits.
                    endFeeds(before: oldest)
                } catch is StoreError {
                    endAll()
                    return
                } catch PostgresError.poolClosed {
                    // The store closed while the feed read: nothing more will come.
                    stop()
                    return
                } catch {
                    scheduleRetry()
                    return
                }
            }
        }

        /// Reads again after a growing delay, on an input of its own, unless a retry waits.
        mutating func scheduleRetry() {
            guard !isRetryScheduled else { return }
            isRetryScheduled = true
            let (delay, inputs) = (retryDelay, inputs)
            retryDelay = min(retryDelay * 2, .seconds(2))
            Task {
                try? await Task.sleep(for: delay)
                inputs.yield(.retry)
            }
        }

        /// Ends the feeds whose position is before `oldest`, the oldest token a read may start
        /// after, and reads next from the earliest position of the others.
        mutating func endFeeds(before oldest: Int) {
            for (number, feed) in feeds where feed.position < oldest {
                feed.continuation.finish()
                feeds[number] = nil
            }
            last = feeds.values.map(\.position).min()
        }

        /// Sends every running feed the commits after its position.
        mutating func send(_ commits: [StoreCommit], through: Int) {
            for number in feeds.keys { feeds[number]?.send(commits, through: through) }
        }

        /// Forgets a feed whose consumer stopped.
        mutating func end(_ number: Int) {
            feeds[number] = nil
            if feeds.isEmpty { last = nil }
        }

        /// Ends every feed.
        mutating func endAll() {
            for feed in feeds.values { feed.continuation.finish() }
            feeds.removeAll()
            last = nil
        }

        /// Ends every feed, and those that start later after their first read.
        mutating func stop() {
            isStopped = true
            endAll()
        }
    }
}
