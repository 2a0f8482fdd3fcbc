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
    ///
    /// Each object that goes is held twice, in `elements` and in `byID`, and releasing it
    /// costs a cache miss each time unless both releases come together: so `byID`'s
    /// reference is taken out and forgotten, the copy in `elements` standing for it, and
    /// the move releases that copy twice (see ``forget(_:standingFor:)``).
    @inlinable
    mutating func merge(_ objects: [Element], removals: [Int], keepingLocalValues: Bool) -> ChangeIndices<Element> {
        let removed = UnsafeMutablePointer<Element>.allocate(capacity: removals.count)
        defer { removed.deallocate() }
        for (position, index) in removals.enumerated() {
            guard let old = byID.removeValue(forID: columns.ids[index]) else {
                // `byID` and `elements` always change together; going on would corrupt both.
                preconditionFailure("SortedStore lost track of an object")
            }
            (removed + position).initialize(to: old)
        }
        forget(removed, standingFor: removals)
        let batch = readBatch(objects, keepingLocalValues: keepingLocalValues)
        let plan = planMerge(batch, removals: removals)
        let byStorage = StorageIdentityTable.identifiesModels(of: Element.self)
        // One walk, worked out once, for the objects and every column.
        elements.moveMerge(
            plan.walk, extent: { StoragePrefetch.extent(of: $0, $1, byStorage: byStorage) },
            releasingRemovedTwice: Self.releasesRemovedInOneVisit)
        columns.merge(plan.keyMerges, plan.walk, ids: batch.ids)
        return plan.change
    }
}
