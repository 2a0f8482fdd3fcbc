extension SortedStore {
    /// Below this many changed objects a batch is applied one object at a time (a binary
    /// search and a memory move each); above it, by one merge of the sorted batch into the
    /// array, which costs O(*n*) copying however many objects change.
    static var mergeThreshold: Int { 8 }

    /// Applies upserts and removals as one change.
    ///
    /// - Parameters:
    ///   - batch: Objects to insert or replace; when an id repeats, the last one wins.
    ///   - removals: Indices of objects to remove, ascending, none of them with the id of
    ///     an object in `batch`.
    ///   - keepingLocalValues: Whether a replacing object takes over the `@local` values of
    ///     the object it replaces.
    /// - Complexity: O(*k* log *n*) comparisons for *k* changed objects in a store of *n*,
    ///   plus O(*k* log *k*) comparisons and O(*n*) copying for large batches.
    mutating func apply(
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

        // Carry local values over and find where the replaced objects were.
        var replaced: [(old: Element, oldIndex: Int)] = []
        var replacements: [Element] = []
        var fresh: [Element] = []
        for element in upserts {
            if let old = byID[element.id] {
                replaced.append((old, index(ofStored: old)))
                replacements.append(keepingLocalValues ? element.replacingLocalValues(old.localValues) : element)
            } else {
                fresh.append(element)
            }
        }

        for index in removals { byID[elements[index].id] = nil }
        if upserts.count + removals.count <= Self.mergeThreshold {
            for index in removals.reversed() { elements.remove(at: index) }
            for element in replacements + fresh { _ = upsert(element, keepingLocalValues: false) }
        } else {
            merge(replacements + fresh, skipping: (removals + replaced.map(\.oldIndex)).sorted())
        }

        var change = ChangeIndices<Element>(deletions: removals)
        for ((old, oldIndex), new) in zip(replaced, replacements) {
            let newIndex = index(ofStored: new)
            if order.compareKeys(old, new) == .orderedSame {
                change.updates.append(.init(oldIndex: oldIndex, newIndex: newIndex))
            } else {
                change.moves.append(.init(oldIndex: oldIndex, newIndex: newIndex))
            }
        }
        change.updates.sort { $0.oldIndex < $1.oldIndex }
        change.moves.sort { $0.newIndex < $1.newIndex }
        change.insertions = fresh.map(index(ofStored:)).sorted()
        return change
    }

    /// Rebuilds the array from the old objects, minus those at `skipped`, and `batch`.
    private mutating func merge(_ batch: [Element], skipping skipped: [Int]) {
        let sortedBatch = batch.sorted(by: order.precedes)
        var result: [Element] = []
        result.reserveCapacity(elements.count - skipped.count + batch.count)
        var nextOld = 0
        var nextSkipped = 0
        func copyOld(upTo end: Int) {
            while nextOld < end {
                let skip = nextSkipped < skipped.count ? skipped[nextSkipped] : Int.max
                if skip < end {
                    result.append(contentsOf: elements[nextOld..<skip])
                    nextOld = skip + 1
                    nextSkipped += 1
                } else {
                    result.append(contentsOf: elements[nextOld..<end])
                    nextOld = end
                }
            }
        }
        for element in sortedBatch {
            copyOld(upTo: lowerBound(of: element, in: nextOld..<elements.count))
            result.append(element)
        }
        copyOld(upTo: elements.count)
        elements = result
        for element in batch { byID[element.id] = element }
    }
}
