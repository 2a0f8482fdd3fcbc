extension SortedStore {
    /// Merges a large batch into the store: reads it, plans where everything goes, then
    /// moves the objects and the columns into place.
    ///
    /// - Parameters:
    ///   - objects: Objects to insert or replace; when an id repeats, the last one wins.
    ///   - removals: Indices of objects to remove, ascending, none of them with the id of an
    ///     object in `objects`.
    ///   - keepingLocalValues: Whether a replacing object takes over the `@local` values of
    ///     the object it replaces.
    @inlinable
    mutating func merge(_ objects: [Element], removals: [Int], keepingLocalValues: Bool) -> ChangeIndices<Element> {
        for index in removals { byID[columns.ids[index]] = nil }
        let batch = readBatch(objects, keepingLocalValues: keepingLocalValues)
        let plan = planMerge(batch, removals: removals)
        let byStorage = StorageIdentityTable.identifiesModels(of: Element.self)
        elements.moveMerge(appended: plan.slots, removing: plan.skipped, afterKept: plan.keptBefore) {
            StoragePrefetch.extent(of: $0, $1, byStorage: byStorage)
        }
        columns.merge(
            plan.keyMerges, removing: plan.skipped, inserting: plan.slots, ids: batch.ids, afterKept: plan.keptBefore)
        return plan.change
    }
}
