import Foundation

// Floating-point keys get a total order: NaN, which `<` calls neither smaller nor larger
// than anything, sorts after every number (before, descending), and NaNs tie.

extension SortKey {
    // These overloads are chosen over the `Comparable` ones for floating-point values (a
    // more constrained generic wins), so NaN gets its place in the order.

    /// Sorts by a floating-point key path, smallest first, NaN last.
    ///
    /// ```swift
    /// .ascending(\.score)
    /// ```
    @inlinable
    public static func ascending<Value: FloatingPoint & SendableMetatype>(
        _ keyPath: KeyPath<Element, Value> & Sendable
    ) -> SortKey {
        SortKey(keyPath) { Self.order($0, $1) }
    }

    /// Sorts by a floating-point key path, largest first, NaN first.
    ///
    /// ```swift
    /// .descending(\.score)
    /// ```
    @inlinable
    public static func descending<Value: FloatingPoint & SendableMetatype>(
        _ keyPath: KeyPath<Element, Value> & Sendable
    ) -> SortKey {
        SortKey(keyPath) { Self.order($1, $0) }
    }

    /// Sorts by an optional floating-point key path, smallest first, NaN after the numbers;
    /// `nil` keys go first unless told otherwise.
    ///
    /// ```swift
    /// .ascending(\.rating, nils: .last)
    /// ```
    @inlinable
    public static func ascending<Value: FloatingPoint & SendableMetatype>(
        _ keyPath: KeyPath<Element, Value?> & Sendable,
        nils: NilPlacement = .first
    ) -> SortKey {
        SortKey(keyPath) { Self.order($0, $1, nils: nils) { Self.order($0, $1) } }
    }

    /// Sorts by an optional floating-point key path, largest first, NaN before the numbers;
    /// `nil` keys go last unless told otherwise.
    ///
    /// ```swift
    /// .descending(\.rating)
    /// ```
    @inlinable
    public static func descending<Value: FloatingPoint & SendableMetatype>(
        _ keyPath: KeyPath<Element, Value?> & Sendable,
        nils: NilPlacement = .last
    ) -> SortKey {
        SortKey(keyPath) { Self.order($0, $1, nils: nils) { Self.order($1, $0) } }
    }

    /// Orders floating-point values totally: numbers by `<`, NaN after every number, NaNs tied.
    @inlinable @inline(__always)
    static func order<Value: FloatingPoint>(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        if lhs < rhs { return .orderedAscending }
        if rhs < lhs { return .orderedDescending }
        // Equal numbers, or at least one NaN.
        switch (lhs.isNaN, rhs.isNaN) {
        case (false, true): return .orderedAscending
        case (true, false): return .orderedDescending
        default: return .orderedSame
        }
    }

}
