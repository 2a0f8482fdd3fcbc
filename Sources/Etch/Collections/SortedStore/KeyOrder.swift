import Foundation

/// A sort key's order of values as a type rather than a closure, so that code generic over
/// it is compiled for it: comparing two keys is then a direct `<`, not a call through a
/// closure. A merge of 10k changes into 100k objects compares keys some 400k times.
@usableFromInline
protocol KeyOrder<Value>: Sendable {
    associatedtype Value

    /// Compares two values: `.orderedAscending` when `lhs` comes first.
    func compare(_ lhs: Value, _ rhs: Value) -> ComparisonResult

    /// Whether `lhs` comes first: `compare(lhs, rhs) == .orderedAscending`, which a plain
    /// type's order makes one comparison, so that a count of results takes no branch.
    func precedes(_ lhs: Value, _ rhs: Value) -> Bool

    /// `keys` as `UInt64`s in this order, for ``RadixSort``, when this order is that of an
    /// integer type; `nil` when keys are only compared.
    func radixBits(of keys: UnsafeBufferPointer<Value>) -> [UInt64]?
}

extension KeyOrder {
    /// By ``compare(_:_:)``.
    @inlinable @inline(__always)
    func precedes(_ lhs: Value, _ rhs: Value) -> Bool { compare(lhs, rhs) == .orderedAscending }

    /// None: keys are compared.
    @inlinable
    func radixBits(of keys: UnsafeBufferPointer<Value>) -> [UInt64]? { nil }
}

/// Smallest first.
@usableFromInline
struct AscendingOrder<Value: Comparable>: KeyOrder {
    @inlinable
    init() {}

    @inlinable @inline(__always)
    func compare(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : (rhs < lhs ? .orderedDescending : .orderedSame)
    }

    @inlinable @inline(__always)
    func precedes(_ lhs: Value, _ rhs: Value) -> Bool { lhs < rhs }

    @inlinable
    func radixBits(of keys: UnsafeBufferPointer<Value>) -> [UInt64]? {
        RadixSort.orderedBits(of: keys, descending: false)
    }
}

/// Largest first.
@usableFromInline
struct DescendingOrder<Value: Comparable>: KeyOrder {
    @inlinable
    init() {}

    @inlinable @inline(__always)
    func compare(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        AscendingOrder().compare(rhs, lhs)
    }

    @inlinable @inline(__always)
    func precedes(_ lhs: Value, _ rhs: Value) -> Bool { rhs < lhs }

    @inlinable
    func radixBits(of keys: UnsafeBufferPointer<Value>) -> [UInt64]? {
        RadixSort.orderedBits(of: keys, descending: true)
    }
}

/// Optional values: `nil` first or last, two values by `base` (which holds the direction).
@usableFromInline
struct OptionalOrder<Base: KeyOrder>: KeyOrder {
    @usableFromInline let base: Base
    @usableFromInline let nilsFirst: Bool

    @inlinable
    init(_ base: Base, nilsFirst: Bool) {
        self.base = base
        self.nilsFirst = nilsFirst
    }

    @inlinable @inline(__always)
    func compare(_ lhs: Base.Value?, _ rhs: Base.Value?) -> ComparisonResult {
        switch (lhs, rhs) {
        case (nil, nil): .orderedSame
        case (nil, _): nilsFirst ? .orderedAscending : .orderedDescending
        case (_, nil): nilsFirst ? .orderedDescending : .orderedAscending
        case (let lhs?, let rhs?): base.compare(lhs, rhs)
        }
    }
}

/// An order given as a closure.
@usableFromInline
struct ClosureOrder<Value>: KeyOrder {
    @usableFromInline let order: @Sendable (Value, Value) -> ComparisonResult

    @inlinable
    init(_ order: @escaping @Sendable (Value, Value) -> ComparisonResult) {
        self.order = order
    }

    @inlinable
    func compare(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        order(lhs, rhs)
    }
}
