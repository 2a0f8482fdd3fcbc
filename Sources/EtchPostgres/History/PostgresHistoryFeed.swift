import Etch
import EtchStore
import Foundation
import Synchronization

/// The reader behind live feeds of one history that share a listener: one read of the
/// history per notification of a new commit, however many feeds it serves.
///
/// A read of the history first waits for the commits in flight, and writers that arrive
/// meanwhile wait behind it (see ``PostgresHistory/currentToken(on:)``). With a read per
/// feed, every commit cost the writers one such wait per live query of every process, so a
/// server that follows many queries slowed every writer of the schema. Here each feed
/// (``updates(since:skipping:)``) reads once, when it starts, the commits after its token;
/// after that one read per notification that names a commit after the last read (or per
/// ``PostgresListener/Event/resync``) serves them all, each feed getting the commits after
/// its own position, in token order, each once.
///
/// All of it runs on one task, an input at a time: the listener's events and the feeds that
/// start and end. A feed's stream buffers without limit, as each feed did before.
package final class PostgresHistoryFeed: Sendable {
    /// What the reading task is given, in order.
    enum Input: Sendable {
        case event(PostgresListener.Event)
        case start(Start)
        case end(Int)
        /// The time to read again after a read that failed.
        case retry
        case listenerStopped
    }

    /// A feed to start: its number, where it starts (and whether that is a settled token),
    /// the tokens it skips, its stream, and the caller waiting for its first read.
    struct Start: Sendable {
        let number: Int
        let after: Int?
        let isSettled: Bool
        let skipped: Set<Int>
        let continuation: AsyncStream<StoreCommit>.Continuation
        let caller: Caller
    }

    /// The caller waiting for a feed's first read, which the reader answers, unless the
    /// caller's task was cancelled first: it stops waiting then, as it did when it read the
    /// history itself (a wait for a connection of the pool ends on cancellation).
    final class Caller: Sendable {
        private let state = Locked<(started: CheckedContinuation<Void, any Error>?, isCancelled: Bool)>((nil, false))

        /// Waits on `started`; at once when the task was cancelled already.
        func wait(on started: CheckedContinuation<Void, any Error>) {
            let isCancelled = state.withLock { state in
                if !state.isCancelled { state.started = started }
                return state.isCancelled
            }
            if isCancelled { started.resume(throwing: CancellationError()) }
        }

        /// Ends the wait with `CancellationError`, unless the reader answered first.
        func cancel() {
            state.withLock { state in
                state.isCancelled = true
                return state.started.take()
            }?.resume(throwing: CancellationError())
        }

        /// Whether the caller stopped waiting.
        var isCancelled: Bool { state.withLock { $0.isCancelled } }

        /// The wait to answer, or `nil` when the caller stopped waiting: only one of the
        /// reader and the cancellation answers.
        func take() -> CheckedContinuation<Void, any Error>? { state.withLock { $0.started.take() } }
    }

    /// The history read.
    let history: PostgresHistory
    /// Where the reading task's input goes.
    private let inputs: AsyncStream<Input>.Continuation
    /// The task that relays the listener's events, cancelled by ``close()``.
    private let relay: Task<Void, Never>
    /// The next feed's number.
    private let nextNumber = Atomic<Int>(0)
    /// The reads made for notifications and resyncs so far (not those of feeds starting),
    /// and the feeds running, for tests.
    private let counts = Locked(Counts())

    /// Starts reading for the feeds to come, woken by `listener`'s notifications.
    ///
    /// - Parameters:
    ///   - history: The history.
    ///   - pool: The pool the history is read through.
    ///   - listener: A listener on ``PostgresHistory/channel``.
    package init(history: PostgresHistory, pool: PostgresConnectionPool, listener: PostgresListener) {
        self.history = history
        let (stream, inputs) = AsyncStream.makeStream(of: Input.self)
        self.inputs = inputs
        // Subscribed now, before any feed's first read: no notification after it is missed.
        let events = listener.events()
        // Detached, both: they serve every feed of the store for its whole life, so they take
        // neither the priority nor the task-local values of the caller that started the first.
        relay = Task.detached {
            for await event in events { inputs.yield(.event(event)) }
            inputs.yield(.listenerStopped)
        }
        // It ends once ``close()`` finished the inputs and it has taken those sent before, so
        // that every feed that was starting is answered.
        let counts = counts
        Task.detached {
            var state = State(history: history, pool: pool, inputs: inputs, counts: counts)
            for await input in stream {
                switch input {
                case .event(let event): await state.receive(event)
                case .start(let start): await state.start(start)
                case .end(let number): state.end(number)
                case .retry: await state.retry()
                case .listenerStopped: state.stop()
                }
            }
            state.stop()
        }
    }

    deinit { close() }

    /// A live feed: the commits after `token` first, then each commit once, in token order,
    /// as it becomes visible, without those of `skipped` tokens (which a snapshot taken
    /// after `token` already saw). See ``PostgresHistory/updates(since:pool:listener:)``.
    ///
    /// - Parameters:
    ///   - token: Where the feed starts; `nil` for the whole history kept.
    ///   - isSettled: Whether `token` is a settled token the caller read
    ///     (``PostgresHistory/currentToken(on:)``), as a live query's is. Such a feed needs
    ///     no first read when the reader has read no further than it: every commit after it
    ///     is still to be read, on the notifications to come. (A token a user gives is read
    ///     after, so that one of another store, or pruned, is refused.)
    ///   - skipped: Tokens after `token` not to send.
    /// - Throws: as ``PostgresHistory/history(since:on:)``, for the first read;
    ///   ``PostgresError/poolClosed`` once the feeds were closed.
    package func updates(
        since token: HistoryToken?, isSettled: Bool = false, skipping skipped: Set<Int>
    ) async throws -> AsyncStream<StoreCommit> {
        if let token, token.storeID != history.storeID {
            throw StoreError.historyTokenOfAnotherStore(token: token.description, store: history.storeID.uuidString)
        }
        let number = nextNumber.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream.makeStream(of: StoreCommit.self)
        let caller = Caller()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (started: CheckedContinuation<Void, any Error>) in
                caller.wait(on: started)
                let start = Start(
                    number: number, after: token?.number, isSettled: isSettled, skipped: skipped,
                    continuation: continuation, caller: caller)
                if case .terminated = inputs.yield(.start(start)) {
                    continuation.finish()
                    caller.take()?.resume(throwing: PostgresError.poolClosed)
                }
            }
        } onCancel: {
            caller.cancel()
        }
        // The feed holds this reader, which lives while any of its feeds does.
        continuation.onTermination = { _ in self.inputs.yield(.end(number)) }
        return stream
    }

    /// Ends every feed, and reads no more: feeds starting now are refused.
    package func close() {
        inputs.finish()
        relay.cancel()
    }

    /// The reads made for notifications and resyncs so far, which every feed shares.
    package var reads: Int { counts.withLock { $0.reads } }

    /// The first reads of feeds that started so far.
    package var firstReads: Int { counts.withLock { $0.firstReads } }

    /// The feeds running.
    package var feeds: Int { counts.withLock { $0.feeds } }
}
