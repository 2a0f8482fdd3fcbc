import Etch
import Foundation

extension PostgresModelTable {
    /// Writes an object, replacing the one of its id if there is one.
    ///
    /// The statement is ``insertStatement``: `INSERT INTO "Album" (id, object, "artist", …)
    /// VALUES ($1::text, $2::jsonb, $3::text, …) ON CONFLICT (id) DO UPDATE SET object =
    /// EXCLUDED.object, …`, the id, the object's JSON and the indexed fields' values its
    /// parameters.
    ///
    /// - Parameters:
    ///   - object: The object; every key it holds is kept.
    ///   - connection: The connection, in a transaction or not.
    /// - Throws: ``PostgresError/serverError(sqlState:message:detail:constraint:statement:)``
    ///   with SQLSTATE `23505` and the index's name as `constraint` when a `@unique` value is
    ///   held by another object; ``PostgresError/invalidParameter(position:reason:)`` for an
    ///   object JSON cannot express (a non-finite double) or text PostgreSQL cannot hold.
    public func put<Model: IdentifiedModel>(_ object: Model, on connection: PostgresConnection) throws(PostgresError) {
        try put(object, json: Self.json(of: object), on: connection)
    }

    /// Writes an object whose JSON is `json`, replacing the object of its id if there is
    /// one; see ``put(_:on:)``.
    func put<Model: IdentifiedModel>(_ object: Model, json: String, on connection: PostgresConnection)
        throws(PostgresError)
    {
        try connection.execute(insertStatement, try row(of: object, json: json))
    }

    /// An object's JSON, as its row holds it.
    ///
    /// - Throws: ``PostgresError/invalidParameter(position:reason:)`` for an object JSON
    ///   cannot express (a non-finite double).
    static func json<Model: IdentifiedModel>(of object: Model) throws(PostgresError) -> String {
        do {
            return String(decoding: try object.jsonData(), as: UTF8.self)
        } catch {
            throw .invalidParameter(position: 1, reason: "\(Model.modelName) \(object.id) is not JSON: \(error)")
        }
    }

    /// The object of an id, if the table holds one.
    ///
    /// - Parameters:
    ///   - id: The object's id.
    ///   - type: The model type.
    ///   - connection: The connection.
    /// - Returns: The object, or `nil`.
    /// - Throws: ``PostgresError/unexpectedResult(statement:reason:)`` for a stored object
    ///   that does not read as the model; ``PostgresError`` when the statement fails.
    public func object<Model: IdentifiedModel>(
        withID id: Model.ID, as type: Model.Type, on connection: PostgresConnection
    ) throws(PostgresError) -> Model? {
        try Self.objects(type, objectStatement, [try Self.idParameter(of: id, as: Model.self)], on: connection).first
    }

    /// The object of an id, if the table holds one, its row locked (`SELECT … FOR UPDATE`)
    /// until the connection's transaction ends: a concurrent transaction that writes or
    /// locks the row waits for this one, and this read waits for such a transaction and
    /// then reads the version it committed.
    ///
    /// - Parameters:
    ///   - id: The object's id.
    ///   - type: The model type.
    ///   - connection: The connection, inside a transaction.
    /// - Returns: The object, or `nil` (nothing is locked then).
    /// - Throws: What ``object(withID:as:on:)`` throws; a deadlock with another transaction
    ///   is ``PostgresError/serverError(sqlState:message:detail:constraint:statement:)``
    ///   with SQLSTATE `40P01`.
    func lockedObject<Model: IdentifiedModel>(
        withID id: Model.ID, as type: Model.Type, on connection: PostgresConnection
    ) throws(PostgresError) -> Model? {
        try Self.objects(type, lockingObjectStatement, [try Self.idParameter(of: id, as: Model.self)], on: connection)
            .first
    }

    /// Deletes the object of an id.
    ///
    /// - Parameters:
    ///   - id: The object's id.
    ///   - type: The model type.
    ///   - connection: The connection.
    /// - Returns: Whether the table held an object of that id.
    /// - Throws: ``PostgresError`` when the statement fails.
    @discardableResult
    public func delete<Model: IdentifiedModel>(
        id: Model.ID, of type: Model.Type, on connection: PostgresConnection
    ) throws(PostgresError) -> Bool {
        let rows = try connection.execute(deleteStatement, [try Self.idParameter(of: id, as: Model.self)])
        return rows.affectedRows > 0
    }

    /// The objects whose `@index` or `@unique` field equals a value, in id order, found
    /// through the field's index: on its column (the value typed as Etch compares it, text
    /// normalized to NFC; `nil` an absent or null value), or on its `jsonb` for a field of a
    /// type SQL cannot compare as Etch does.
    ///
    /// - Parameters:
    ///   - keyPath: The field, which the schema marks `@index` or `@unique`.
    ///   - value: The value to find; for a `@unique` field, `nil` finds nothing (the index
    ///     holds no `nil`).
    ///   - connection: The connection.
    /// - Returns: The objects, at most one for a `@unique` field.
    /// - Throws: ``PostgresError/unindexableField(model:index:reason:)`` when the field has
    ///   neither; ``PostgresError`` when the statement fails.
    public func objects<Model: IdentifiedModel, Value: ModelValueRepresentable>(
        where keyPath: KeyPath<Model, Value> & Sendable, equals value: Value, on connection: PostgresConnection
    ) throws(PostgresError) -> [Model] {
        let index = Model._indexes.first { $0.kind != .sorted && $0.groupBy == nil && $0.value.keyPath == keyPath }
        guard let index,
            let field = Model._schema.fields.first(where: { $0.name == index.value.name })
        else {
            throw .unindexableField(
                model: Model.modelName, index: Model._fieldName(of: keyPath) ?? "\(keyPath)",
                reason: "the schema marks the field neither @index nor @unique")
        }
        if let lookup = lookups[field.name], let key = (value as? any IndexableValue)?.indexKey {
            if key == .null && index.kind == .unique { return [] }
            guard let statement = lookup.statement(for: key) else { return [] }
            return Self.inIDOrder(try Self.objects(Model.self, statement.sql, statement.parameters, on: connection))
        }
        let expression = Self.expression(field.path)
        let indexed = index.kind == .unique ? "NULLIF(\(expression), 'null'::jsonb)" : expression
        let statement = "SELECT object FROM \(quotedTable) WHERE \(indexed) = $1::jsonb ORDER BY id"
        let context = (field as? ModelField<Value>)?.context ?? .standard
        return try Self.objects(
            Model.self, statement, [try Self.json(of: value, context: context, model: Model.self, field: field.name)],
            on: connection)
    }

