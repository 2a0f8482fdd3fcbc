import Foundation

extension SortedStore {
    /// Up to this many changed objects a batch is applied one object at a time (a binary
    /// search and a memory move each); above it, by one merge of the sorted batch into the
    /// array, which moves the array's objects once however many change.
    @inlinable static var mergeThreshold: Int { 8 }

    /// Applies upserts and removals as one change.
    ///
    /// - Parameters:
    ///   - batch: Objects to insert or replace; when an id repeats, the last one wins.
    ///   - removals: Indices of objects to remove, ascending, none of them with the id of
    ///     an object in `batch`.
    ///   - keepingLocalValues: Whether a replacing object takes over the `@local` values of
    ///     the object it replaces.
    /// - Complexity: For *k* changed objects in a store of *n*: O(*k* log *n*) comparisons
    ///   and *k* memory moves for small batches; for large ones O(*k* log *k*) comparisons
    ///   of the batch's keys, O(*k* log(*n*/*k*)) comparisons with stored keys, and O(*n*)
    ///   memory moves. Never a re-sort of the whole array.
    @inlinable
    package mutating func apply(
        upserting batch: some Sequence<Element>,
        removingIndices removals: [Int] = [],
        keepingLocalValues: Bool
    ) -> ChangeIndices<Element> {
        let objects = Array(batch)
        if objects.isEmpty && removals.isEmpty { return ChangeIndices() }
        if objects.count + removals.count <= Self.mergeThreshold {
            return applyOneByOne(objects, removals: removals, keepingLocalValues: keepingLocalValues)
        }
        return merge(objects, removals: removals, keepingLocalValues: keepingLocalValues)
    }

    @usableFromInline
    struct Replacement {
        @usableFromInline var old: Element
        @usableFromInline var new: Element
        @usableFromInline var oldIndex = 0

        @inlinable
        init(old: Element, new: Element) {
            self.old = old
            self.new = new
        }
    }

    /// Applies a small batch one object at a time.
    @inlinable
    mutating func applyOneByOne(_ objects: [Element], removals: [Int], keepingLocalValues: Bool)
        -> ChangeIndices<Element>
    {
        // Last one wins within the batch.
        var upserts: [Element] = []
        var positions: [Element.ID: Int] = [:]
        for element in objects {
            if let position = positions[element.id] {
                upserts[position] = element
            } else {
                positions[element.id] = upserts.count
                upserts.append(element)
            }
        }

        // Carry local values over.
        var replaced: [Replacement] = []
        var fresh: [Element] = []
        for element in upserts {
            if let old = byID[element.id] {
                let new = keepingLocalValues ? element.replacingLocalValues(old.localValues) : element
                replaced.append(Replacement(old: old, new: new))
            } else {
                fresh.append(element)
            }
        }

        for slot in replaced.indices { replaced[slot].oldIndex = index(ofStored: replaced[slot].old) }
        for index in removals.reversed() {
            byID[elements.remove(at: index).id] = nil
            columns.apply(.remove(at: index))
        }
        for replacement in replaced { _ = upsert(replacement.new, keepingLocalValues: false) }
        for element in fresh { _ = upsert(element, keepingLocalValues: false) }

        var change = ChangeIndices<Element>(deletions: removals)
        for replacement in replaced {
            let newIndex = index(ofStored: replacement.new)
            if order.compareKeys(replacement.old, replacement.new) == .orderedSame {
                change.updates.append(.init(oldIndex: replacement.oldIndex, newIndex: newIndex))
            } else {
                change.moves.append(.init(oldIndex: replacement.oldIndex, newIndex: newIndex))
            }
        }
        change.updates.sort { $0.oldIndex < $1.oldIndex }
        change.moves.sort { $0.newIndex < $1.newIndex }
        change.insertions = fresh.map(index(ofStored:)).sorted()
        return change
    }
}
