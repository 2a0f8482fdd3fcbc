@_spi(EtchCollections) import Etch

extension ModelTable {
    /// The fields of this model that refer to `owner` with a rule other than `dangle`.
    func referringFields(to owner: any IdentifiedModel.Type) -> [any _AnyModelField] {
        Model._schema.fields.filter { field in
            field.onDelete != .dangle && field.referencedModel.map { ObjectIdentifier($0) } == ObjectIdentifier(owner)
        }
    }

    /// Applies each field's `@onDelete` rule to the objects of this model that, as the
    /// transaction sees them, refer to a deleted object: deletes them (`cascade`), clears the
    /// reference (`nullify`) or refuses (`refuse`).
    ///
    /// Refusals are checked in a pass of their own (`refusing`), after every cascade, so
    /// that a delete refused only because of an object a cascade removes goes through
    /// whatever the order of the deletes.
    ///
    /// - Returns: Whether anything was staged (so the caller looks for new deletions).
    func applyDeleteRules(
        owner: any IdentifiedModel.Type, deletedID: IndexKey, refusing: Bool, in transaction: StoreTransaction
    ) throws(StoreError) -> Bool {
        var staged = false
        for field in referringFields(to: owner) where (field.onDelete == .refuse) == refusing {
            let ownerKeys = Self.ownerKeys(of: field, owner: owner)
            let index = relationIndex("field \(field.name)", ownerKeys: ownerKeys)
            var candidates = Set(index.members(of: deletedID).map(\.id.indexKey))
            candidates.formUnion(transaction.stagedIDs(of: Model.self))
            for id in candidates.sorted() {
                guard let member = try transaction.object(id: id, of: Model.self),
                    ownerKeys(member).contains(deletedID)
                else { continue }
                switch field.onDelete {
                case .dangle: continue
                case .refuse:
                    throw StoreError.deleteRefused(
                        model: owner.modelName, id: deletedID.description, referencedBy: Model.modelName,
                        referringID: id.description, field: field.name)
                case .cascade:
                    transaction.stage(nil, for: id, of: Model.self)
                case .nullify:
                    transaction.stage(
                        try Self.nullifying(field, of: member, removing: deletedID, owner: owner), for: id,
                        of: Model.self)
                }
                staged = true
            }
        }
        return staged
    }

    /// The owner ids a member's field holds, as index keys: one for a reference, each
    /// element's for an array of them, none for `nil`.
    static func ownerKeys(of field: any _AnyModelField, owner: any IdentifiedModel.Type)
        -> @Sendable (Model) -> [IndexKey]
    {
        let path = field.path
        return { member in
            switch member.dictionary.value(atPath: path) {
            case .array(let elements)?: elements.compactMap { key(of: $0, owner: owner) }
            case let value?: key(of: value, owner: owner).map { [$0] } ?? []
            case nil: []
            }
        }
    }

    /// The key of a stored reference to an `owner`, read as `Ref` reads it.
    static func key(of value: ModelValue, owner: any IdentifiedModel.Type) -> IndexKey? {
        func read<Owner: IdentifiedModel>(_ type: Owner.Type) -> IndexKey? {
            guard value != .null else { return nil }
            return (try? Ref<Owner>(modelValue: value, context: .standard))?.indexKey
        }
        return read(owner)
    }

    /// A member with a deleted owner cleared from a field: an optional reference removed, an
    /// array without the references to it; `@local` values kept.
    static func nullifying(
        _ field: any _AnyModelField, of member: Model, removing deletedID: IndexKey, owner: any IdentifiedModel.Type
    ) throws(StoreError) -> Model {
        var dictionary = member.dictionary
        if case .array(let elements)? = dictionary.value(atPath: field.path) {
            dictionary.setValue(.array(elements.filter { key(of: $0, owner: owner) != deletedID }), atPath: field.path)
        } else {
            dictionary.setValue(nil, atPath: field.path)
        }
        do {
            return try Model(dictionary: dictionary).replacingLocalValues(member.localValues)
        } catch {
            throw StoreError.unwritableObject(
                model: Model.modelName, id: member.id.indexKey.description, reason: "clearing '\(field.name)': \(error)"
            )
        }
    }
}
