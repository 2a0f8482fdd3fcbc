import Foundation

extension SortedStore {
    /// Up to this many changed objects a batch is applied one object at a time (a binary
    /// search and a memory move each); above it, by one merge of the sorted batch into the
    /// array, which copies the array once however many objects change.
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
    ///   and *k* memory moves for small batches; O(*k* log *k*) comparisons and O(*n*)
    ///   copying for large ones. Never a re-sort of the whole array.
    @inlinable
    package mutating func apply(
        upserting batch: some Sequence<Element>,
        removingIndices removals: [Int] = [],
        keepingLocalValues: Bool
    ) -> ChangeIndices<Element> {
        // Last one wins within the batch.
        var upserts: [Element] = []
        var positions: [Element.ID: Int] = [:]
        for element in batch {
            if let position = positions[element.id] {
                upserts[position] = element
            } else {
                positions[element.id] = upserts.count
                upserts.append(element)
            }
        }
        if upserts.isEmpty && removals.isEmpty { return ChangeIndices() }

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
        if upserts.count + removals.count <= Self.mergeThreshold {
            return applyOneByOne(replaced: replaced, fresh: fresh, removals: removals)
        }
        return merge(replaced: replaced, fresh: fresh, removals: removals)
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

    @inlinable
    mutating func applyOneByOne(replaced: [Replacement], fresh: [Element], removals: [Int])
        -> ChangeIndices<Element>
    {
        var replaced = replaced
        for slot in replaced.indices { replaced[slot].oldIndex = index(ofStored: replaced[slot].old) }
        for index in removals.reversed() { byID[elements.remove(at: index).id] = nil }
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

    /// Rebuilds the array in one pass: the old objects minus the removed and replaced ones,
    /// merged with the sorted batch. The change's indices fall out of the pass in order.
    ///
    /// The pass reads as few stored objects as it can, since each read is likely a cache
    /// miss: the replaced objects are found by their old keys, and each batch object's
    /// place by a galloping search from the last one's, both through one ``BatchOrder``
    /// that reads every key at most once.
    @inlinable
    mutating func merge(replaced: [Replacement], fresh: [Element], removals: [Int]) -> ChangeIndices<Element> {
        let count = elements.count
        // The batch's objects, then the replaced ones as they were: batch slots
        // 0..<replaced.count are the replacements, then come the fresh objects.
        let batchCount = replaced.count + fresh.count
        let unsorted = replaced.map(\.new) + fresh
        let batchOrder = BatchOrder(order, batch: unsorted + replaced.map(\.old), stored: elements)

        // Where the replaced objects were, found in the order of their old keys.
        var oldIndices = [Int](repeating: 0, count: replaced.count)
        var oldSlots = Array(batchCount..<(batchCount + replaced.count))
        oldSlots.sort { batchOrder.precedes($0, $1) }
        var start = 0
        for (done, slot) in oldSlots.enumerated() {
            let old = replaced[slot - batchCount].old
            let found = batchOrder.gallopingLowerBound(of: slot, from: start, remaining: oldSlots.count - done)
            if found < count && elements[found].id == old.id {
                oldIndices[slot - batchCount] = found
                start = found + 1
            } else {
                // Only a comparator that is not a strict weak order gets here.
                oldIndices[slot - batchCount] = index(ofStored: old)
            }
        }
        let skipped = (removals + oldIndices).sorted()

        // The batch in order. Sorting positions instead of objects spares copying them.
        var sortedSlots = Array(0..<batchCount)
        sortedSlots.sort { batchOrder.precedes($0, $1) }

        var result: [Element] = []
        result.reserveCapacity(count - skipped.count + unsorted.count)
        var change = ChangeIndices<Element>(deletions: removals)
        var nextOld = 0
        var nextSkipped = 0
        func copyOld(upTo end: Int) {
            while nextOld < end {
                let skip = nextSkipped < skipped.count ? skipped[nextSkipped] : Int.max
                let runEnd = Swift.min(skip, end)
                result.append(contentsOf: elements[nextOld..<runEnd])
                nextOld = runEnd
                if skip == runEnd {
                    nextOld += 1
                    nextSkipped += 1
                }
            }
        }
        for (done, slot) in sortedSlots.enumerated() {
            copyOld(upTo: batchOrder.gallopingLowerBound(of: slot, from: nextOld, remaining: batchCount - done))
            let newIndex = result.count
            result.append(unsorted[slot])
            if slot >= replaced.count {
                change.insertions.append(newIndex)
            } else if batchOrder.compareKeys(stored: oldIndices[slot], batch: slot) == .orderedSame {
                change.updates.append(.init(oldIndex: oldIndices[slot], newIndex: newIndex))
            } else {
                change.moves.append(.init(oldIndex: oldIndices[slot], newIndex: newIndex))
            }
        }
        copyOld(upTo: count)

        for index in removals { byID[elements[index].id] = nil }
        for element in unsorted { byID[element.id] = element }
        elements = result
        return change
    }
}
