/// The other side of a reference: the `Member` objects whose `Ref` field refers to an `Owner`,
/// declared in the owner's schema with `inverse`.
///
/// ```
/// model Artist {
///     let id: String
///     @orderBy(year, descending)
///     inverse albums: [Album] via artist
/// }
/// ```
///
/// The generator makes one static value per declaration (`Artist.albums`); a store keeps an
/// index on the reference, so reading the relation costs O(k) for k members.
public struct InverseRelation<Owner: ImmutableModel & Identifiable, Member: ImmutableModel & Identifiable>: Sendable
where Owner.ID: ModelValueRepresentable & Sendable {
    /// The relation's name in the owner's schema, such as `albums`.
    public let name: String
    /// The name of the member's field that refers to the owner, such as `artist`.
    public let field: String
    /// The members' order; ties, and an empty order, go by id.
    public let order: [SortKey<Member>]
    /// The ids of the owners a member refers to through ``field``.
    public let ownerIDs: @Sendable (Member) -> [Owner.ID]

    /// A relation through a `Ref<Owner>` field.
    public init(
        _ name: String, via field: String, _ path: KeyPath<Member, Ref<Owner>> & Sendable,
        order: [SortKey<Member>] = []
    ) {
        self.init(name, field: field, order: order) { [$0[keyPath: path].id] }
    }

    /// A relation through an optional `Ref<Owner>?` field.
    public init(
        _ name: String, via field: String, _ path: KeyPath<Member, Ref<Owner>?> & Sendable,
        order: [SortKey<Member>] = []
    ) {
        self.init(name, field: field, order: order) { $0[keyPath: path].map { [$0.id] } ?? [] }
    }

    /// A relation through a `[Ref<Owner>]` field: a member may belong to several owners.
    public init(
        _ name: String, via field: String, _ path: KeyPath<Member, [Ref<Owner>]> & Sendable,
        order: [SortKey<Member>] = []
    ) {
        self.init(name, field: field, order: order) { $0[keyPath: path].map { $0.id } }
    }

    private init(
        _ name: String, field: String, order: [SortKey<Member>], ownerIDs: @escaping @Sendable (Member) -> [Owner.ID]
    ) {
        self.name = name
        self.field = field
        self.order = order
        self.ownerIDs = ownerIDs
    }
}
