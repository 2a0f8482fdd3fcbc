import Etch
import EtchStore
import Foundation

/// The reads and writes of one ``PostgresStore/write(_:)``, in one PostgreSQL transaction on
/// one connection: each change is sent when it is made, so reads through the transaction see
/// it, and no other connection does until the transaction commits.
///
/// Every object the transaction reads or writes has its row locked until it ends, as
/// `SELECT … FOR UPDATE` and `UPDATE` lock rows: transactions that touch the same object
/// take turns, and those that touch different objects never wait for each other. An object
/// the transaction found missing is not locked: a concurrent transaction may insert it.
///
/// A `@unique` value is checked when an object is written (the SQLite store checks at
/// commit, so there an object may take a value another gives up later in the same
/// transaction; here the other must give it up first). The `@onDelete` rules apply when the
/// body returns, in the same transaction.
///
/// ```swift
/// try await store.write { tx in
///     try tx.insert(album)
///     try tx.update(Album.self, id: "b1") { $0.copyWith(title: "Remastered") }
///     try tx.delete(Album.self, id: "b2")
/// }
/// ```
public final class PostgresStoreTransaction: ModelStoreTransaction {
    /// The store, whose tables and models the transaction uses.
    let store: PostgresStore
    /// The connection the transaction is open on.
    let connection: PostgresConnection
    /// The objects deleted so far, whose references' `@onDelete` rules apply at the end.
    var deletions: [PostgresDeletion] = []
    /// What the transaction changed, for the history; kept only when the store records one.
    var log = PostgresCommitLog()

    init(store: PostgresStore, connection: PostgresConnection) {
        self.store = store
        self.connection = connection
    }

    /// The object with an id as this transaction sees it: its last committed version, or
    /// the transaction's own; its row stays locked until the transaction ends.
    ///
    /// The read waits for a concurrent transaction that wrote the object and has not ended,
    /// then reads what it committed; a transaction that writes the object after this read
    /// waits for this one. So an object read here does not change until the transaction
    /// ends, except by the transaction itself.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError`` when the server fails.
    public func object<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws -> Model? {
        try store.table(of: type).lockedObject(withID: id, as: type, on: connection)
    }

    /// Inserts an object, or replaces the one with the same id.
    ///
    /// - Parameters:
    ///   - object: The object; every key it holds is kept.
    ///   - localValues: Whether a replaced object's `@local` values carry over into `object`.
    /// - Throws: ``EtchStore/StoreError/uniqueViolation(model:field:value:existingID:newID:)``
    ///   for a `@unique` value another object holds (nothing is written then);
    ///   ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError`` when the server fails.
    public func insert<Model: IdentifiedModel>(_ object: Model, localValues: LocalValuesPolicy) throws {
        var object = object
        var previous: Model??
        if localValues == .carryOver {
            let old = try self.object(Model.self, id: object.id)
            if let old { object = object.replacingLocalValues(old.localValues) }
            previous = .some(old)
        }
        try put(object, old: previous)
    }

    /// Replaces the object with an id by what `transform` makes of it; a new id moves it.
    ///
    /// - Returns: The new object.
    /// - Throws: ``EtchStore/StoreError/notFound(model:id:)`` when there is no such object,
    ///   what `transform` throws, and what ``insert(_:localValues:)`` throws.
    @discardableResult
    public func update<Model: IdentifiedModel>(
        _ type: Model.Type, id: Model.ID, _ transform: (Model) throws -> Model
    ) throws -> Model {
        guard let old = try object(type, id: id) else {
            throw StoreError.notFound(model: Model.modelName, id: id.indexKey.description)
        }
        let new = try transform(old)
        let moved = new.id.indexKey != id.indexKey
        if moved { try deleteRow(type, id: id, old: old) }
        try put(new, old: moved ? nil : .some(old))
        return new
    }

    /// Deletes the object with an id; the `@onDelete` rules of references to it apply when
    /// the body returns.
    ///
    /// - Returns: The deleted object, or `nil` when there was none.
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError`` when the server fails.
    @discardableResult
    public func delete<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws -> Model? {
        guard let old = try object(type, id: id) else { return nil }
        try deleteRow(type, id: id, old: old)
        return old
    }

