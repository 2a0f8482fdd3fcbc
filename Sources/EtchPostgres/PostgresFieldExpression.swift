import Etch

/// A field of a model as SQL reads it: its `jsonb` in the stored object, and its value typed
/// so that PostgreSQL compares it as Etch's ``IndexKey`` does (`NULL` for `nil` or an absent
/// key) — the table's column of the field when it has one (the id, a field an index uses),
/// else computed from the object.
struct PostgresFieldExpression: Sendable {
    /// The field's name in the schema.
    let name: String
    /// The `jsonb` at the field's path: `object -> 'stats' -> 'unread'`.
    let json: String
    /// How its values compare, or `nil` when only Swift can compare them.
    let kind: PostgresValueKind?
    /// For a reference field: the wire path of the id inside an expanded reference.
    let referenceIDPath: [String]?
    /// The quoted column of the table that holds the typed value, or `nil`.
    let column: String?

    /// The field at a wire path whose Swift value type is `type`.
    ///
    /// - Parameter hasColumn: Whether the table holds the typed value in a column (see
    ///   ``PostgresModelTable/hasColumn(_:of:)``); only a field with a kind has one.
    init(name: String, path: [String], valueType type: Any.Type, hasColumn: Bool = false) {
        self.name = name
        self.json = PostgresModelTable.expression(path)
        self.kind = PostgresValueKind.of(type)
        let unwrapped = (type as? any PostgresOptionalType.Type)?.wrappedType ?? type
        self.referenceIDPath = (unwrapped as? any PostgresReferenceType.Type)?.targetIDPath
        self.column =
            hasColumn && kind != nil ? PostgresSQL.identifier(PostgresModelTable.columnName(of: name)) : nil
    }

    /// The field a key path of the model reads, when it is one field of the schema.
    init?<Model: IdentifiedModel>(_ keyPath: AnyKeyPath, of model: Model.Type) {
        guard let name = Model._fieldName(of: keyPath),
            let field = Model._schema.fields.first(where: { $0.name == name })
        else { return nil }
        self.init(
            name: name, path: field.path, valueType: type(of: keyPath).valueType,
            hasColumn: PostgresModelTable.hasColumn(name, of: Model.self))
    }

    /// The model's id field, whose column is `id`.
    init<Model: IdentifiedModel>(idOf model: Model.Type) {
        let path = Model._schema.fields.first { $0.name == "id" }?.path ?? ["id"]
        self.init(name: "id", path: path, valueType: Model.ID.self, hasColumn: true)
    }

    /// The text of a scalar `jsonb` value: `(json #>> '{}')`, or the id of a reference.
    static func scalarText(_ json: String, referenceIDPath: [String]?) -> String {
        guard let referenceIDPath else { return "(\(json) #>> '{}')" }
        return "COALESCE(\(json) #>> \(textArray(referenceIDPath)), \(json) #>> '{}')"
    }

    /// The field's value typed by its kind, `NULL` for `nil`: its column, or the value
    /// computed from the object; `nil` without a kind.
    var typed: String? {
        column ?? computed
    }

    /// The field's value typed by its kind and computed from the stored object (`normalize`
    /// of its text, a cast): what fills its column when the column is added; `nil` without a kind.
    var computed: String? {
        kind?.typed(Self.scalarText(json, referenceIDPath: referenceIDPath))
    }

    /// A path as a `text[]` constant: `'{"stats","unread"}'`.
    static func textArray(_ path: [String]) -> String {
        let elements = path.map { "\"" + $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"" }
        return PostgresSQL.literal("{" + elements.joined(separator: ",") + "}")
    }
}

extension PostgresFieldExpression {
    /// The fields of the key paths the reads used, and the id fields of their models: what
    /// each read's statement would otherwise work out anew from the schema (a few µs a
    /// field, a good part of a statement's making). A field depends on its model's schema
    /// alone, which does not change while the program runs.
    private static let made = Locked(MadeFields())

    /// The fields made so far.
    private struct MadeFields {
        /// By model and field name: a field's key path is the one `_fieldName(of:)` names.
        var byName: [Field: PostgresFieldExpression?] = [:]
        var idByModel: [ObjectIdentifier: PostgresFieldExpression] = [:]
    }

    /// A field of a model.
    private struct Field: Hashable {
        let model: ObjectIdentifier
        let name: String
    }

    /// The field a key path of the model reads, as ``init(_:of:)`` makes it, made once per
    /// field.
    static func of<Model: IdentifiedModel>(_ keyPath: AnyKeyPath, of model: Model.Type) -> PostgresFieldExpression? {
        guard let name = Model._fieldName(of: keyPath) else { return nil }
        let key = Field(model: ObjectIdentifier(model), name: name)
        if let field = made.withLock({ $0.byName[key] }) { return field }
        let field = PostgresFieldExpression(keyPath, of: model)
        made.withLock { $0.byName[key] = .some(field) }
        return field
    }

    /// The model's id field, as ``init(idOf:)`` makes it, made once per model.
    static func id<Model: IdentifiedModel>(of model: Model.Type) -> PostgresFieldExpression {
        if let field = made.withLock({ $0.idByModel[ObjectIdentifier(model)] }) { return field }
        let field = PostgresFieldExpression(idOf: model)
        made.withLock { $0.idByModel[ObjectIdentifier(model)] = field }
        return field
    }
}

/// The parameters of a statement being built, and their placeholders.
struct PostgresParameters {
    /// The parameters, `$1` first.
    private(set) var values: [String?] = []

    /// Adds a parameter and returns its placeholder, `$n`.
    mutating func bind(_ value: String?) -> String {
        values.append(value)
        return "$\(values.count)"
    }

    /// How many parameters are bound, to go back to after a part of a statement is dropped.
    var count: Int { values.count }

    /// Drops the parameters bound after the first `count`.
    mutating func truncate(to count: Int) {
        values.removeLast(values.count - count)
    }
}
