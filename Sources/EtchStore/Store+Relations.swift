@_spi(EtchCollections) import Etch

extension Store {
    /// The members of an inverse relation: the objects whose reference field refers to the
    /// owner, in the relation's declared order (ties, and no order, by id).
    ///
    /// ```swift
    /// // model Artist { …; @orderBy(year, descending) inverse albums: [Album] via artist }
    /// try await store.related(Artist.albums, of: "a1")    // her albums, newest first
    /// ```
    ///
    /// The store keeps an index on the reference for each relation, updated in the same
    /// commit as every change and holding each owner's members in order, so a read never
    /// scans the members' type (CBLModel ran a query on every access) and never sorts. The
    /// first read of a relation builds that index.
    ///
    /// - Complexity: O(1) after the first read: the members are kept in order.
    public func related<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of ownerID: Owner.ID
    ) throws(StoreError) -> [Member] {
        try catchUpIfStale()
        let table = try tables.table(of: Member.self)
        _ = try tables.table(of: Owner.self)
        let ownerIDs = relation.ownerIDs
        let index = table.relationIndex("\(Owner.modelName).\(relation.name)", order: relation.order) { member in
            ownerIDs(member).map(\.indexKey)
        }
        return index.members(of: ownerID.indexKey)
    }

    /// The members of an inverse relation of `owner`; see ``related(_:of:)-(_,Owner.ID)``.
    public func related<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of owner: Owner
    ) throws(StoreError) -> [Member] {
        try related(relation, of: owner.id)
    }
}
