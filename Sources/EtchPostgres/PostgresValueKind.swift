import Etch

/// How PostgreSQL compares the values of a field so that its order and equality are those of
/// Etch's ``IndexKey``: text normalized to NFC and compared by code point (`COLLATE "C"`),
/// as Swift compares strings; numbers as `numeric`, exactly; booleans with `false` first.
/// A field of another type (a date, a decimal, a UUID) has no kind: the store compares its
/// values in Swift.
enum PostgresValueKind: Sendable, Equatable {
    case text
    case numeric
    case boolean

    /// The kind of a field's Swift value type (an optional's wrapped type's), or `nil`.
    static func of(_ type: Any.Type) -> PostgresValueKind? {
        let type = (type as? any PostgresOptionalType.Type)?.wrappedType ?? type
        if let reference = type as? any PostgresReferenceType.Type { return of(reference.targetIDType) }
        switch type {
        case is String.Type: return .text
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type, is Double.Type: return .numeric
        case is Bool.Type: return .boolean
        default: return type is any ModelEnum.Type ? .text : nil
        }
    }

    /// The value of a key as a parameter of this kind, in PostgreSQL's text format; `nil` for
    /// a key of another kind, for ``IndexKey/null`` and for a double that is not finite.
    func parameter(of key: IndexKey) -> String? {
        switch (self, key) {
        case (.text, .string(let text)): text
        case (.numeric, .int(let value)): "\(value)"
        case (.numeric, .uint(let value)): "\(value)"
        case (.numeric, .double(let value)) where value.isFinite: "\(value)"
        case (.numeric, .decimal(let value)) where value.isFinite: "\(value)"
        case (.boolean, .bool(let value)): value ? "true" : "false"
        default: nil
        }
    }

    /// A parameter placeholder typed as this kind compares: `normalize($1::text, NFC)`.
    func placeholder(_ placeholder: String) -> String {
        switch self {
        case .text: "normalize(\(placeholder)::text, NFC)"
        case .numeric: "\(placeholder)::numeric"
        case .boolean: "\(placeholder)::boolean"
        }
    }

    /// A text expression (a JSON scalar's text) typed as this kind compares.
    func typed(_ text: String) -> String {
        switch self {
        case .text: "normalize(\(text), NFC) COLLATE \"C\""
        case .numeric: "(\(text))::numeric"
        case .boolean: "(\(text))::boolean"
        }
    }
}

/// `Optional`, whose wrapped type a field's kind is read from.
protocol PostgresOptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: PostgresOptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}

/// `Ref`, stored as its target's id (or, expanded, as an object holding it).
protocol PostgresReferenceType {
    /// The type of the target's id.
    static var targetIDType: Any.Type { get }
    /// The wire path of the id inside an expanded reference.
    static var targetIDPath: [String] { get }
}

extension Ref: PostgresReferenceType {
    static var targetIDType: Any.Type { Target.ID.self }
    static var targetIDPath: [String] {
        Target._schema.fields.first { $0.name == "id" }?.path ?? ["id"]
    }
}
