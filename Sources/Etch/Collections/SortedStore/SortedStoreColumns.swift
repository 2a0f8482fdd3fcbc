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
    ///   - walk: The merge's steps, as the objects took them; its inserted elements are the
    ///     batch's, by index in the batch.
    ///   - ids: The batch's ids, by index in the batch.
    @inlinable
    mutating func merge(_ keyMerges: [(inout Any, MergeWalk) -> Void], _ walk: MergeWalk, ids batchIDs: [Element.ID]) {
        if _isPOD(Element.ID.self) {
            ids = ids.merged(inserting: batchIDs, walk)
        } else {
            ids.append(contentsOf: batchIDs)
            ids.moveMerge(walk)
        }
        for (index, keyMerge) in keyMerges.enumerated() where keys[index] != nil {
            keyMerge(&keys[index]!.keys, walk)
        }
    }
}
