/// The id and the key-path sort keys of every object of a ``SortedStore``, each in an
/// array parallel to the objects, so that a batch's searches compare them where they lie
/// instead of reading the objects; see ``SortKeyColumn``.
///
/// Every write to the store's objects goes with the same edit here.
@usableFromInline
struct SortedStoreColumns<Element: Identifiable>: Sendable where Element.ID: Comparable & Sendable {
    /// The objects' ids.
    @usableFromInline var ids: [Element.ID] = []
    /// One column per sort key, in the order's order; `nil` for a comparator.
    @usableFromInline var keys: [SortKeyColumn<Element>?]

    @usableFromInline
    init(order: ElementOrder<Element>) {
        keys = order.keys.map(\.column)
    }

    /// Makes the edit just made to the objects.
    @inlinable
    mutating func apply(_ edit: SortKeyColumn<Element>.Edit) {
        switch edit {
        case .insert(let element, let index): ids.insert(element.id, at: index)
        case .remove(let index): ids.remove(at: index)
        case .move(let from, let to, let element): ids.move(from: from, to: to, replacingWith: element.id)
        }
        for index in keys.indices where keys[index] != nil {
            keys[index]!.apply(edit)
        }
    }

    /// Makes the merge just made to the objects, with the batch's ids and keys.
    ///
    /// - Parameters:
    ///   - keyMerges: Each key's ``BatchKeys/mergeColumn``, in the order's order.
    ///   - removals: The removed objects' indices, ascending.
    ///   - slots: The batch's objects in their new order, by their index in the batch.
    ///   - ids: The batch's ids, by index in the batch.
    ///   - keptBefore: For each inserted object, how many kept objects come before it.
    @inlinable
    mutating func merge(
        _ keyMerges: [(inout Any, [Int], [Int], [Int]) -> Void],
        removing removals: [Int], inserting slots: [Int], ids batchIDs: [Element.ID], afterKept keptBefore: [Int]
    ) {
        if _isPOD(Element.ID.self) {
            ids = ids.merged(inserting: batchIDs, inOrder: slots, removing: removals, afterKept: keptBefore)
        } else {
            ids.append(contentsOf: batchIDs)
            ids.moveMerge(appended: slots, removing: removals, afterKept: keptBefore)
        }
        for (index, keyMerge) in keyMerges.enumerated() where keys[index] != nil {
            keyMerge(&keys[index]!.keys, removals, slots, keptBefore)
        }
    }
}
