@_spi(EtchCollections) import Etch
import Foundation

/// A predicate's condition compiled to tests of the fields' index keys, for the conditions
/// whose meaning on keys is Swift's own: `==`, `in`, `<`, `<=`, `>`, `>=` and between over
/// strings, numbers, dates, booleans, UUIDs and references (and `== nil` of any optional),
/// combined with AND and OR.
///
/// A key compares as its Swift value does, with one exception the tests handle: NaN equals
/// and orders against nothing, as `Double`'s operators say, where an index orders it last.
/// Anything else (enums, whose equality is their type's own, string methods, `!=`, …) does
/// not compile, and the store evaluates the predicate with Foundation instead.
struct CompiledCondition<Model> {
    /// Whether the condition holds for an object.
    let holds: (Model) -> Bool

    /// Compiles `condition`, or answers `nil` when a part of it does not compile.
    ///
    /// - Parameters:
    ///   - condition: The condition, read exactly (see ``PlanningContext/isExact``).
    ///   - reader: How to read a field's key from an object; `nil` for a field it cannot read.
    init?(_ condition: QueryCondition, reader: (QueryField) -> ((Model) -> IndexKey)?) {
        switch condition {
        case .always: holds = { _ in true }
        case .never: holds = { _ in false }
        case .opaque: return nil
        case .field(let field):
            guard let read = reader(field.field), let test = Self.test(of: field.constraint) else { return nil }
            holds = { test(read($0)) }
        case .and(let parts):
            guard let tests = Self.compile(parts, reader: reader) else { return nil }
            holds = { model in tests.allSatisfy { $0(model) } }
        case .or(let parts):
            guard let tests = Self.compile(parts, reader: reader) else { return nil }
            holds = { model in tests.contains { $0(model) } }
        }
    }

    /// The tests of `parts`, or `nil` when one does not compile.
    private static func compile(_ parts: [QueryCondition], reader: (QueryField) -> ((Model) -> IndexKey)?)
        -> [(Model) -> Bool]?
    {
        var tests: [(Model) -> Bool] = []
        for part in parts {
            guard let compiled = CompiledCondition(part, reader: reader) else { return nil }
            tests.append(compiled.holds)
        }
        return tests
    }

    /// The test of a field's key that `constraint` states, or `nil` for a constant of a type
    /// whose Swift comparison may differ from its key's.
    static func test(of constraint: FieldCondition.Constraint) -> ((IndexKey) -> Bool)? {
        switch constraint {
        case .oneOf(let values):
            var keys: [IndexKey] = []
            for value in values {
                guard let key = ConstantKey.key(of: value) else { return nil }
                // NaN equals nothing.
                if !key.isNaN { keys.append(key) }
            }
            if keys.count == 1 {
                let only = keys[0]
                return { $0 == only && !$0.isNaN }
            }
            let set = Set(keys)
            return { set.contains($0) && !$0.isNaN }
        case .interval(let lower, let upper):
            let lowerKey = lower.map { ConstantKey.key(of: $0.value) }
            let upperKey = upper.map { ConstantKey.key(of: $0.value) }
            if lowerKey == .some(nil) || upperKey == .some(nil) { return nil }
            let low = lowerKey.flatMap { $0 }.map { IndexBound(key: $0, isInclusive: lower!.isInclusive) }
            let high = upperKey.flatMap { $0 }.map { IndexBound(key: $0, isInclusive: upper!.isInclusive) }
            return { key in
                // NaN orders against nothing: every comparison with it is false.
                guard !key.isNaN, low?.key.isNaN != true, high?.key.isNaN != true else { return false }
                return (low?.admitsFromBelow(key) ?? true) && (high?.admitsFromAbove(key) ?? true)
            }
        }
    }
}

/// The index keys of a predicate's constants, for the types whose `==` and `<` are their
/// keys' (NaN aside).
enum ConstantKey {
    /// The key of `value`, `.null` for any optional's `nil`; `nil` for a value of another type.
    static func key(of value: Any) -> IndexKey? {
        if let optional = value as? any OptionalConstant {
            guard let wrapped = optional.wrappedConstant else { return .null }
            return key(of: wrapped)
        }
        switch value {
        case is String, is Int, is Int64, is Int32, is UInt, is UInt64, is Double, is Float, is Date, is Bool,
            is Decimal, is UUID:
            return (value as? any IndexableValue)?.indexKey
        case let reference as any ReferenceIdentified:
            // A `Ref` is equal to another of the same id.
            return (reference as? any IndexableValue)?.indexKey
        default:
            return nil
        }
    }
}

/// An optional, seen through `Any`.
protocol OptionalConstant {
    /// The wrapped value, `nil` for `nil`.
    var wrappedConstant: Any? { get }
}

extension Optional: OptionalConstant {
    var wrappedConstant: Any? { self.map { $0 as Any } }
}

extension IndexKey {
    /// Whether this is a NaN.
    var isNaN: Bool {
        if case .double(let value) = self { value.isNaN } else { false }
    }
}
