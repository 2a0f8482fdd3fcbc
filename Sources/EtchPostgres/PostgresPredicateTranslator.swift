import Etch
import EtchStore
import Foundation

/// A condition of a statement's `WHERE`, translated from a `#Predicate`: its SQL, and whether
/// it holds for exactly the objects the predicate holds for, or for more of them (the parts
/// SQL cannot say were left out; Swift tests those).
///
/// The SQL is `TRUE` where the condition holds and `FALSE` or `NULL` where it does not (a
/// comparison with a `nil` field): `AND` and `OR` keep that reading, and `NOT` reads `NULL`
/// as `FALSE` first. Comparisons stay bare, not wrapped in `COALESCE`, so that PostgreSQL
/// matches them with the indexes on the fields' columns.
struct PostgresCondition {
    /// The SQL: `TRUE` where the condition holds, `FALSE` or `NULL` where it does not.
    let sql: String
    /// Whether it is the predicate itself, rather than a condition every match meets.
    let isExact: Bool
}

/// Translates a `#Predicate`'s expression tree into SQL over the stored rows (an indexed
/// field's column, another field's value computed from the object), with every value a
/// parameter (text normalized to NFC in Swift): comparisons of a field with a constant,
/// `&&`, `||`, `!`, `in` lists, constant ranges, `nil` checks, and `starts(with:)` /
/// `contains` on text as `LIKE`.
///
/// A part it cannot translate is left out of an AND (the condition is then not exact) and
/// makes an OR or a NOT untranslatable; the store evaluates the whole predicate in Swift on
/// the rows such a condition narrowed.
struct PostgresPredicateTranslator {
    /// What the planner knows of the predicate's variables.
    let context: PlanningContext
    /// The field a key path reads, as SQL reads it, when the schema declares it.
    let resolve: (QueryField) -> PostgresFieldExpression?
    /// The parameters bound so far.
    var parameters: PostgresParameters
    /// The most values an `in` list may hold to be sent.
    static let maximumListCount = 1_000

    /// The translation of a predicate, its parameters bound after `parameters`; `nil` when
    /// no part of it translates.
    static func translate<Model: IdentifiedModel>(
        _ predicate: Predicate<Model>, parameters: inout PostgresParameters
    ) -> PostgresCondition? {
        var translator = PostgresPredicateTranslator(
            context: PlanningContext(model: predicate.variable.key),
            resolve: { field in PostgresFieldExpression.of(field.keyPath, of: Model.self) },
            parameters: parameters)
        let condition = translator.condition(of: predicate.expression)
        parameters = translator.parameters
        return condition
    }

    /// The condition of an expression, or `nil` (and no parameter bound) when it does not translate.
    mutating func condition(of expression: Any) -> PostgresCondition? {
        let mark = parameters.count
        guard let translatable = expression as? any PostgresTranslatable,
            let condition = translatable.postgresCondition(in: &self)
        else {
            parameters.truncate(to: mark)
            return nil
        }
        return condition
    }

    /// The field an operand reads, when SQL can compare its values.
    func field(of expression: Any) -> PostgresFieldExpression? {
        guard let field = context.field(of: expression), let resolved = resolve(field), resolved.kind != nil else {
            return nil
        }
        return resolved
    }

    /// The index key of an operand that depends on no object.
    func constantKey(of expression: Any) -> IndexKey? {
        guard let value = context.constant(of: expression) else { return nil }
        return Self.key(of: value)
    }

    /// The index key of a value, ``IndexKey/null`` for an optional's `nil`.
    static func key(of value: Any) -> IndexKey? {
        if let optional = value as? any PostgresOptionalValue, optional.isNone { return .null }
        return (value as? any IndexableValue)?.indexKey
    }

    /// `field op key`, either way round: `lhs` or `rhs` is the field.
    mutating func comparison(_ lhs: Any, _ op: PostgresComparison, _ rhs: Any) -> PostgresCondition? {
        if let field = field(of: lhs), let key = constantKey(of: rhs) { return compare(field, op, key) }
        if let field = field(of: rhs), let key = constantKey(of: lhs) { return compare(field, op.reversed, key) }
        return nil
    }

    /// `field op key`; a `nil` field makes it `NULL` (does not hold), except for `!=`, which
    /// holds for it as it does in Swift.
    mutating func compare(_ field: PostgresFieldExpression, _ op: PostgresComparison, _ key: IndexKey)
        -> PostgresCondition?
    {
        guard let kind = field.kind, let typed = field.typed else { return nil }
        if key == .null {
            switch op {
            case .equal: return PostgresCondition(sql: "(\(typed)) IS NULL", isExact: true)
            case .notEqual: return PostgresCondition(sql: "(\(typed)) IS NOT NULL", isExact: true)
            default: return nil
            }
        }
        guard let value = kind.parameter(of: key) else { return nil }
        let placeholder = kind.placeholder(parameters.bind(value))
        if op == .notEqual {
            return PostgresCondition(sql: "NOT COALESCE((\(typed)) = \(placeholder), false)", isExact: true)
        }
        return PostgresCondition(sql: "(\(typed)) \(op.rawValue) \(placeholder)", isExact: true)
    }

    /// `field` is one of `keys` (`in`).
    mutating func oneOf(_ field: PostgresFieldExpression, _ keys: [IndexKey]) -> PostgresCondition? {
        guard let kind = field.kind, let typed = field.typed, keys.count <= Self.maximumListCount else { return nil }
        if keys.isEmpty { return PostgresCondition(sql: "FALSE", isExact: true) }
        var placeholders: [String] = []
        var parts: [String] = []
        for key in keys where key != .null {
            guard let value = kind.parameter(of: key) else { return nil }
            placeholders.append(kind.placeholder(parameters.bind(value)))
        }
        if keys.contains(.null) { parts.append("(\(typed)) IS NULL") }
        if !placeholders.isEmpty {
            parts.append("(\(typed)) IN (\(placeholders.joined(separator: ", ")))")
        }
        return PostgresCondition(sql: "(" + parts.joined(separator: " OR ") + ")", isExact: true)
    }

    /// A text field `LIKE` a pattern: a condition every match meets, not exact (Swift compares
    /// characters; `LIKE` the normalized text's code points).
    mutating func like(_ field: PostgresFieldExpression, prefix: String, suffix: String, _ text: String)
        -> PostgresCondition?
    {
        guard field.kind == .text, field.referenceIDPath == nil, let typed = field.typed else { return nil }
        let escaped = text.precomposedStringWithCanonicalMapping.replacing("\\", with: "\\\\")
            .replacing("%", with: "\\%").replacing("_", with: "\\_")
        let placeholder = parameters.bind(prefix + escaped + suffix)
        return PostgresCondition(sql: "(\(typed)) LIKE \(placeholder)::text", isExact: false)
    }
}

/// A comparison SQL and `#Predicate` share.
enum PostgresComparison: String {
    case equal = "="
    case notEqual = "<>"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// The comparison with its operands swapped: `a < b` is `b > a`.
    var reversed: Self {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        }
    }
}

/// An optional value, which may be `nil` behind an `Any`.
protocol PostgresOptionalValue {
    var isNone: Bool { get }
}

extension Optional: PostgresOptionalValue {
    var isNone: Bool { self == nil }
}
