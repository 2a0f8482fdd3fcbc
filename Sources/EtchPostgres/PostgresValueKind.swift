import Etch
import Foundation

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

    /// The value of a key as a parameter of this kind, in PostgreSQL's text format, text
    /// normalized to NFC here (so that the server compares it by code point as it is, and a
    /// column holds what Swift compares); `nil` for a key of another kind, for
    /// ``IndexKey/null`` and for a double that is not finite.
    func parameter(of key: IndexKey) -> String? {
        switch (self, key) {
        case (.text, .string(let text)): Self.normalized(text)
        case (.numeric, .int(let value)): "\(value)"
        case (.numeric, .uint(let value)): "\(value)"
        case (.numeric, .double(let value)) where value.isFinite: "\(value)"
        case (.numeric, .decimal(let value)) where value.isFinite: "\(value)"
        case (.boolean, .bool(let value)): value ? "true" : "false"
        default: nil
        }
    }

    /// A parameter placeholder typed as this kind compares: `$1::text` (its text is
    /// normalized by ``parameter(of:)``).
    func placeholder(_ placeholder: String) -> String {
        "\(placeholder)::\(name)"
    }

    /// The type's name in SQL: `text`, `numeric`, `boolean`.
    var name: String {
        switch self {
        case .text: "text"
        case .numeric: "numeric"
        case .boolean: "boolean"
        }
    }

    /// The type of a column that holds values of this kind: text compared by code point.
    var columnType: String {
        self == .text ? "text COLLATE \"C\"" : name
    }

    /// Text in NFC, the form Etch's ``IndexKey`` compares: ASCII as it is, without a copy.
    static func normalized(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        return text.precomposedStringWithCanonicalMapping
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
