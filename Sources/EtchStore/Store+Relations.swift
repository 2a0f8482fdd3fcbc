import Etch

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
    /// commit as every change, so a read never scans the members' type (CBLModel ran a query
    /// on every access). The first read of a relation builds that index.
    ///
    /// - Complexity: O(*k* log *k*) for *k* members, after the first read.
    public func related<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of ownerID: Owner.ID
    ) throws(StoreError) -> [Member] {
        let table = try tables.table(of: Member.self)
        _ = try tables.table(of: Owner.self)
        let ownerIDs = relation.ownerIDs
        let index = table.relationIndex("\(Owner.modelName).\(relation.name)") { member in
            ownerIDs(member).map(\.indexKey)
        }
        let ids = index.memberIDs(of: ownerID.indexKey).sorted()
        let members = ids.compactMap(table.object)
        guard !relation.order.isEmpty else { return members }
        // A stable sort keeps the id order among members the relation's keys find equal.
        return members.enumerated().sorted { first, second in
            for key in relation.order {
                switch key.ordering(of: first.element, second.element) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return first.offset < second.offset
        }.map(\.element)
    }

    /// The members of an inverse relation of `owner`; see ``related(_:of:)-(_,Owner.ID)``.
    public func related<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of owner: Owner
    ) throws(StoreError) -> [Member] {
        try related(relation, of: owner.id)
    }
}
