import Etch

/// A field of a model as SQL reads it from the stored object: its `jsonb`, and its value
/// typed so that PostgreSQL compares it as Etch's ``IndexKey`` does (`NULL` for `nil` or an
/// absent key).
struct PostgresFieldExpression: Sendable {
    /// The field's name in the schema.
    let name: String
    /// The `jsonb` at the field's path: `object -> 'stats' -> 'unread'`.
    let json: String
    /// How its values compare, or `nil` when only Swift can compare them.
    let kind: PostgresValueKind?
    /// For a reference field: the wire path of the id inside an expanded reference.
    let referenceIDPath: [String]?

    /// The field at a wire path whose Swift value type is `type`.
    init(name: String, path: [String], valueType type: Any.Type) {
        self.name = name
        self.json = PostgresModelTable.expression(path)
        self.kind = PostgresValueKind.of(type)
        let unwrapped = (type as? any PostgresOptionalType.Type)?.wrappedType ?? type
        self.referenceIDPath = (unwrapped as? any PostgresReferenceType.Type)?.targetIDPath
    }

    /// The field a key path of the model reads, when it is one field of the schema.
    init?<Model: IdentifiedModel>(_ keyPath: AnyKeyPath, of model: Model.Type) {
        guard let name = Model._fieldName(of: keyPath),
            let field = Model._schema.fields.first(where: { $0.name == name })
        else { return nil }
        self.init(name: name, path: field.path, valueType: type(of: keyPath).valueType)
    }

    /// The model's id field.
    init<Model: IdentifiedModel>(idOf model: Model.Type) {
        let path = Model._schema.fields.first { $0.name == "id" }?.path ?? ["id"]
        self.init(name: "id", path: path, valueType: Model.ID.self)
    }

    /// The text of a scalar `jsonb` value: `(json #>> '{}')`, or the id of a reference.
    static func scalarText(_ json: String, referenceIDPath: [String]?) -> String {
        guard let referenceIDPath else { return "(\(json) #>> '{}')" }
        return "COALESCE(\(json) #>> \(textArray(referenceIDPath)), \(json) #>> '{}')"
    }

    /// The field's value typed by its kind, `NULL` for `nil`; `nil` without a kind.
    var typed: String? {
        kind?.typed(Self.scalarText(json, referenceIDPath: referenceIDPath))
    }

    /// A path as a `text[]` constant: `'{"stats","unread"}'`.
    static func textArray(_ path: [String]) -> String {
        let elements = path.map { "\"" + $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"" }
        return PostgresSQL.literal("{" + elements.joined(separator: ",") + "}")
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
