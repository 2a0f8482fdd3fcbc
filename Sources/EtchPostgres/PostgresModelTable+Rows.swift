import Etch

extension PostgresModelTable {
    /// The parameters of an object's row, in the order of ``insertStatement``: the id's
    /// parameter, the object's JSON, then each column's value (`nil`, SQL `NULL`, for a
    /// `nil` value), text normalized to NFC.
    ///
    /// ```swift
    /// try table.row(of: album, json: json)  // ["b1", "{\"id\":\"b1\",…}", "a1", "1969", nil]
    /// ```
    ///
    /// - Throws: ``PostgresError/invalidParameter(position:reason:)`` for a value its
    ///   column cannot hold (a double that is not finite).
    func row<Model: IdentifiedModel>(of object: Model, json: String) throws(PostgresError) -> [String?] {
        var row: [String?] = [try Self.idParameter(of: object.id, as: Model.self), json]
        row.reserveCapacity(columns.count + 2)
        for column in columns {
            row.append(try Self.parameter(of: column, in: object, position: row.count + 1))
        }
        return row
    }

    /// A column's value of an object as a parameter; `nil` for `nil`.
    private static func parameter<Model: IdentifiedModel>(
        of column: PostgresColumn, in object: Model, position: Int
    ) throws(PostgresError) -> String? {
        guard let key = key(of: column.field, in: object), key != .null else { return nil }
        guard let kind = column.kind, let text = kind.parameter(of: key) else {
            throw .invalidParameter(
                position: position,
                reason: "\(Model.modelName).\(column.field) of \(object.id) is \(key), which its column "
                    + "(\(column.type)) cannot hold")
        }
        return text
    }

    /// The key of a field an index of the model uses, as its value or its group.
    private static func key<Model: IdentifiedModel>(of field: String, in object: Model) -> IndexKey? {
        for index in Model._indexes {
            if index.value.name == field { return index.value.key(object) }
            if let group = index.groupBy, group.name == field { return group.key(object) }
        }
        return nil
    }

    /// An id as the parameter its column compares: the key's text (NFC) or number, or the
    /// id's JSON for an id of a type SQL cannot compare as Etch does.
    ///
    /// - Throws: ``PostgresError/invalidParameter(position:reason:)`` for an id its column
    ///   cannot hold (a double that is not finite) or JSON cannot express.
    static func idParameter<Model: IdentifiedModel>(of id: Model.ID, as type: Model.Type) throws(PostgresError)
        -> String
    {
        guard let kind = PostgresValueKind.of(Model.ID.self) else {
            return try json(of: id, model: Model.self, field: "id")
        }
        guard let text = kind.parameter(of: id.indexKey) else {
            throw .invalidParameter(position: 1, reason: "\(Model.modelName) id \(id) cannot be a \(kind.name) key")
        }
        return text
    }
}
