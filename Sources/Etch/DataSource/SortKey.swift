import Foundation

/// One key of a ``DataSource``'s sort order: a key path or a comparator, ascending or
/// descending.
///
/// A data source sorts by its keys in turn and breaks the remaining ties by the objects'
/// ids, so its order is total and deterministic: objects with equal keys always appear in
/// the same order, whatever order they arrived in.
///
/// Floating-point keys (`Double`, `Float`, any `FloatingPoint`) are ordered totally: NaN
/// sorts after every number when ascending and before every number when descending, and all
/// NaNs tie. (With `<` alone, NaN would tie with every number, which is no order at all.)
///
/// ```swift
/// let tasks = DataSource<TaskItem>(sortedBy: [
///     .ascending(\.dueAt, nils: .last),   // undated tasks at the end
///     .descending(\.rank),
/// ])
/// ```
public struct SortKey<Element>: Sendable {
    /// Where objects whose key is `nil` go.
    public enum NilPlacement: Sendable, Hashable {
        /// Before every non-`nil` key.
        case first
        /// After every non-`nil` key.
        case last
    }

    /// Compares two objects by this key alone.
    @usableFromInline let compare: @Sendable (Element, Element) -> ComparisonResult
    /// An empty column of this key's values, which a ``SortedStore`` keeps beside its
    /// objects; `nil` for a comparator, which has no value to keep.
    @usableFromInline let column: SortKeyColumn<Element>?
    /// Makes a reader of this key for a batch's objects; see ``BatchKeyReader``.
    @usableFromInline let batchKeyReader: @Sendable () -> BatchKeyReader<Element>

    // The factories are inlinable so the comparator is compiled, specialized, where the
    // key path is known; comparisons are the data source's hot path.
    @usableFromInline
    init(compare: @escaping @Sendable (Element, Element) -> ComparisonResult) {
        self.compare = compare
        self.column = nil
        self.batchKeyReader = { BatchKeyReader(comparingBy: compare) }
    }

    /// A key read through `keyPath` and ordered by `order`.
    ///
    /// The key path is applied in one closure only, which the others call: where this is
    /// inlined with a key path literal (`.ascending(\.rank)`), the optimizer then turns that
    /// closure into a direct call of the property's getter. A key path applied through the
    /// runtime costs some 50 ns a read, and a batch reads its objects' keys once each; when
    /// two closures capture the key path, neither is turned.
    @inlinable
    init<Order: KeyOrder>(_ keyPath: KeyPath<Element, Order.Value> & Sendable, order: Order)
    where Order.Value: SendableMetatype {
        let read: @Sendable (Element) -> Order.Value = { $0[keyPath: keyPath] }
        self.compare = { order.compare(read($0), read($1)) }
        self.column = SortKeyColumn(reading: read)
        self.batchKeyReader = { BatchKeyReader(reading: read, order: order) }
    }

    /// A key read through `keyPath` and ordered by a closure. (A ``KeyOrder`` type makes
    /// batches faster: their comparisons are then compiled for it.)
    @inlinable
    init<Value: SendableMetatype>(
        _ keyPath: KeyPath<Element, Value> & Sendable,
        order: @escaping @Sendable (Value, Value) -> ComparisonResult
    ) {
        self.init(keyPath, order: ClosureOrder(order))
    }

    /// Makes a key from a comparator, which must be a strict weak order.
    ///
    /// ```swift
    /// .comparator { $0.title.localizedStandardCompare($1.title) }
    /// ```
    @inlinable
    public static func comparator(_ compare: @escaping @Sendable (Element, Element) -> ComparisonResult) -> SortKey {
        SortKey(compare: compare)
    }

    /// Sorts by a key path, smallest first.
    ///
    /// ```swift
    /// .ascending(\.rank)
    /// ```
    @inlinable
    public static func ascending<Value: Comparable & SendableMetatype>(_ keyPath: KeyPath<Element, Value> & Sendable)
        -> SortKey
    {
        SortKey(keyPath, order: AscendingOrder())
    }

