import Foundation

/// The indices of one change, before a snapshot is attached; see ``ListChange``.
@usableFromInline
package struct ChangeIndices<Element: Sendable>: Sendable {
    @usableFromInline package var deletions: [Int]
    @usableFromInline package var insertions: [Int]
    @usableFromInline package var moves: [ListChange<Element>.Move]
    @usableFromInline package var updates: [ListChange<Element>.Update]

    @inlinable
    package init(
        deletions: [Int] = [],
        insertions: [Int] = [],
        moves: [ListChange<Element>.Move] = [],
        updates: [ListChange<Element>.Update] = []
    ) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
    }

    package var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty }

    package func listChange(snapshot: [Element]) -> ListChange<Element> {
        ListChange(deletions: deletions, insertions: insertions, moves: moves, updates: updates, snapshot: snapshot)
    }
}

/// The sorted array and the id index behind a ``DataSource``, with no isolation of its own.
///
/// Positions are found by binary search in the total order (sort keys, then id), so a
/// lookup by id is a hash lookup plus O(log *n*) comparisons, never a scan.
///
/// The write paths are inlinable, so they are compiled specialized for the element type
/// where a ``DataSource`` of that type is used: element copies, id reads and comparisons are
/// then direct calls instead of generic ones.
@usableFromInline
package struct SortedStore<Element: ImmutableModel & Identifiable>: Sendable where Element.ID: Comparable & Sendable {
    @usableFromInline package let order: ElementOrder<Element>
    @usableFromInline package internal(set) var elements: [Element] = []
    @usableFromInline package internal(set) var byID = IDTable<Element>()
    /// The ids and the key-path sort keys, parallel to `elements`.
    @usableFromInline var columns: SortedStoreColumns<Element>

    package init(order: ElementOrder<Element>) {
        self.order = order
        columns = SortedStoreColumns(order: order)
    }

    package var count: Int { elements.count }

    // MARK: - Searching

    /// The first index in `range` whose object does not sort before `element`.
    ///
    /// - Complexity: O(log *n*) comparisons.
    @inlinable
    func lowerBound(of element: Element, in range: Range<Int>) -> Int {
        elements.withUnsafeBufferPointer { elements in
            var low = range.lowerBound
            var high = range.upperBound
            while low < high {
                let middle = low + (high - low) / 2
                if order.precedes(elements[middle], element) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
    }

    /// The index of an object that is in the store.
    ///
    /// The binary search finds it whenever the sort keys are a strict weak order. A
    /// comparator that is not (one that calls a value equal to everything, say) can send the
    /// search astray; the result is then checked and, if wrong, the object is found by a scan,
    /// so a faulty comparator costs order and time, never the store's consistency.
    ///
    /// - Complexity: O(log *n*) comparisons; O(*n*) when the search misses.
    @inlinable
    func index(ofStored element: Element) -> Int {
        let index = lowerBound(of: element, in: 0..<elements.count)
        if index < elements.count && elements[index].id == element.id { return index }
        guard let found = elements.firstIndex(where: { $0.id == element.id }) else {
            // `byID` and `elements` always change together; going on would corrupt both.
            preconditionFailure("SortedStore lost track of an object")
        }
        return found
    }

    /// The index of the object with this id, if any.
    ///
    /// - Complexity: O(1) on average to find the object, then O(log *n*) comparisons.
    package func index(ofID id: Element.ID) -> Int? {
        byID[id].map(index(ofStored:))
    }

    // MARK: - Single writes

    /// Inserts `element`, or replaces the object with its id, at its sorted position.
    ///
    /// - Complexity: O(log *n*) comparisons and one move of the objects between the old and
    ///   the new position.
    @inlinable
    package mutating func upsert(_ element: Element, keepingLocalValues: Bool) -> ChangeIndices<Element> {
        // The id is hashed once, for the search and for the insertion or the replacement.
        let id = element.id
        let hash = IDTable<Element>.hash(of: id)
        guard let slot = byID.slot(of: id, hash: hash) else {
            let index = lowerBound(of: element, in: 0..<elements.count)
            elements.insert(element, at: index)
            columns.apply(.insert(element, at: index))
            byID.insertNew(.init(hash: hash, id: id, element: element))
            return ChangeIndices(insertions: [index])
        }
        let old = byID[slot: slot]
        let new = keepingLocalValues ? element.replacingLocalValues(old.localValues) : element
        let from = index(ofStored: old)
        byID[slot: slot] = new
        let to: Int
        switch order.compareKeys(new, old) {
        case .orderedSame: to = from
        case .orderedAscending: to = lowerBound(of: new, in: 0..<from)
        case .orderedDescending: to = lowerBound(of: new, in: (from + 1)..<elements.count) - 1
        }
        if from == to {
            elements[from] = new
            columns.apply(.move(from: from, to: to, element: new))
            return ChangeIndices(updates: [.init(oldIndex: from, newIndex: to)])
        }
        move(from: from, to: to, replacingWith: new)
        return ChangeIndices(moves: [.init(oldIndex: from, newIndex: to)])
    }

    /// Puts `new` at `to` in place of the object at `from`, shifting the objects between by
    /// one with a single memory move.
    @inlinable
    mutating func move(from: Int, to: Int, replacingWith new: Element) {
        elements.move(from: from, to: to, replacingWith: new)
        columns.apply(.move(from: from, to: to, element: new))
    }

    /// Removes the object with this id.
    ///
    /// - Complexity: O(log *n*) comparisons and one move of the objects after it.
    package mutating func remove(id: Element.ID) -> (Element, ChangeIndices<Element>)? {
        guard let old = byID.removeValue(forID: id) else { return nil }
        let index = index(ofStored: old)
        elements.remove(at: index)
        columns.apply(.remove(at: index))
        return (old, ChangeIndices(deletions: [index]))
    }
}
