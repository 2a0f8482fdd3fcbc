import Etch
import EtchStore
import Foundation

/// The store on a PostgreSQL server: the same models, reads, queries and transactions as
/// ``EtchStore/Store``, behind the same ``EtchStore/ModelStore`` protocol, for server apps
/// and data sets larger than one machine's memory.
///
/// Each model has a table of its own (see ``PostgresModelTable``), made with its indexes
/// when the store opens. Reads go to the server, through a pool of connections; nothing is
/// held in memory between them. Queries are translated to SQL where they can be (see
/// ``fetch(_:)``), and every answer is the one the SQLite store gives for the same objects,
/// in the same order.
///
/// ```swift
/// let store = try await PostgresStore(
///     connectionString: "postgresql://etch@localhost/etch", models: EtchModels.all, poolSize: 8)
/// try await store.write { tx in
///     try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: "a1", year: 1965))
/// }
/// try await store.sorted(Album.self, by: \.year, inGroup: "a1", limit: 20)
/// ```
///
/// Errors of the models (a unique value held by another object, a refused delete, a model
/// the store was not made with) are the ``EtchStore/StoreError`` the SQLite store throws;
/// errors of the server (down, a lost connection, a conflict retried too often) are
/// ``PostgresError``.
public final class PostgresStore: ModelStore {
    /// The connections the store's reads and writes use.
    public let pool: PostgresConnectionPool
    /// The tables of the models the store holds, by model type.
    let tables: [ObjectIdentifier: PostgresModelTable]
    /// The model types the store holds, as ``PostgresModelType``s.
    let models: [PostgresModelType]
    /// How many times a transaction that conflicted with others is run at most.
    public let maxTransactionAttempts: Int
    /// The change history each write records its changes in; `nil` when the store was
    /// opened with `recordsHistory: false`.
    public let history: PostgresHistory?
    /// The statement that records a write's changes in ``history``, reading the objects it
    /// inserted and updated from the store's tables.
    let historyStatement: String
    /// The connection string, for the listener.
    let connectionString: String
    /// The listener the live feeds share, started by the first, and whether the store closed.
    let live: Locked<LiveFeeds>

    /// Opens the store: connects, and makes the models' tables and indexes that are missing.
    ///
    /// - Parameters:
    ///   - connectionString: A URI (`postgresql://user@host:5432/database`) or libpq's
    ///     `key=value` form.
    ///   - models: The model types the store holds, such as `EtchModels.all`.
    ///   - poolSize: The most connections open at once.
    ///   - maxTransactionAttempts: How many times ``write(_:)`` runs a transaction at most
    ///     that deadlocked with concurrent ones, or whose `@unique` value one took first.
    ///   - recordsHistory: Whether each write records its changes in the change history
    ///     (``history``), which ``history(since:)``, ``changes(of:)`` and the live queries
    ///     read. On by default. It costs each commit that changes anything one more
    ///     statement, sent with `COMMIT`, and a notification sent after it, in the same
    ///     round trip; committing writers do not take turns (a reader of the history waits
    ///     for the commits in flight instead: see ``PostgresHistory/currentToken(on:)``).
    ///     Turn it off only for a store whose changes nobody follows; every store on one
    ///     schema should agree.
    /// - Throws: ``EtchStore/StoreError/duplicateModel(_:)`` for two types of one name;
    ///   ``PostgresError/foreignTable(table:model:found:)`` for a table of a model's name
    ///   that Etch did not make (it is left as it is); ``PostgresError`` for a server that
    ///   is down, a refused user or a missing database.
    public init(
        connectionString: String, models: [any IdentifiedModel.Type], poolSize: Int = 4,
        maxTransactionAttempts: Int = 20, recordsHistory: Bool = true
    ) async throws {
        var tables: [ObjectIdentifier: PostgresModelTable] = [:]
        var names: Set<String> = []
        var described: [PostgresModelType] = []
        for model in models {
            guard names.insert(model.modelName).inserted else { throw StoreError.duplicateModel(model.modelName) }
            let type = PostgresModelType(model)
            tables[ObjectIdentifier(model)] = try type.makeTable()
            described.append(type)
        }
        let pool = try PostgresConnectionPool(connectionString: connectionString, size: poolSize)
        let history = try await pool.withConnection { [tables] connection in
            for table in tables.values.sorted(by: { $0.table < $1.table }) { try table.create(on: connection) }
            return recordsHistory ? try PostgresHistory.open(on: connection) : nil
        }
        self.pool = pool
        self.history = history
        self.historyStatement = PostgresHistory.recordStatement(
            readingObjectsFrom: tables.values.sorted { $0.table < $1.table })
        self.connectionString = connectionString
        self.live = Locked(LiveFeeds())
        self.tables = tables
        self.models = described
        self.maxTransactionAttempts = max(1, maxTransactionAttempts)
    }

