import Foundation

extension SortedStore {
    /// The index of a stored object, found through the columns: each sort key narrows the
    /// range of objects with an equal key (a key-path key by its column, a comparator by
    /// comparing the objects), and the ids decide within the last. No stored object is read
    /// but for comparator keys.
    ///
    /// The binary searches find the object whenever the sort keys are a strict weak order.
    /// A comparator that is not can send them astray; the object is then found by a scan of
    /// the ids, so a faulty comparator costs order and time, never the store's consistency.
    ///
    /// - Parameters:
    ///   - element: A stored object, or one with the same keys and id.
    ///   - id: Its id.
    /// - Complexity: O(log *n*) comparisons; O(*n*) when the search misses.
    @inlinable
    func columnIndex(of element: Element, id: Element.ID) -> Int {
        var range = 0..<elements.count
        for (key, column) in zip(order.keys, columns.keys) where !range.isEmpty {
            if let column {
                range = column.equalRange(column.keys, element, range)
            } else {
                let start = range.partitionPoint { key.compare(elements[$0], element) == .orderedAscending }
                let end = (start..<range.upperBound).partitionPoint {
                    key.compare(elements[$0], element) != .orderedDescending
                }
                range = start..<end
            }
        }
        let index = range.partitionPoint { columns.ids[$0] < id }
        if index < columns.ids.count && columns.ids[index] == id { return index }
        guard let found = columns.ids.firstIndex(of: id) else {
            // `byID` and the columns always change together; going on would corrupt both.
            preconditionFailure("SortedStore lost track of an object")
        }
        return found
    }
}
