@_spi(EtchCollections) import Etch

// What a query reads of a table's indexes beyond whole lists of objects: a walk of a sorted
// group that stops when told, and counts without objects. Queries reach index contents only
// through these methods and those of `TableContents.swift`, so the structures behind them can
// change without the query code noticing.

extension TableContents {
    /// Calls `body` with the objects of a range of one group of the `@sorted` index at
    /// `position` in ``indexes``, in key order or its reverse (ties by id ascending either
    /// way), until it returns `false`; read in place, as ``indexPosition(of:where:)`` reads.
    ///
    /// - Parameters:
    ///   - position: The position of a `@sorted` index in ``indexes``.
    ///   - group: The group's key; ``IndexKey/null`` for an ungrouped index or the nil group.
    ///   - lower: The lowest keys visited, `nil` for no bound.
    ///   - upper: The highest keys visited, `nil` for no bound.
    ///   - reversed: Whether to go from the largest key to the smallest.
    ///   - body: Takes an object; returns whether to go on.
    /// - Complexity: O(log *n*) plus O(1) per object visited.
    func visitSorted(
        indexAt position: Int, group: IndexKey, from lower: IndexBound?, to upper: IndexBound?, reversed: Bool,
        _ body: (Model) throws -> Bool
    ) rethrows {
        try indexes.withUnsafeBufferPointer { states in
            try states[position].groups[group]?.visit(from: lower, to: upper, reversed: reversed) {
                try body(Model(held: $0))
            }
        }
    }

    /// The number of objects in a range of one group of the `@sorted` index at `position`
    /// in ``indexes``, without reading them.
    /// - Complexity: O(log *n*).
    func countSorted(indexAt position: Int, group: IndexKey, from lower: IndexBound?, to upper: IndexBound?) -> Int {
        indexes.withUnsafeBufferPointer { states in
            states[position].groups[group]?.count(from: lower, to: upper) ?? 0
        }
    }

    /// The number of objects holding `key` in the `@index` or `@unique` index at `position`
    /// in ``indexes``, without reading them.
    /// - Complexity: O(1).
    func count(indexAt position: Int, withKey key: IndexKey) -> Int {
        indexes.withUnsafeBufferPointer { states in states[position].count(withKey: key) }
    }
}
