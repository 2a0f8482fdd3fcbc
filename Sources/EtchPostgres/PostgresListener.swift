import Etch
import Foundation

/// A connection of its own that listens on one channel (`LISTEN`) and hands what arrives to
/// every stream of ``events()``, reconnecting when the connection is lost.
///
/// It runs on a thread of its own, which waits on the connection's socket (see
/// ``PostgresConnection/notifications(waitingUpTo:)``) and never holds one of Swift's
/// cooperative threads. When the connection ends (a restarted server, a terminated
/// backend), it opens a new one with a growing delay between attempts, `LISTEN`s again and
/// sends ``Event/resync``: notifications sent while it was away are lost, and a reader
/// re-reads what it follows (the history since its last token) to miss nothing. It sends one
/// too after a quiet spell (`quietResync`), for a notification that was never sent: a store's
/// write notifies right after its `COMMIT`, and a writer whose session ends between the two
/// sends none.
///
/// ```swift
/// let listener = PostgresListener(connectionString: url)
/// for await event in listener.events() {
///     switch event {
///     case .resync: print("read the history since the last token")
///     case .notification(let payload): print("commit", payload)
///     }
/// }
/// ```
public final class PostgresListener: Sendable {
    /// What a stream of ``events()`` receives.
    public enum Event: Sendable, Equatable {
        /// The listener listens on a new connection (the first, or one made after the last
        /// ended), or nothing came for `quietResync`: notifications may have been missed.
        /// Every stream receives one first, as soon as the listener listens.
        case resync
        /// A notification on the channel, with its payload (for ``PostgresHistory/channel``,
        /// a commit's token: see ``PostgresHistory/token(inPayload:)``).
        case notification(payload: String)
    }

    /// The channel listened on.
    public let channel: String
    /// The state the thread and the streams share.
    private let core: Core

    /// Starts listening: opens the connection on a thread of its own, and keeps trying
    /// while the server cannot be reached.
    ///
    /// - Parameters:
    ///   - connectionString: A URI or libpq's `key=value` form; see
    ///     ``PostgresConnection/init(connectionString:)``.
    ///   - channel: The channel; the history's by default.
    ///   - pollInterval: How long the thread waits on the socket between checks whether
    ///     ``stop()`` was called: the most a stop takes.
    ///   - maxReconnectDelay: The longest wait between two attempts to reconnect; the first
    ///     waits 50 ms, and each next one twice as long.
    ///   - quietResync: How long the channel may stay quiet before the streams receive
    ///     ``Event/resync`` (give or take `pollInterval`): the longest a commit whose
    ///     notification was never sent waits to be read, when no other commit follows;
    ///     `nil` for never.
    public init(
        connectionString: String, channel: String = PostgresHistory.channel,
        pollInterval: Duration = .milliseconds(250), maxReconnectDelay: Duration = .seconds(2),
        quietResync: Duration? = .seconds(5)
    ) {
        self.channel = channel
        core = Core()
        let core = core
        let thread = Thread {
            Thread.current.name = "EtchPG listen"
            core.run(
                connectionString: connectionString, channel: channel, pollInterval: pollInterval,
                maxReconnectDelay: maxReconnectDelay, quietResync: quietResync)
        }
        thread.start()
    }

    deinit { core.stop() }

    /// A new stream of what the listener receives: ``Event/resync`` once the listener
    /// listens (at once when it already does), then each notification, and another
    /// ``Event/resync`` after each reconnection. It ends when the listener stops, or when
    /// its consumer stops iterating.
    ///
    /// The stream buffers without limit, so consume it promptly.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let number = core.state.withLock { state in
            guard !state.isStopped else {
                continuation.finish()
                return -1
            }
            let number = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[number] = continuation
            if state.backendProcessID != nil { continuation.yield(.resync) }
            return number
        }
        let core = core
        continuation.onTermination = { _ in core.state.withLock { _ = $0.subscribers.removeValue(forKey: number) } }
        return stream
    }

    /// Stops listening: the thread closes the connection within the poll interval, and
    /// every stream of ``events()`` ends.
    public func stop() { core.stop() }

    /// The process id of the listening connection's backend on the server, or `nil` while
    /// there is none (connecting, reconnecting, stopped): what `pg_terminate_backend` takes.
    public var backendProcessID: Int32? { core.state.withLock { $0.backendProcessID } }

    /// How many times the listener opened a connection and listened: 1 after the first,
    /// one more per reconnection.
    public var connectionCount: Int { core.state.withLock { $0.connectionCount } }
}

extension PostgresListener {
    /// What the thread and the listener's callers share.
    final class Core: Sendable {
        struct State {
            var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
            var nextSubscriber = 0
            var isStopped = false
            var backendProcessID: Int32?
            var connectionCount = 0
        }

        let state = Locked(State())

        var isStopped: Bool { state.withLock { $0.isStopped } }

        /// Sends an event to every stream, outside the lock: a yield may take the lock of the
        /// task waiting on the stream, which a cancelled task holds while its stream's end
        /// takes this lock (to forget the stream), and the two would wait for each other.
        /// Events come from the listener's one thread, so each stream still gets them in order;
        /// a stream that starts meanwhile reads the history after it started anyway.
        func broadcast(_ event: Event) {
            let subscribers = state.withLock { $0.subscribers }
            for continuation in subscribers.values { continuation.yield(event) }
        }

        func stop() {
            let subscribers = state.withLock { state in
                state.isStopped = true
                defer { state.subscribers = [:] }
                return state.subscribers
            }
            for continuation in subscribers.values { continuation.finish() }
        }

        /// The thread's loop: connect and listen, pass notifications on until the
        /// connection ends, then wait and connect again, until stopped.
        func run(
            connectionString: String, channel: String, pollInterval: Duration, maxReconnectDelay: Duration,
            quietResync: Duration?
        ) {
            let firstDelay = Duration.milliseconds(50)
            var delay = firstDelay
            while !isStopped {
                let connection: PostgresConnection
                do {
                    connection = try PostgresConnection(connectionString: connectionString)
                    try connection.execute("LISTEN \(PostgresSQL.identifier(channel))")
                } catch {
                    sleep(for: delay, checkingEvery: pollInterval)
                    delay = min(delay * 2, maxReconnectDelay)
                    continue
                }
                delay = firstDelay
                state.withLock { state in
                    state.backendProcessID = connection.backendProcessID
                    state.connectionCount += 1
                }
                broadcast(.resync)
                do {
                    var lastEvent = ContinuousClock.now
                    while !isStopped {
                        for notification in try connection.notifications(waitingUpTo: pollInterval)
                        where notification.channel == channel {
                            broadcast(.notification(payload: notification.payload))
                            lastEvent = .now
                        }
                        if let quietResync, ContinuousClock.now - lastEvent >= quietResync {
                            broadcast(.resync)
                            lastEvent = .now
                        }
                    }
                } catch {
                    // The connection ended: connect again at once, then back off.
                }
                state.withLock { $0.backendProcessID = nil }
            }
        }

        /// Waits `duration`, waking every `interval` to end early when stopped.
        private func sleep(for duration: Duration, checkingEvery interval: Duration) {
            var left = duration
            while left > .zero && !isStopped {
                let step = min(left, interval)
                Thread.sleep(
                    forTimeInterval: Double(step.components.seconds) + Double(step.components.attoseconds) / 1e18)
                left -= step
            }
        }
    }
}
