import CLibPQ
import Etch
import Foundation

/// One connection to a PostgreSQL server, through libpq.
///
/// Every value a statement uses is sent as a parameter (`$1`, `$2`, … in PostgreSQL's text
/// format), never spliced into its SQL; results are read by hand. A statement with
/// parameters is prepared on the server the first time the connection runs it, and run by
/// name afterwards, so that the server parses and plans it once (see
/// ``execute(_:_:)``). Calls block the calling
/// thread until the server answers and are serialized by a lock, so a connection may be
/// shared, but one statement runs at a time: give concurrent work a
/// ``PostgresConnectionPool``.
///
/// ```swift
/// let connection = try PostgresConnection(connectionString: "postgresql://etch@localhost/etch")
/// let rows = try connection.execute("SELECT $1::text || '!'", ["it's"])
/// rows.singleValue  // "it's!"
/// ```
public final class PostgresConnection: Sendable {
    /// libpq's connection, used under the lock (by the extensions of other files too, such as
    /// the notifications').
    let handle: Locked<Handle>

    /// libpq's connection, closed once.
    struct Handle: ~Copyable {
        let pointer: OpaquePointer
        /// The statements prepared on this connection's session.
        var statements: PostgresPreparedStatements
        /// The `BEGIN` of a transaction that sent nothing yet, to go with its first statement
        /// (see ``PostgresConnection/beginWithFirstStatement(_:)``).
        var pendingBegin: String?
        /// The error of a connection found lost when the pending `BEGIN` was sent.
        var beginFailure: PostgresError?
        /// Decodes the stored objects of the results read, for the life of the connection:
        /// the objects of every read share key arrays and values spelled alike, and no read
        /// pays for the decoder's tables (made anew for one read, they cost more than its
        /// objects' decoding); used under the lock, one read at a time.
        let decoder = JSONRecordDecoder()
        deinit { PQfinish(pointer) }
    }

