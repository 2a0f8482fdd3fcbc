import EtchStore
import Foundation

/// The change history of the models stored in one PostgreSQL schema: a table of the objects
/// each commit inserted, updated and deleted, the commit's token, and a notification on
/// ``channel`` when a commit that wrote history becomes visible.
///
/// The store's write path calls ``record(_:on:)`` last in each transaction, just before
/// `COMMIT`; readers ask ``history(since:on:)`` for the commits after a token, and
/// ``updates(since:pool:listener:)`` for a live feed that other processes' commits reach
/// through `LISTEN`/`NOTIFY`.
///
/// ``statements`` make, in the connection's current schema:
///
/// ```sql
/// CREATE SEQUENCE etch_history_token AS bigint;
/// CREATE TABLE etch_history (
///     token bigint NOT NULL,
///     position integer NOT NULL,
///     model text NOT NULL,
///     id jsonb NOT NULL,
///     kind text NOT NULL CHECK (kind IN ('insert', 'update', 'delete')),
///     object jsonb CHECK (object IS NULL OR jsonb_typeof(object) = 'object'),
///     committed_at timestamptz NOT NULL,
///     PRIMARY KEY (token, position)
/// );
/// COMMENT ON TABLE etch_history IS 'Etch history, format 2';
/// CREATE TABLE etch_history_state (
///     singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
///     store_id uuid NOT NULL,
///     pruned_through bigint NOT NULL
/// );
/// ```
///
/// `etch_history_state` holds the history's identity (the ``HistoryToken/storeID`` of its
/// tokens) and the last token pruned. As for the model tables, the comment marks the table
/// as Etch's, and ``open(on:)`` refuses a table of the same name without it.
public struct PostgresHistory: Sendable, Equatable {
    /// The identity of the history, which its tokens carry: made when the table is, kept in
    /// `etch_history_state`.
    public let storeID: UUID

    /// The channel a commit's notification is sent on; its payload is the commit's token
    /// as ``HistoryToken/description`` spells it, `42@6F1C…`: see ``token(inPayload:)``.
    public static let channel = "etch_commits"

    /// The table of the changes, one row per object per commit.
    public static let table = "etch_history"
    /// The one-row table of the history's identity and how far it was pruned.
    public static let stateTable = "etch_history_state"
    /// The sequence tokens are taken from.
    public static let tokenSequence = "etch_history_token"

    /// The version of the history's layout and of how its writers and readers lock, in the
    /// table's comment. Format 2 has format 1's tables; its writers take the token lock
    /// shared, so a reader must wait for them (``currentToken(on:)``), which a reader of
    /// format 1 does not. ``open(on:)`` moves a history of format 1 to 2, and the code of
    /// format 1 refuses to open it then.
    public static let format = 2

    /// The table's comment, which marks it as Etch's.
    static let comment = comment(format: format)

    /// The table's comment in a format.
    static func comment(format: Int) -> String { "Etch history, format \(format)" }

    /// `CREATE SEQUENCE`, `CREATE TABLE` of the changes, `COMMENT ON TABLE`, `CREATE TABLE`
    /// of the state; ``open(on:)`` runs them when the history is missing, then fills the
    /// state's row.
    public static let statements = [
        "CREATE SEQUENCE \(tokenSequence) AS bigint",
        """
        CREATE TABLE \(table) (
            token bigint NOT NULL,
            position integer NOT NULL,
            model text NOT NULL,
            id jsonb NOT NULL,
            kind text NOT NULL CHECK (kind IN ('insert', 'update', 'delete')),
            object jsonb CHECK (object IS NULL OR jsonb_typeof(object) = 'object'),
            committed_at timestamptz NOT NULL,
            PRIMARY KEY (token, position)
        )
        """,
        "COMMENT ON TABLE \(table) IS \(PostgresSQL.literal(comment))",
        """
        CREATE TABLE \(stateTable) (
            singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
            store_id uuid NOT NULL,
            pruned_through bigint NOT NULL
        )
        """,
    ]

