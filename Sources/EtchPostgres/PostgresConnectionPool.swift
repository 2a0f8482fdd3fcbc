/// A fixed number of connections to one PostgreSQL server, handed to concurrent callers one
/// at a time each; a caller that finds all of them in use waits for one.
///
/// A connection that comes back broken (the server ended it) or inside a transaction that
/// cannot be rolled back is closed, and its place is opened anew for the next caller, so a
/// restarted server or a terminated backend costs the callers that were using it, not the
/// pool.
///
/// ```swift
/// let pool = try PostgresConnectionPool(connectionString: "postgresql://etch@localhost/etch", size: 8)
/// let count = try await pool.withConnection { connection in
///     try connection.execute("SELECT count(*) FROM pg_class").singleValue
/// }
/// ```
public actor PostgresConnectionPool {
    /// The connection string every connection is opened with.
    private let connectionString: String
    /// The most connections open at once.
    public nonisolated let size: Int
    /// Open connections no caller holds.
    private var idle: [Member]
    /// Connections open or being opened, idle or held: at most ``size``.
    private var opened: Int
    /// Callers waiting for a connection, first come first served, by the number each was
    /// given.
    private var waiters: [(number: Int, continuation: CheckedContinuation<Lease, any Error>)] = []
    /// The number the next waiting caller gets.
    private var nextWaiterNumber = 0
    /// Whether ``close()`` was called.
    private var isClosed = false

    /// What a caller gets from the pool: an open connection, or the right to open one.
    private enum Lease: Sendable {
        case connection(Member)
        case slot
    }

    /// A connection of the pool and the thread its callers' work runs on.
    final class Member: Sendable {
        let connection: PostgresConnection
        let thread: PostgresConnectionThread

        init(_ connection: PostgresConnection) {
            self.connection = connection
            self.thread = PostgresConnectionThread(name: "EtchPG \(connection.backendProcessID)")
        }

        deinit { thread.stop() }
    }

    /// Makes a pool and opens its first connection, so that a wrong connection string, a
    /// server that is down or a refused user are reported here.
    ///
    /// - Parameters:
    ///   - connectionString: A URI (`postgresql://user@host/database`) or libpq's
    ///     `key=value` form; see ``PostgresConnection/init(connectionString:)``.
    ///   - size: The most connections open at once, at least 1: no more concurrent
    ///     statements than this reach the server.
    /// - Throws: ``PostgresError`` when the first connection does not open.
    public init(connectionString: String, size: Int) throws(PostgresError) {
        self.connectionString = connectionString
        self.size = max(size, 1)
        self.idle = [Member(try PostgresConnection(connectionString: connectionString))]
        self.opened = 1
    }

    /// Runs `body` with a connection of the pool, waiting for one when all are held, and
    /// takes it back afterwards.
    ///
    /// A transaction `body` left open is rolled back; a broken connection is closed and
    /// replaced by a new one for the next caller.
    ///
    /// `body` runs on a thread of the connection's own (unless it is isolated to an actor),
    /// so that the connection's calls, which block until the server answers, never hold one
    /// of the threads Swift's tasks share.
    ///
    /// - Parameter body: Work on the connection, which it must not keep.
    /// - Returns: What `body` returns.
    /// - Throws: ``PostgresError`` when no connection opens or the pool is closed,
    ///   `CancellationError` when the task is cancelled while it waits for a connection, and
    ///   whatever `body` throws.
    public nonisolated func withConnection<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await withMember { member in
            try await withTaskExecutorPreference(member.thread) {
                // The preference moves the task at its next enqueue. A body entered without one
                // (the optimizer may drop the hop into a nonisolated closure) would run where
                // the caller ran, on a thread Swift's tasks share, and block it on the server:
                // a yield enqueues the task, on the connection's thread.
                if !member.thread.isCurrent { await Task.yield() }
                return try await body(member.connection)
            }
        }
    }

    /// Runs `body` with a member of the pool on the caller's executor, waiting for one when
    /// all are held, and takes it back afterwards.
    ///
    /// - Parameters:
    ///   - probing: Whether an idle connection is checked first for having been ended by
    ///     the server (two non-blocking reads of its socket); a caller that runs its work
    ///     again on a lost connection, as ``query(_:_:reading:)`` does, spares them.
    ///   - body: Work on the member, which it must not keep.
    nonisolated func withMember<Result: Sendable>(
        probing: Bool = true, _ body: (Member) async throws -> Result
    ) async throws -> Result {
        let member = try await checkOut(probing: probing)
        do {
            let result = try await body(member)
            await checkIn(member)
            return result
        } catch {
            await checkIn(member)
            throw error
        }
    }

    /// A connection for a caller: an idle one, a new one while fewer than ``size`` are
    /// open, or the next one given back.
    ///
    /// When `probing`, an idle connection the server ended meanwhile (a restart, a
    /// terminated backend) is closed and a new one opened in its place, so that the first
    /// call after a restart runs rather than fails on it (and, with the server still down,
    /// fails as ``PostgresError/serverUnreachable(server:reason:)``, which says so).
    private nonisolated func checkOut(probing: Bool) async throws -> Member {
        switch try await lease() {
        case .connection(let member) where !probing || !member.connection.hasEnded:
            return member
        case .connection, .slot:
            do {
                return Member(try PostgresConnection(connectionString: connectionString))
            } catch {
                await giveBackSlot()
                throw error
            }
        }
    }

    /// An idle connection or the right to open one, waiting when neither is free.
    private func lease() async throws -> Lease {
        if isClosed { throw PostgresError.poolClosed }
        if let member = idle.popLast() { return .connection(member) }
        if opened < size {
            opened += 1
            return .slot
        }
        let number = nextWaiterNumber
        nextWaiterNumber += 1
        // The waiter is listed in this turn of the actor, before `cancelWaiter` can run.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiters.append((number, $0)) }
        } onCancel: {
            Task { await self.cancelWaiter(number) }
        }
    }

    /// Ends the wait of a caller whose task was cancelled: it throws `CancellationError`.
    /// A caller no longer listed was given a connection already, and keeps it.
    private func cancelWaiter(_ number: Int) {
        guard let position = waiters.firstIndex(where: { $0.number == number }) else { return }
        waiters.remove(at: position).continuation.resume(throwing: CancellationError())
    }

    /// How many callers wait for a connection.
    package var waitingCallers: Int { waiters.count }

    /// Takes a connection back: to the next waiter or the idle list when it is reusable,
    /// closed otherwise. A transaction left open is rolled back first.
    private nonisolated func checkIn(_ member: Member) async {
        let connection = member.connection
        if !connection.isIdle && !connection.isBroken {
            _ = try? connection.execute("ROLLBACK")
        }
        if connection.isIdle {
            await giveBack(member)
        } else {
            await giveBackSlot()
        }
    }

    /// Hands a reusable connection to the next waiter, or keeps it idle.
    private func giveBack(_ member: Member) {
        if isClosed {
            opened -= 1
        } else if waiters.isEmpty {
            idle.append(member)
        } else {
            waiters.removeFirst().continuation.resume(returning: .connection(member))
        }
    }

    /// Frees the place of a connection that closed or did not open: the next waiter opens
    /// one in its place.
    private func giveBackSlot() {
        if waiters.isEmpty || isClosed {
            opened -= 1
        } else {
            waiters.removeFirst().continuation.resume(returning: .slot)
        }
    }

    /// Closes the idle connections and refuses new callers; connections held now close when
    /// they are given back. Callers waiting for a connection get ``PostgresError/poolClosed``.
    public func close() {
        isClosed = true
        opened -= idle.count
        idle.removeAll()
        for waiter in waiters { waiter.continuation.resume(throwing: PostgresError.poolClosed) }
        waiters.removeAll()
    }
}