    /// A value as the JSON text its field holds in an object.
    static func json<Model: IdentifiedModel, Value: ModelValueRepresentable>(
        of value: Value, context: ModelValueContext = .standard, model: Model.Type, field: String
    ) throws(PostgresError) -> String {
        do {
            return String(decoding: try value.modelValue(context: context).jsonData(), as: UTF8.self)
        } catch {
            throw .invalidParameter(position: 1, reason: "\(Model.modelName).\(field) \(value) is not JSON: \(error)")
        }
    }

    /// The objects of a statement's rows, whose first column is an object's JSON, decoded
    /// where libpq holds them.
    ///
    /// - Throws: ``PostgresError/unexpectedResult(statement:reason:)`` for a row that does
    ///   not read as the model; ``PostgresError`` when the statement fails.
    static func objects<Model: IdentifiedModel>(
        _ type: Model.Type, _ statement: String, _ parameters: [String?], on connection: PostgresConnection
    ) throws(PostgresError) -> [Model] {
        try connection.execute(statement, parameters) { result throws(PostgresError) in
            try objects(of: result, as: type, statement: statement)
        }
    }

    /// The objects of a result whose first column is an object's JSON, decoded from libpq's
    /// buffers by the connection's ``JSONRecordDecoder`` (see ``PostgresResult/decoder``),
    /// whose key arrays and repeated values the objects of all its reads share; for a result
    /// read without it, one at a time for a few rows, else by a decoder of their own (its
    /// tables cost more than one object's decoding).
    static func objects<Model: IdentifiedModel>(
        of result: PostgresResult, as type: Model.Type, statement: String
    ) throws(PostgresError) -> [Model] {
        var objects: [Model] = []
        objects.reserveCapacity(result.rowCount)
        try decode(result, as: type, statement: statement, into: &objects)
        return objects
    }

    /// Decodes the objects of a result whose first column is an object's JSON, as
    /// ``objects(of:as:statement:)`` does, and appends them to `objects`.
    static func decode<Model: IdentifiedModel>(
        _ result: PostgresResult, as type: Model.Type, statement: String, into objects: inout [Model]
    ) throws(PostgresError) {
        let count = result.rowCount
        let decoder = result.decoder ?? (count >= sharedDecodingRows ? JSONRecordDecoder() : nil)
        for row in 0..<count {
            guard !result.isNull(row: row, column: 0) else {
                throw .unexpectedResult(statement: statement, reason: "a row without an object")
            }
            do {
                let object = try result.withBytes(row: row, column: 0) { (bytes) throws(JSONError) -> Model in
                    if let decoder { return try decoder.model(Model.self, from: bytes) }
                    return try Model(jsonString: String(decoding: bytes, as: UTF8.self))
                }
                objects.append(object)
            } catch {
                throw .unexpectedResult(
                    statement: statement, reason: "a stored \(Model.modelName) does not read as the model: \(error)")
            }
        }
    }

    /// Objects in id order, Etch's (ids compared as their ``IndexKey``s: text by code point
    /// of its NFC form): the order of an `ORDER BY id`, which the server would sort in a
    /// step of its own for rows found through another index, and a sort here costs less.
    ///
    /// The ids' keys are sorted with their positions, which are then read in that order:
    /// the objects are moved once, and the sort swaps concrete pairs, not the pairs of a
    /// generic model (which go through the model's value witnesses). Objects already in id
    /// order are returned as they are.
    ///
    /// - Complexity: O(*n* log *n*) for *n* objects.
    static func inIDOrder<Model: IdentifiedModel>(_ objects: [Model]) -> [Model] {
        guard objects.count > 1 else { return objects }
        let keys = objects.map(\.id.indexKey)
        guard zip(keys, keys.dropFirst()).contains(where: { $1 < $0 }) else { return objects }
        return inIDOrder(objects, keys: keys)
    }

    /// Objects in id order, their ids' keys given (`keys[i]` the key of `objects[i]`): see
    /// ``inIDOrder(_:)``.
    ///
    /// - Complexity: O(*n* log *n*) for *n* objects.
    static func inIDOrder<Model: IdentifiedModel>(_ objects: [Model], keys: [IndexKey]) -> [Model] {
        var order = keys.enumerated().map { (key: $0.element, position: $0.offset) }
        order.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        return order.map { objects[$0.position] }
    }

    /// From how many rows a result's objects are decoded by one ``JSONRecordDecoder``.
    static let sharedDecodingRows = 8
}
