@_spi(EtchCollections) import Etch

/// The other side of a reference, kept for an inverse relation: the members that refer to
/// each owner, sorted in the relation's order.
///
/// Each owner's members are a ``SortedStore``, the sorted list a ``DataSource`` keeps, so a
/// read hands out an array that is already in order, and a change of one member costs a
/// binary search and a memory move in its owners' lists.
struct RelationIndex<Member: IdentifiedModel> {
    /// The owner ids a member refers to, as index keys.
    let ownerKeys: @Sendable (Member) -> [IndexKey]
    /// The members' order; ties go by id.
    let order: [SortKey<Member>]
    /// The members by owner id.
    private var members: [IndexKey: SortedStore<Member>] = [:]

    init(ownerKeys: @escaping @Sendable (Member) -> [IndexKey], order: [SortKey<Member>]) {
        self.ownerKeys = ownerKeys
        self.order = order
    }

    /// Adds a member under every owner it refers to.
    /// - Complexity: O(log *k*) comparisons and a move of up to *k* members, per owner.
    mutating func insert(_ member: Member) {
        for owner in Set(ownerKeys(member)) {
            _ = members[owner, default: SortedStore(order: ElementOrder(keys: order))].upsert(
                member, keepingLocalValues: false)
        }
    }

    /// Removes a member, as it was when inserted.
    mutating func remove(_ member: Member) {
        for owner in Set(ownerKeys(member)) {
            _ = members[owner]?.remove(id: member.id)
            if members[owner]?.count == 0 { members[owner] = nil }
        }
    }

    /// The members that refer to an owner, in order.
    /// - Complexity: O(1): the array is shared copy-on-write.
    func members(of owner: IndexKey) -> [Member] { members[owner]?.elements ?? [] }
}