    /// The table of a model type.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)`` for a type the store was not made with.
    func table<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> PostgresModelTable {
        guard let table = tables[ObjectIdentifier(type)] else { throw StoreError.unknownModel(Model.modelName) }
        return table
    }

    /// Runs a read with a connection of the pool.
    func read<Result: Sendable>(_ body: @Sendable (PostgresConnection) throws -> Result) async throws -> Result {
        try await pool.withConnection { connection in try body(connection) }
    }

    /// Closes the store: stops the listener of the live feeds, which ends every stream of
    /// ``historyUpdates(since:)``, ``changes(of:)`` and ``observe(_:)``, and closes the
    /// pool's connections. Later calls fail with ``PostgresError/poolClosed``.
    public func close() async {
        let (listener, feed) = live.withLock { live in
            live.isClosed = true
            defer { (live.listener, live.feed) = (nil, nil) }
            return (live.listener, live.feed)
        }
        feed?.close()
        listener?.stop()
        await pool.close()
    }

    // MARK: - Reads by id

    /// The object of a type with an id, or `nil`.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError`` when the server fails.
    public func object<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) async throws -> Model? {
        let statement = try table(of: type).objectStatement
        let parameters = [try PostgresModelTable.idParameter(of: id, as: Model.self)]
        return try await objects(type, statement, parameters).first
    }

    /// The number of objects of a type: `SELECT count(*)`.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError`` when the server fails.
    public func count<Model: IdentifiedModel>(_ type: Model.Type) async throws -> Int {
        let table = try table(of: type)
        let count = try await read { connection in
            try connection.execute("SELECT count(*) FROM \(table.quotedTable)").singleValue
        }
        return count.flatMap { Int($0) } ?? 0
    }
}

/// What the store's live feeds share: the listener and the reader of the history, started
/// by the first, and whether the store closed.
struct LiveFeeds {
    var listener: PostgresListener?
    var feed: PostgresHistoryFeed?
    var isClosed = false
}

/// A model type the store holds, with what the store needs of it without knowing its type
/// statically.
struct PostgresModelType: Sendable {
    /// The model's name.
    let name: String
    /// The type's identity.
    let identifier: ObjectIdentifier
    /// Makes the model's table.
    let makeTable: @Sendable () throws(PostgresError) -> PostgresModelTable
    /// Applies the `@onDelete` rules of the model's references to a deleted object, the
    /// `refuse` ones or the others; see ``PostgresStoreTransaction/applyDeleteRules(of:to:refusing:)``.
    let applyDeleteRules: @Sendable (PostgresStoreTransaction, PostgresDeletion, Bool) throws -> Bool

    init<Model: IdentifiedModel>(_ type: Model.Type) {
        name = Model.modelName
        identifier = ObjectIdentifier(type)
        makeTable = { () throws(PostgresError) in try PostgresModelTable(for: Model.self) }
        applyDeleteRules = { transaction, deletion, refusing in
            try transaction.applyDeleteRules(of: Model.self, to: deletion, refusing: refusing)
        }
    }
}