    /// Connects to a server.
    ///
    /// - Parameters:
    ///   - connectionString: A URI (`postgresql://user:password@host:5432/database`) or
    ///     libpq's `key=value` form (`host=/run/postgresql user=etch dbname=etch`); every
    ///     setting libpq reads, such as `connect_timeout` or `sslmode`, applies.
    ///   - preparedStatements: The most statements kept prepared on the server at once; the
    ///     least recently used one is deallocated to make room for another.
    /// - Throws: ``PostgresError/invalidConnectionString(reason:)``,
    ///   ``PostgresError/serverUnreachable(server:reason:)``,
    ///   ``PostgresError/authenticationFailed(user:server:reason:)`` or
    ///   ``PostgresError/databaseMissing(database:server:reason:)``.
    public init(connectionString: String, preparedStatements: Int = 256) throws(PostgresError) {
        var parseError: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &parseError) else {
            let reason = parseError.map { String(cString: $0) } ?? "libpq could not read it"
            PQfreemem(parseError)
            throw .invalidConnectionString(reason: reason.trimmedMessage)
        }
        PQconninfoFree(options)
        guard let pointer = PQconnectdb(connectionString) else {
            throw .serverUnreachable(server: "?", reason: "libpq could not allocate a connection")
        }
        guard PQstatus(pointer) == CONNECTION_OK else {
            let error = Self.connectionError(pointer)
            PQfinish(pointer)
            throw error
        }
        etch_pq_ignore_notices(pointer)
        // Etch quotes the names it puts in DDL as standard SQL does; PostgreSQL's default
        // since 9.1, set here for a server configured otherwise.
        let conformingStrings = PQparameterStatus(pointer, "standard_conforming_strings").map { String(cString: $0) }
        self.handle = Locked(
            Handle(pointer: pointer, statements: PostgresPreparedStatements(capacity: preparedStatements)))
        if conformingStrings != "on" { try execute("SET standard_conforming_strings = on") }
    }

    /// The error of a connection that did not open, classified by libpq's message: the
    /// server's `FATAL` messages carry no SQLSTATE before the connection is made.
    static func connectionError(_ pointer: OpaquePointer) -> PostgresError {
        let reason = String(cString: PQerrorMessage(pointer)).trimmedMessage
        let host = PQhost(pointer).map { String(cString: $0) } ?? "localhost"
        let port = PQport(pointer).map { String(cString: $0) } ?? "5432"
        let server = "\(host):\(port.isEmpty ? "5432" : port)"
        let user = PQuser(pointer).map { String(cString: $0) } ?? "?"
        let database = PQdb(pointer).map { String(cString: $0) } ?? "?"
        if reason.contains("database \"") && reason.contains("does not exist") {
            return .databaseMissing(database: database, server: server, reason: reason)
        }
        if (reason.contains("role \"") && reason.contains("does not exist"))
            || reason.contains("authentication failed") || reason.contains("pg_hba.conf")
            || reason.contains("password") || reason.contains("not permitted to log in")
        {
            return .authenticationFailed(user: user, server: server, reason: reason)
        }
        return .serverUnreachable(server: server, reason: reason)
    }

    /// Runs one statement with its parameters and reads its rows.
    ///
    /// A statement with parameters is prepared (`PQprepare`, under a generated name) the
    /// first time this connection runs its SQL text, then run by name (`PQexecPrepared`):
    /// the server parses and plans it once per connection rather than once per call. The
    /// rule is the parameters: a statement without any runs as it is, unprepared, which is
    /// what `BEGIN`, `COMMIT`, DDL, `LISTEN` and strings of several statements need (none of
    /// them takes parameters, and a string with parameters holds one statement). The
    /// connection keeps at most the number of statements it was opened with, deallocating
    /// the least recently used; it forgets them all when its session ends (a lost
    /// connection, ``reset()``). A statement the server no longer holds as prepared (after
    /// `DISCARD ALL`, or a table made anew with other columns) is prepared again and run
    /// once more when no transaction is open; inside one, its error is thrown, as any other.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement, with `$1`, `$2`, … where the parameters go.
    ///   - parameters: The statement's parameters in PostgreSQL's text format (cast them in
    ///     the SQL, as `$1::jsonb`); `nil` for SQL `NULL`.
    /// - Returns: The statement's rows, empty for a statement that returns none.
    /// - Throws: ``PostgresError/connectionLost(sqlState:reason:duringCommit:)`` when the
    ///   connection ended, ``PostgresError/serverError(sqlState:message:detail:constraint:statement:)``
    ///   when the server refused the statement, ``PostgresError/invalidParameter(position:reason:)``
    ///   for a value PostgreSQL cannot hold.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        try execute(sql, parameters) { result in result.rows }
    }

    /// Runs one statement with its parameters, as ``execute(_:_:)`` does, and hands its
    /// result to `read` where libpq holds it, under the connection's lock: the values are
    /// read in place rather than copied into ``PostgresRows``.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement, with `$1`, `$2`, … where the parameters go.
    ///   - parameters: The statement's parameters in PostgreSQL's text format; `nil` for SQL `NULL`.
    ///   - read: Reads the successful result, which it must not keep.
    /// - Returns: What `read` returns.
    /// - Throws: What ``execute(_:_:)`` throws, and what `read` throws.
    package func execute<Result: Sendable>(
        _ sql: String, _ parameters: [String?], reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) throws(PostgresError) -> Result {
        try Self.checkText(of: parameters)
        return try handle.withLock { (handle) throws(PostgresError) -> Result in
            let values = Self.cStrings(parameters)
            defer { for value in values { free(UnsafeMutablePointer(mutating: value)) } }
            let pointer = handle.pointer
            if let begin = handle.pendingBegin {
                // The transaction's first statement: with its BEGIN when it can be.
                guard values.isEmpty else {
                    return try Self.executeAfterBegin(begin, sql, values, on: &handle, reading: read)
                }
                try Self.sendPendingBegin(on: &handle)
            }
            // A failed transaction refuses every statement: its error needs no statement prepared.
            if !values.isEmpty && PQtransactionStatus(pointer) != PQTRANS_INERROR {
                return try Self.executePrepared(sql, values, on: &handle, reading: read)
            }
            let result = PQexecParams(pointer, sql, Int32(values.count), nil, values, nil, nil, 0)
            defer { PQclear(result) }
            var checked = try Self.checked(result, on: pointer, statement: sql)
            checked.decoder = handle.decoder
            return try read(checked)
        }
    }

    /// Throws ``PostgresError/invalidParameter(position:reason:)`` for a parameter that holds
    /// a NUL character, which PostgreSQL's text cannot.
    static func checkText(of parameters: [String?]) throws(PostgresError) {
        for (offset, parameter) in parameters.enumerated() where parameter.map(holdsNUL) == true {
            throw .invalidParameter(position: offset + 1, reason: "it holds a NUL character, which text cannot")
        }
    }

    /// Whether a string holds a NUL byte, found by `memchr` over its UTF-8 where it is
    /// contiguous: a batch's parameters are megabytes of JSON, which a byte-by-byte walk of
    /// `utf8` costs as much as encoding.
    private static func holdsNUL(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
        }
        return found ?? text.utf8.contains(0)
    }

    /// The parameters as C strings, allocated (`strdup`): the caller frees them.
    static func cStrings(_ strings: [String?]) -> [UnsafePointer<CChar>?] {
        strings.map { string in string.flatMap { strdup($0) }.map { UnsafePointer($0) } }
    }

    /// A result that succeeded, to read, or its error.
    static func checked(_ result: OpaquePointer?, on pointer: OpaquePointer, statement: String)
        throws(PostgresError) -> PostgresResult
    {
        let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            guard let result else { throw .unexpectedResult(statement: statement, reason: "no result") }
            return PostgresResult(pointer: result)
        default:
            throw error(of: result, on: pointer, statement: statement)
        }
    }

    /// The error of a failed statement: a lost connection, or the server's refusal.
    static func error(of result: OpaquePointer?, on pointer: OpaquePointer, statement: String) -> PostgresError {
        func field(_ code: Int32) -> String? {
            result.flatMap { PQresultErrorField($0, code) }.map { String(cString: $0) }
        }
        let sqlState = field(etch_pq_diag_sqlstate)
        let message =
            field(etch_pq_diag_message_primary)
            ?? String(cString: PQerrorMessage(pointer)).trimmedMessage
        let lostStates: Set<String> = ["57P01", "57P02", "57P03"]
        if PQstatus(pointer) == CONNECTION_BAD
            || sqlState.map({ $0.hasPrefix("08") || lostStates.contains($0) })
                == true
        {
            let committing = statement.uppercased().hasPrefix("COMMIT")
            return .connectionLost(sqlState: sqlState, reason: message, duringCommit: committing)
        }
        return .serverError(
            sqlState: sqlState ?? "XX000", message: message, detail: field(etch_pq_diag_message_detail),
            constraint: field(etch_pq_diag_constraint_name), statement: statement)
    }

    /// Whether the connection can no longer run statements (the server ended it).
    public var isBroken: Bool {
        handle.withLock { PQstatus($0.pointer) != CONNECTION_OK }
    }

    /// Whether the connection is between transactions, with no statement running: the state
    /// a pool takes a connection back in. A transaction whose `BEGIN` waits for its first
    /// statement is open.
    public var isIdle: Bool {
        handle.withLock { handle in
            PQstatus(handle.pointer) == CONNECTION_OK && PQtransactionStatus(handle.pointer) == PQTRANS_IDLE
                && handle.pendingBegin == nil
        }
    }

    /// Whether a transaction is open on the connection: begun, or waiting for its first
    /// statement to send its `BEGIN`. A connection that is lost is in none.
    public var isInTransaction: Bool {
        handle.withLock { handle in
            PQstatus(handle.pointer) == CONNECTION_OK
                && (PQtransactionStatus(handle.pointer) != PQTRANS_IDLE || handle.pendingBegin != nil)
        }
    }

    /// Whether a statement of the open transaction failed, so that `COMMIT` would roll it
    /// back rather than commit.
    package var isInFailedTransaction: Bool {
        handle.withLock { PQtransactionStatus($0.pointer) == PQTRANS_INERROR }
    }

    /// The host (or socket folder) and port the connection reached, and its user.
    package var endpoint: (host: String, port: String, user: String) {
        handle.withLock { handle in
            (
                PQhost(handle.pointer).map { String(cString: $0) } ?? "",
                PQport(handle.pointer).map { String(cString: $0) } ?? "",
                PQuser(handle.pointer).map { String(cString: $0) } ?? ""
            )
        }
    }

    /// The process id of the connection's backend on the server, as `pg_stat_activity`
    /// and `pg_terminate_backend` name it.
    public var backendProcessID: Int32 {
        handle.withLock { PQbackendPID($0.pointer) }
    }
}

extension String {
    /// libpq's message on one line: its lines trimmed and joined, without the final period
    /// (the error's description adds its own).
    fileprivate var trimmedMessage: String {
        let lines = split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        var message = lines.filter { !$0.isEmpty }.joined(separator: " ")
        while message.hasSuffix(".") { message.removeLast() }
        return message
    }
}
