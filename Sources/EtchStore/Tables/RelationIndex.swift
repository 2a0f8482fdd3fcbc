import Etch

/// The other side of a reference, kept for an inverse relation: the ids of the members
/// that refer to each owner.
struct RelationIndex<Member: IdentifiedModel>: Sendable {
    /// The owner ids a member refers to, as index keys.
    let ownerKeys: @Sendable (Member) -> [IndexKey]
    /// The member ids by owner id.
    private(set) var members: [IndexKey: Set<IndexKey>] = [:]

    init(ownerKeys: @escaping @Sendable (Member) -> [IndexKey]) {
        self.ownerKeys = ownerKeys
    }

    /// Adds a member under every owner it refers to.
    mutating func insert(_ member: Member, id: IndexKey) {
        for owner in ownerKeys(member) { members[owner, default: []].insert(id) }
    }

    /// Removes a member, as it was when inserted.
    mutating func remove(_ member: Member, id: IndexKey) {
        for owner in ownerKeys(member) {
            members[owner]?.remove(id)
            if members[owner]?.isEmpty == true { members[owner] = nil }
        }
    }

    /// The ids of the members that refer to an owner.
    func memberIDs(of owner: IndexKey) -> Set<IndexKey> { members[owner] ?? [] }
}
