import Etch
import EtchStore

extension PostgresStore {
    /// The members of an inverse relation: the objects whose reference field refers to the
    /// owner, in the relation's declared order (ties, and no order, by id).
    ///
    /// The statement finds the members through the reference field's column when an
    /// `@index` gives it one (else through the stored references, one or an array of them); the
    /// order is applied in Swift, as the SQLite store's relation index applies it.
    ///
    /// ```swift
    /// try await store.related(Artist.albums, of: "a1")
    /// ```
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)`` for a type the store was not made
    ///   with; ``PostgresError`` when the server fails.
    public func related<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of ownerID: Owner.ID
    ) async throws -> [Member] {
        let table = try table(of: Member.self)
        _ = try self.table(of: Owner.self)
        let key = ownerID.indexKey
        var members: [Member]
        if let field = Member._schema.fields.first(where: { $0.name == relation.field }) {
            var parameters = PostgresParameters()
            let condition = Self.refersTo(
                Member.self, field: field, ownerIDPath: Owner._schema.fields.first { $0.name == "id" }?.path ?? ["id"],
                key: key, parameters: &parameters)
            members = try await objects(
                Member.self, "SELECT object FROM \(table.quotedTable) WHERE \(condition)", parameters.values)
        } else {
            members = try await allObjects(Member.self)
        }
        let ownerIDs = relation.ownerIDs
        members = members.filter { ownerIDs($0).contains { $0.indexKey == key } }
        let order = ElementOrder(keys: relation.order)
        return members.sorted { first, second in
            switch order.compareKeys(first, second) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: first.id.indexKey < second.id.indexKey
            }
        }
    }
}