    /// Deletes a row and records the deletion for the `@onDelete` rules and the history.
    ///
    /// - Parameter old: The object as it was, which the history keeps with the deletion.
    func deleteRow<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID, old: Model) throws {
        try store.table(of: type).delete(id: id, of: type, on: connection)
        deletions.append(PostgresDeletion(id: id, of: type))
        if store.history != nil { try log.record(nil as Model?, id: id, old: old) }
    }

    /// Writes an object after checking its `@unique` values against the other objects, and
    /// records it for the history.
    ///
    /// - Parameter old: The object of its id just before (`.some(nil)`: none), or `nil`
    ///   when not known, which the history then reads first when it needs it.
    func put<Model: IdentifiedModel>(_ object: Model, old: Model??) throws {
        let table = try store.table(of: Model.self)
        do {
            let json = try PostgresModelTable.json(of: object)
            let previous = try stateBefore(object, old: old, in: table)
            try lockReferencedObjects(of: [object], old: [previous ?? old ?? nil])
            try write(object, json: json, replacing: old ?? nil, in: table)
            if store.history != nil { try log.record(object, json: json, id: object.id, old: previous) }
        } catch PostgresError.serverError(let sqlState, _, _, let constraint, _) where sqlState == "23505" {
            // A concurrent transaction's value that the check did not see.
            throw Self.violation(of: object, constraint: constraint, table: table)
        } catch PostgresError.invalidParameter(_, let reason) {
            throw StoreError.unwritableObject(
                model: Model.modelName, id: object.id.indexKey.description, reason: reason)
        }
    }

    /// The object of `object`'s id before the transaction, for the history: `old` when known,
    /// else read the first time the transaction touches the id; `nil` when the store keeps
    /// no history.
    private func stateBefore<Model: IdentifiedModel>(
        _ object: Model, old: Model??, in table: PostgresModelTable
    ) throws(PostgresError) -> Model? {
        guard store.history != nil else { return nil }
        if let old { return old }
        guard !log.knows(Model.self, id: object.id) else { return nil }
        return try table.lockedObject(withID: object.id, as: Model.self, on: connection)
    }

    /// Writes an object's row unless another object holds one of its `@unique` values, in
    /// one statement: the holders are read in a `WITH` that the `INSERT` waits on, and the
    /// SQLite store's error is thrown for the first such value.
    ///
    /// A value the object already held as this transaction sees it (`old`, read in it) needs
    /// no check: the unique index lets one row hold it, and that row is the object's. An
    /// update that keeps its `@unique` values is then a plain `INSERT … ON CONFLICT`, which
    /// costs the server no lookup of holders. A value SQL cannot compare as Etch does is left
    /// to the database's index.
    private func write<Model: IdentifiedModel>(
        _ object: Model, json: String, replacing old: Model?, in table: PostgresModelTable
    ) throws {
        let row = try table.row(of: object, json: json)
        var conditions: [String] = []
        var checked: [(index: ModelIndex<Model>, key: IndexKey)] = []
        for index in Model._indexes where index.kind == .unique {
            let key = index.value.key(object)
            // The column's parameter of the row is the value as SQL compares it.
            guard key != .null, old.map({ index.value.key($0) != key }) ?? true,
                let position = table.columns.firstIndex(where: { $0.field == index.value.name })
            else { continue }
            let column = table.columns[position]
            conditions.append("\(column.quoted) = \(column.placeholder("$\(position + 3)"))")
            checked.append((index, key))
        }
        guard !conditions.isEmpty else {
            try connection.execute(table.insertStatement, row)
            return
        }
        let statement = """
            WITH holder AS (
                SELECT object FROM \(table.quotedTable)
                WHERE (\(conditions.joined(separator: " OR "))) AND id <> \(table.id.placeholder("$1"))
            ),
            written AS (
                INSERT INTO \(table.quotedTable) (\(table.insertColumns)) SELECT \(table.rowPlaceholders)
                WHERE NOT EXISTS (SELECT FROM holder) \(table.replacing)
            )
            SELECT object FROM holder
            """
        let holders: [Model]
        do {
            holders = try PostgresModelTable.objects(Model.self, statement, row, on: connection)
        } catch {
            // A value the check found free, taken by a transaction that committed meanwhile.
            let constraints = checked.map { Self.constraint(of: $0.index, in: table) }
            guard let constraint = Self.uniqueConstraint(violatedIn: error), constraints.contains(constraint) else {
                throw error
            }
            throw UniqueValueTakenConcurrently(
                violation: Self.violation(of: object, constraint: constraint, table: table))
        }
        guard !holders.isEmpty else { return }
        // Nothing was written: the first value held, in schema order, is the one reported.
        let (index, key) =
            checked.first { index, key in holders.contains { index.value.key($0) == key } } ?? checked[0]
        let holder = holders.first { index.value.key($0) == key } ?? holders[0]
        throw StoreError.uniqueViolation(
            model: Model.modelName, field: index.value.name, value: key.description,
            existingID: holder.id.indexKey.description, newID: object.id.indexKey.description)
    }

    /// The constraint a unique violation (SQLSTATE `23505`) names; `nil` for another error.
    static func uniqueConstraint(violatedIn error: PostgresError) -> String? {
        guard case .serverError("23505", _, _, let constraint, _) = error else { return nil }
        return constraint
    }

    /// The name of the UNIQUE index of a `@unique` field.
    static func constraint<Model: IdentifiedModel>(of index: ModelIndex<Model>, in table: PostgresModelTable) -> String
    {
        PostgresSQL.fittingIdentifier("\(table.table) unique \(index.value.name)")
    }

    /// The unique violation the database reported for `constraint`.
    static func violation<Model: IdentifiedModel>(
        of object: Model, constraint: String?, table: PostgresModelTable
    ) -> StoreError {
        let index =
            Model._indexes.first { index in
                index.kind == .unique && Self.constraint(of: index, in: table) == constraint
            } ?? Model._indexes.first { $0.kind == .unique }
        return .uniqueViolation(
            model: Model.modelName, field: index?.value.name ?? constraint ?? "?",
            value: index.map { $0.value.key(object).description } ?? "?", existingID: "another transaction's object",
            newID: object.id.indexKey.description)
    }
}

/// An object a transaction deleted: its model and id, for the `@onDelete` rules.
struct PostgresDeletion {
    /// The deleted object's model type.
    let owner: any IdentifiedModel.Type
    /// Its id as an index key.
    let key: IndexKey
    /// Whether the row is there again (the transaction put it back).
    let exists: (PostgresStoreTransaction) throws -> Bool

    init<Owner: IdentifiedModel>(id: Owner.ID, of owner: Owner.Type) {
        self.owner = owner
        self.key = id.indexKey
        self.exists = { transaction in try transaction.object(Owner.self, id: id) != nil }
    }
}

/// A `@unique` value a write checked was free, then found taken by a transaction that
/// committed meanwhile: ``PostgresStore/write(_:)`` runs the transaction again, whose check
/// sees the holder and names it, or throws ``violation`` when it may not.
struct UniqueValueTakenConcurrently: Error {
    /// The violation, without the holder's id.
    let violation: StoreError
}
