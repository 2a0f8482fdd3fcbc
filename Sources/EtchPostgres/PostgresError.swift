/// Why PostgreSQL refused an operation: what happened, the server's SQLSTATE when it gave
/// one, its message, and what to do.
///
/// ```swift
/// do {
///     _ = try PostgresConnection(connectionString: "host=/tmp/nothing user=etch")
/// } catch {
///     print(error)  // the PostgreSQL server at /tmp/nothing:5432 did not answer: … Start it, …
/// }
/// ```
public enum PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A connection string libpq cannot read: what is wrong with it.
    case invalidConnectionString(reason: String)
    /// No server answered at the address (it is down, or the host, port or socket folder is
    /// wrong): the address, and libpq's reason.
    case serverUnreachable(server: String, reason: String)
    /// The server refused the user: a wrong password, a role that does not exist, or no
    /// `pg_hba.conf` entry that lets it in.
    case authenticationFailed(user: String, server: String, reason: String)
    /// The server has no database of the name asked for.
    case databaseMissing(database: String, server: String, reason: String)
    /// The connection ended (the server restarted, the backend was terminated, the network
    /// failed). An open transaction was rolled back by the server: nothing of it applied,
    /// unless `duringCommit`, when the commit's outcome is unknown.
    case connectionLost(sqlState: String?, reason: String, duringCommit: Bool)
    /// A parameter PostgreSQL's text cannot hold (a NUL character): its position, from 1.
    case invalidParameter(position: Int, reason: String)
    /// The server refused a statement: its SQLSTATE, message, detail, the constraint
    /// involved (for a unique violation) and the statement.
    case serverError(sqlState: String, message: String, detail: String?, constraint: String?, statement: String)
    /// A transaction that failed to serialize (SQLSTATE 40001) or deadlocked (40P01) on
    /// every one of its attempts.
    case serializationFailure(attempts: Int, sqlState: String, message: String)
    /// A result of another shape than the statement promises.
    case unexpectedResult(statement: String, reason: String)
    /// A table of a model's name that Etch did not make: the table, the model, and what
    /// the table's comment says instead.
    case foreignTable(table: String, model: String, found: String)
    /// A table that carries Etch's comment for a model but not the shape Etch makes (a
    /// column or an index missing or changed): the table, the model, and what is wrong.
    case tableShape(table: String, model: String, problems: [String])
    /// An index of a model's schema that names no serialized field: the model, the index
    /// and why.
    case unindexableField(model: String, index: String, reason: String)
    /// The pool was closed.
    case poolClosed
    /// The store was opened without a change history (`recordsHistory: false`), and the
    /// call needs one.
    case historyOff
    /// The change history was read on a connection inside a transaction: a read waits for
    /// the commits in flight, which a transaction's snapshot, taken before, may not see.
    case historyReadInTransaction

    /// The SQLSTATE of the error: the server's, or the class PostgreSQL's documentation
    /// gives a client-side failure (`08001` for a server that did not answer); `nil` for
    /// errors of Etch's own.
    public var sqlState: String? {
        switch self {
        case .serverUnreachable: "08001"
        case .authenticationFailed: "28000"
        case .databaseMissing: "3D000"
        case .connectionLost(let sqlState, _, _): sqlState ?? "08006"
        case .serverError(let sqlState, _, _, _, _), .serializationFailure(_, let sqlState, _): sqlState
        case .invalidConnectionString, .invalidParameter, .unexpectedResult, .foreignTable, .tableShape,
            .unindexableField, .poolClosed, .historyOff, .historyReadInTransaction:
            nil
        }
    }

    /// Whether a transaction that failed with this error may be run again from its start:
    /// a serialization failure (40001) or a deadlock (40P01).
    public var isRetryableConflict: Bool {
        guard case .serverError(let sqlState, _, _, _, _) = self else { return false }
        return sqlState == "40001" || sqlState == "40P01"
    }

    /// The error in words, with what to do.
    public var description: String {
        switch self {
        case .invalidConnectionString(let reason):
            "the PostgreSQL connection string does not read: \(reason). Write it as "
                + "postgresql://user@host:5432/database or host=/path/to/socket/folder user=name dbname=name"
        case .serverUnreachable(let server, let reason):
            "the PostgreSQL server at \(server) did not answer: \(reason). Start it, or fix the host, port or "
                + "socket folder in the connection string"
        case .authenticationFailed(let user, let server, let reason):
            "the PostgreSQL server at \(server) refused the user \(user): \(reason). Create the role "
                + "(CREATE ROLE \(user) LOGIN), fix its password, or allow it in pg_hba.conf"
        case .databaseMissing(let database, let server, let reason):
            "the PostgreSQL server at \(server) has no database \(database): \(reason). Create it "
                + "(CREATE DATABASE \(database)) or fix dbname in the connection string"
        case .connectionLost(let sqlState, let reason, let duringCommit):
            "the connection to PostgreSQL was lost\(sqlState.map { " (SQLSTATE \($0))" } ?? ""): \(reason). "
                + (duringCommit
                    ? "It ended during COMMIT, so whether the transaction applied is unknown: read before retrying"
                    : "The server rolled back the open transaction, so nothing of it applied; run it again")
        case .invalidParameter(let position, let reason):
            "parameter $\(position) cannot be sent to PostgreSQL: \(reason)"
        case .serverError(let sqlState, let message, let detail, _, let statement):
            "PostgreSQL refused the statement (SQLSTATE \(sqlState)): \(message)"
                + (detail.map { " (\($0))" } ?? "") + ". Statement: \(statement)"
        case .serializationFailure(let attempts, let sqlState, let message):
            "the transaction conflicted with concurrent ones on each of its \(attempts) attempts "
                + "(SQLSTATE \(sqlState): \(message)). Retry later, or allow more attempts"
        case .unexpectedResult(let statement, let reason):
            "PostgreSQL answered \(statement) unexpectedly: \(reason)"
        case .foreignTable(let table, let model, let found):
            "the table \(table) exists but was not made by Etch for the model \(model) (its comment is \(found)); "
                + "Etch leaves it as it is. Open the store in another database or schema, or rename the table"
        case .tableShape(let table, let model, let problems):
            "the table \(table) carries Etch's comment for the model \(model) but not the shape Etch makes: "
                + problems.joined(separator: "; ") + ". Etch leaves it as it is. Drop the table (or the index) so "
                + "that Etch makes it anew, or make it with the statements of PostgresModelTable(for:)"
        case .unindexableField(let model, let index, let reason):
            "\(model)'s index \(index) cannot be made in PostgreSQL: \(reason)"
        case .poolClosed:
            "the PostgreSQL connection pool was closed"
        case .historyOff:
            "the PostgreSQL store was opened without a change history; open it with recordsHistory: true "
                + "to read its history or observe its changes"
        case .historyReadInTransaction:
            "the change history was read inside a transaction; read it on a connection outside any, as the "
                + "read waits for the commits in flight, which the transaction's snapshot may not see"
        }
    }
}
