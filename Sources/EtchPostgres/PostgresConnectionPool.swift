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
    private var idle: [PostgresConnection]
    /// Connections open or being opened, idle or held: at most ``size``.
    private var opened: Int
    /// Callers waiting for a connection, first come first served.
    private var waiters: [CheckedContinuation<Lease, any Error>] = []
    /// Whether ``close()`` was called.
    private var isClosed = false

    /// What a caller gets from the pool: an open connection, or the right to open one.
    private enum Lease: Sendable {
        case connection(PostgresConnection)
        case slot
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
        self.idle = [try PostgresConnection(connectionString: connectionString)]
        self.opened = 1
    }

    /// Runs `body` with a connection of the pool, waiting for one when all are held, and
    /// takes it back afterwards.
    ///
    /// A transaction `body` left open is rolled back; a broken connection is closed and
    /// replaced by a new one for the next caller.
    ///
    /// - Parameter body: Work on the connection, which it must not keep.
    /// - Returns: What `body` returns.
    /// - Throws: ``PostgresError`` when no connection opens or the pool is closed, and
    ///   whatever `body` throws.
    public nonisolated func withConnection<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await checkOut()
        do {
            let result = try await body(connection)
            await checkIn(connection)
            return result
        } catch {
            await checkIn(connection)
            throw error
        }
    }

    /// A connection for a caller: an idle one, a new one while fewer than ``size`` are
    /// open, or the next one given back.
    private nonisolated func checkOut() async throws -> PostgresConnection {
        switch try await lease() {
        case .connection(let connection):
            return connection
        case .slot:
            do {
                return try PostgresConnection(connectionString: connectionString)
            } catch {
                await giveBackSlot()
                throw error
            }
        }
    }

    /// An idle connection or the right to open one, waiting when neither is free.
    private func lease() async throws -> Lease {
        if isClosed { throw PostgresError.poolClosed }
        if let connection = idle.popLast() { return .connection(connection) }
        if opened < size {
            opened += 1
            return .slot
        }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    /// Takes a connection back: to the next waiter or the idle list when it is reusable,
    /// closed otherwise. A transaction left open is rolled back first.
    private nonisolated func checkIn(_ connection: PostgresConnection) async {
        if !connection.isBroken && !connection.isIdle {
            _ = try? connection.execute("ROLLBACK")
        }
        if connection.isIdle {
            await giveBack(connection)
        } else {
            await giveBackSlot()
        }
    }

    /// Hands a reusable connection to the next waiter, or keeps it idle.
    private func giveBack(_ connection: PostgresConnection) {
        if isClosed {
            opened -= 1
        } else if waiters.isEmpty {
            idle.append(connection)
        } else {
            waiters.removeFirst().resume(returning: .connection(connection))
        }
    }

    /// Frees the place of a connection that closed or did not open: the next waiter opens
    /// one in its place.
    private func giveBackSlot() {
        if waiters.isEmpty || isClosed {
            opened -= 1
        } else {
            waiters.removeFirst().resume(returning: .slot)
        }
    }

    /// Closes the idle connections and refuses new callers; connections held now close when
    /// they are given back. Callers waiting for a connection get ``PostgresError/poolClosed``.
    public func close() {
        isClosed = true
        opened -= idle.count
        idle.removeAll()
        for waiter in waiters { waiter.resume(throwing: PostgresError.poolClosed) }
        waiters.removeAll()
    }
}
