import Foundation

/// A field's value as an index holds it: hashable, and ordered the way the field's Swift
/// type orders.
///
/// Every value of one indexed field has the same kind (or is ``null``, an optional's `nil`),
/// so keys compare within a kind; across kinds, ``null`` comes first and the rest go by
/// kind. Doubles are ordered totally: NaN after every number, and all NaNs equal.
///
/// ```swift
/// "ada".indexKey          // .string("ada")
/// Optional<Int>.none.indexKey   // .null
/// Role.owner.indexKey     // .string("owner")
/// ```
public enum IndexKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// An optional's `nil`.
    case null
    /// A `Bool`; `false` before `true`.
    case bool(Bool)
    /// A signed integer.
    case int(Int64)
    /// An unsigned integer.
    case uint(UInt64)
    /// A floating-point number, a `Date` as seconds since 2001 included.
    case double(Double)
    /// A `Decimal`.
    case decimal(Decimal)
    /// A string, an enum's raw value, a `UUID` or a `URL`; ordered by Unicode scalars, as `String` orders.
    case string(String)

    @usableFromInline var rank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int: 2
        case .uint: 3
        case .double: 4
        case .decimal: 5
        case .string: 6
        }
    }

    /// Orders keys of one kind as their Swift values order, NaN last; other kinds by kind.
    @inlinable
    public static func < (lhs: IndexKey, rhs: IndexKey) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): !a && b
        case (.int(let a), .int(let b)): a < b
        case (.uint(let a), .uint(let b)): a < b
        case (.double(let a), .double(let b)): a < b || (!a.isNaN && b.isNaN)
        case (.decimal(let a), .decimal(let b)): a < b
        case (.string(let a), .string(let b)): a < b
        default: lhs.rank < rhs.rank
        }
    }

    /// Keys are equal when their values are; all NaNs are equal.
    @inlinable
    public static func == (lhs: IndexKey, rhs: IndexKey) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.uint(let a), .uint(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.decimal(let a), .decimal(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        default: false
        }
    }

    /// Hashes consistently with `==`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rank)
        switch self {
        case .null: break
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .uint(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value.isNaN ? .nan : value)
        case .decimal(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        }
    }

    /// The key as a short text, such as `"ada"`, `42` or `nil`, for errors and plans.
    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .uint(let value): "\(value)"
        case .double(let value): "\(value)"
        case .decimal(let value): "\(value)"
        case .string(let value): value.debugDescription
        }
    }
}
