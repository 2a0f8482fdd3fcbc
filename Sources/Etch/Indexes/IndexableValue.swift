import Foundation

/// A type whose values an index can hold: the types `@index`, `@unique` and `@sorted`
/// accept (scalars, enums, `Ref`, and optionals of them), and any type a runtime index
/// reads through a key path.
public protocol IndexableValue: Sendable {
    /// The value as an index holds it.
    var indexKey: IndexKey { get }
}

extension String: IndexableValue {
    /// `.string(self)`.
    public var indexKey: IndexKey { .string(self) }
}

extension Bool: IndexableValue {
    /// `.bool(self)`.
    public var indexKey: IndexKey { .bool(self) }
}

extension Int: IndexableValue {
    /// `.int(self)`.
    public var indexKey: IndexKey { .int(Int64(self)) }
}

extension Int64: IndexableValue {
    /// `.int(self)`.
    public var indexKey: IndexKey { .int(self) }
}

extension Int32: IndexableValue {
    /// `.int(self)`.
    public var indexKey: IndexKey { .int(Int64(self)) }
}

extension UInt: IndexableValue {
    /// `.uint(self)`.
    public var indexKey: IndexKey { .uint(UInt64(self)) }
}

extension UInt64: IndexableValue {
    /// `.uint(self)`.
    public var indexKey: IndexKey { .uint(self) }
}

extension Double: IndexableValue {
    /// `.double(self)`.
    public var indexKey: IndexKey { .double(self) }
}

extension Float: IndexableValue {
    /// `.double(self)`, exactly.
    public var indexKey: IndexKey { .double(Double(self)) }
}

extension Decimal: IndexableValue {
    /// `.decimal(self)`.
    public var indexKey: IndexKey { .decimal(self) }
}

extension Date: IndexableValue {
    /// `.double` of the seconds since 2001, so dates order by time.
    public var indexKey: IndexKey { .double(timeIntervalSinceReferenceDate) }
}

extension UUID: IndexableValue {
    /// `.string` of the upper-case text, so equal UUIDs have equal keys.
    public var indexKey: IndexKey { .string(uuidString) }
}

extension URL: IndexableValue {
    /// `.string` of the absolute text.
    public var indexKey: IndexKey { .string(absoluteString) }
}

extension Optional: IndexableValue where Wrapped: IndexableValue {
    /// ``IndexKey/null`` for `nil`, the wrapped value's key otherwise.
    public var indexKey: IndexKey { self?.indexKey ?? .null }
}

extension Ref: IndexableValue where Target.ID: IndexableValue {
    /// The referenced id's key.
    public var indexKey: IndexKey { id.indexKey }
}

extension ModelEnum {
    /// `.string` of the raw value, an unknown case's kept raw value included.
    public var indexKey: IndexKey { .string(rawValue) }
}