    /// The token a notification on ``channel`` names, if it is one of this history's (the
    /// histories of other schemas of the database notify the same channel).
    ///
    /// - Parameter payload: The notification's payload.
    /// - Returns: The token, or `nil` for another history's or a payload of another form.
    public func token(inPayload payload: String) -> HistoryToken? {
        guard let at = payload.firstIndex(of: "@"), let number = Int(payload[..<at]),
            UUID(uuidString: String(payload[payload.index(after: at)...])) == storeID
        else { return nil }
        return HistoryToken(storeID: storeID, number: number)
    }

    /// A history of a known identity, as ``open(on:)`` reads it.
    ///
    /// - Parameter storeID: The identity.
    public init(storeID: UUID) {
        self.storeID = storeID
    }

    /// Opens the history of the connection's current schema, making its tables when they
    /// are missing, in one transaction.
    ///
    /// Concurrent openers wait for each other on the advisory lock the model tables'
    /// ``PostgresModelTable/create(on:)`` takes, so two of them never race to make it.
    ///
    /// ```swift
    /// let history = try PostgresHistory.open(on: connection)
    /// history.storeID  // the same in every process that opens this database's schema
    /// ```
    ///
    /// - Parameter connection: A connection outside any transaction.
    /// - Returns: The history, with its identity.
    /// - Throws: ``PostgresError/foreignTable(table:model:found:)`` for a relation of one of
    ///   the history's names that Etch did not make (it is left as it is), and
    ///   ``PostgresError`` when a statement fails (nothing is created then).
    public static func open(on connection: PostgresConnection) throws(PostgresError) -> PostgresHistory {
        try connection.execute("BEGIN")
        do throws(PostgresError) {
            try connection.execute("SELECT pg_advisory_xact_lock(hashtext('etch: create tables'))")
            let existing = try connection.execute(
                """
                SELECT c.relname::text, c.relkind::text, obj_description(c.oid, 'pg_class')
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relname IN ($1, $2, $3)
                ORDER BY c.relname
                """, [table, stateTable, tokenSequence])
            let history: PostgresHistory
            if existing.values.isEmpty {
                for statement in statements { try connection.execute(statement) }
                history = PostgresHistory(storeID: UUID())
                try connection.execute(
                    "INSERT INTO \(stateTable) (store_id, pruned_through) VALUES ($1::uuid, 0)",
                    [history.storeID.uuidString])
            } else {
                history = try readIdentity(existing, on: connection)
            }
            try connection.execute("COMMIT")
            return history
        } catch {
            if !connection.isBroken { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// The identity of a history whose relations exist, after checking they are Etch's.
    private static func readIdentity(_ existing: PostgresRows, on connection: PostgresConnection)
        throws(PostgresError) -> PostgresHistory
    {
        let byName = Dictionary(existing.values.map { ($0[0] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        guard let row = byName[table], row[1] == "r", row[2] == comment || row[2] == comment(format: 1) else {
            let (name, row) = byName[table].map { (table, $0) } ?? (existing.values[0][0] ?? "?", existing.values[0])
            let found =
                row[1] == "r" || row[1] == "S"
                ? row[2].map { "'\($0)'" } ?? "empty" : "of relation kind \(row[1] ?? "?")"
            throw .foreignTable(table: name, model: "the change history", found: found)
        }
        let statement = "SELECT store_id::text FROM \(stateTable)"
        guard let text = try connection.execute(statement).singleValue, let storeID = UUID(uuidString: text) else {
            throw .unexpectedResult(statement: statement, reason: "the history has no identity")
        }
        if row[2] != comment {
            // Format 1: the same tables; the comment keeps the code of format 1, whose
            // readers do not wait for writers, from opening it from now on.
            try connection.execute("COMMENT ON TABLE \(table) IS \(PostgresSQL.literal(comment))")
        }
        return PostgresHistory(storeID: storeID)
    }
}