    /// Sorts by a key path, largest first.
    ///
    /// ```swift
    /// .descending(\.updatedAt)
    /// ```
    @inlinable
    public static func descending<Value: Comparable & SendableMetatype>(_ keyPath: KeyPath<Element, Value> & Sendable)
        -> SortKey
    {
        SortKey(keyPath, order: DescendingOrder())
    }

    /// Sorts by an optional key path, smallest first; `nil` keys go first unless told
    /// otherwise (as in SQL, where `NULL` is the smallest value).
    ///
    /// ```swift
    /// .ascending(\.dueAt, nils: .last)
    /// ```
    @inlinable
    public static func ascending<Value: Comparable & SendableMetatype>(
        _ keyPath: KeyPath<Element, Value?> & Sendable,
        nils: NilPlacement = .first
    ) -> SortKey {
        SortKey(keyPath, order: OptionalOrder(AscendingOrder(), nilsFirst: nils == .first))
    }

    /// Sorts by an optional key path, largest first; `nil` keys go last unless told otherwise.
    ///
    /// ```swift
    /// .descending(\.dueAt, nils: .first)
    /// ```
    @inlinable
    public static func descending<Value: Comparable & SendableMetatype>(
        _ keyPath: KeyPath<Element, Value?> & Sendable,
        nils: NilPlacement = .last
    ) -> SortKey {
        SortKey(keyPath, order: OptionalOrder(DescendingOrder(), nilsFirst: nils == .first))
    }

    /// Compares two objects by this key alone: `.orderedAscending` when `lhs` comes first.
    public func ordering(of lhs: Element, _ rhs: Element) -> ComparisonResult {
        compare(lhs, rhs)
    }

    @inlinable @inline(__always)
    static func order<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : (rhs < lhs ? .orderedDescending : .orderedSame)
    }

    /// Orders optional keys: `nil` where `nils` says, two values by `compare` (which
    /// already holds the direction), so every key kind shares one placement of `nil`.
    @inlinable @inline(__always)
    static func order<Value>(
        _ lhs: Value?, _ rhs: Value?, nils: NilPlacement, compare: (Value, Value) -> ComparisonResult
    ) -> ComparisonResult {
        switch (lhs, rhs) {
        case (nil, nil): return .orderedSame
        case (nil, _): return nils == .first ? .orderedAscending : .orderedDescending
        case (_, nil): return nils == .first ? .orderedDescending : .orderedAscending
        case (let lhs?, let rhs?): return compare(lhs, rhs)
        }
    }
}

/// A data source's complete order: its keys, then the id, so no two objects tie.
@usableFromInline
package struct ElementOrder<Element: Identifiable>: Sendable where Element.ID: Comparable {
    @usableFromInline let keys: [SortKey<Element>]

    @usableFromInline
    package init(keys: [SortKey<Element>]) {
        self.keys = keys
    }

    /// Compares by the sort keys only, ignoring ids.
    @inlinable @inline(__always)
    package func compareKeys(_ lhs: Element, _ rhs: Element) -> ComparisonResult {
        for key in keys {
            let result = key.compare(lhs, rhs)
            if result != .orderedSame { return result }
        }
        return .orderedSame
    }

    /// Compares by the sort keys, then by id.
    @inlinable @inline(__always)
    func compare(_ lhs: Element, _ rhs: Element) -> ComparisonResult {
        let result = compareKeys(lhs, rhs)
        if result != .orderedSame { return result }
        return SortKey<Element>.order(lhs.id, rhs.id)
    }

    /// Whether `lhs` sorts strictly before `rhs`.
    @inlinable @inline(__always)
    func precedes(_ lhs: Element, _ rhs: Element) -> Bool {
        compare(lhs, rhs) == .orderedAscending
    }
}
