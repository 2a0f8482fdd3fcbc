import Etch
import EtchStore

extension PostgresStoreTransaction {
    /// Applies the `@onDelete` rules of every reference to the objects this transaction
    /// deleted, including objects a rule deletes in turn, then checks the `refuse` rules
    /// against what is left: as the SQLite store does at commit.
    func applyDeleteRules() throws {
        var done: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for deletion in deletions where done.insert("\(deletion.owner.modelName) \(deletion.key)").inserted {
                if try deletion.exists(self) { continue }
                for model in store.models where try model.applyDeleteRules(self, deletion, false) { changed = true }
            }
        }
        var refused: Set<String> = []
        for deletion in deletions where refused.insert("\(deletion.owner.modelName) \(deletion.key)").inserted {
            if try deletion.exists(self) { continue }
            for model in store.models { _ = try model.applyDeleteRules(self, deletion, true) }
        }
    }

    /// Applies the rules of `Member`'s fields that refer to a deleted object: deletes the
    /// members (`cascade`), clears the reference (`nullify`) or refuses (`refuse`).
    ///
    /// - Returns: Whether anything changed (so the caller looks for new deletions).
    func applyDeleteRules<Member: IdentifiedModel>(
        of type: Member.Type, to deletion: PostgresDeletion, refusing: Bool
    ) throws -> Bool {
        let owner = ObjectIdentifier(deletion.owner)
        var changed = false
        for field in Member._schema.fields
        where field.onDelete != .dangle && (field.onDelete == .refuse) == refusing
            && field.referencedModel.map({ ObjectIdentifier($0) }) == owner
        {
            let table = try store.table(of: Member.self)
            var parameters = PostgresParameters()
            let condition = PostgresStore.refersTo(
                Member.self, field: field, ownerIDPath: deletion.ownerIDPath, key: deletion.key,
                parameters: &parameters)
            // Locked, as the transaction's reads are: a member changed concurrently is read as
            // that transaction commits it, and its rule applies to that version.
            let statement = "SELECT object FROM \(table.quotedTable) WHERE \(condition) FOR UPDATE"
            let members = try PostgresModelTable.objects(Member.self, statement, parameters.values, on: connection)
            for member in members.sorted(by: { $0.id.indexKey < $1.id.indexKey }) {
                switch field.onDelete {
                case .dangle:
                    continue
                case .refuse:
                    throw StoreError.deleteRefused(
                        model: deletion.owner.modelName, id: deletion.key.description, referencedBy: Member.modelName,
                        referringID: member.id.indexKey.description, field: field.name)
                case .cascade:
                    try deleteRow(Member.self, id: member.id, old: member)
                case .nullify:
                    try put(try Self.nullifying(field, of: member, removing: deletion), old: .some(member))
                }
                changed = true
            }
        }
        return changed
    }

    /// A member with a deleted owner cleared from a field: an optional reference removed, an
    /// array without the references to it; `@local` values kept.
    static func nullifying<Member: IdentifiedModel>(
        _ field: any _AnyModelField, of member: Member, removing deletion: PostgresDeletion
    ) throws(StoreError) -> Member {
        var dictionary = member.dictionary
        if case .array(let elements)? = dictionary.value(atPath: field.path) {
            dictionary.setValue(
                .array(elements.filter { deletion.key(ofReference: $0) != deletion.key }), atPath: field.path)
        } else {
            dictionary.setValue(nil, atPath: field.path)
        }
        do {
            return try Member(dictionary: dictionary).replacingLocalValues(member.localValues)
        } catch {
            throw StoreError.unwritableObject(
                model: Member.modelName, id: member.id.indexKey.description,
                reason: "clearing '\(field.name)': \(error)")
        }
    }
}

extension PostgresDeletion {
    /// The wire path of the id inside an expanded reference to the owner.
    var ownerIDPath: [String] {
        owner._schema.fields.first { $0.name == "id" }?.path ?? ["id"]
    }

    /// The key of a stored reference to the owner, read as `Ref` reads it.
    func key(ofReference value: ModelValue) -> IndexKey? {
        func read<Owner: IdentifiedModel>(_ type: Owner.Type) -> IndexKey? {
            guard value != .null else { return nil }
            return (try? Ref<Owner>(modelValue: value, context: .standard))?.indexKey
        }
        return read(owner)
    }
}

extension PostgresStore {
    /// SQL that holds for a `Member` whose reference field refers to the owner id `key`:
    /// through the field's column when an `@index` or `@unique` gives it one (its index
    /// serves), else through the stored references (one, or an
    /// array of them).
    static func refersTo<Member: IdentifiedModel>(
        _ member: Member.Type, field: any _AnyModelField, ownerIDPath: [String], key: IndexKey,
        parameters: inout PostgresParameters
    ) -> String {
        if let index = Member._indexes.first(where: { $0.kind != .sorted && $0.value.name == field.name }),
            let indexed = PostgresFieldExpression(index.value.keyPath, of: Member.self), indexed.referenceIDPath != nil,
            let kind = indexed.kind, let typed = indexed.typed, let text = kind.parameter(of: key)
        {
            return "(\(typed)) = \(kind.placeholder(parameters.bind(text)))"
        }
        let text: String
        if case .string(let string) = key { text = string } else { text = key.description }
        return refersTo(path: field.path, ownerIDPath: ownerIDPath, placeholder: parameters.bind(text))
    }

    /// SQL that holds for a row whose reference field at `path` (one reference, or an array
    /// of them) refers to the id whose text is the parameter `placeholder`.
    static func refersTo(path: [String], ownerIDPath: [String], placeholder: String) -> String {
        let json = PostgresModelTable.expression(path)
        let idPath = PostgresFieldExpression.textArray(ownerIDPath)
        return """
            CASE WHEN jsonb_typeof(\(json)) = 'array' \
            THEN EXISTS (SELECT 1 FROM jsonb_array_elements(\(json)) AS reference(value) \
            WHERE COALESCE(reference.value #>> \(idPath), reference.value #>> '{}') = \(placeholder)::text) \
            ELSE COALESCE(COALESCE(\(json) #>> \(idPath), \(json) #>> '{}') = \(placeholder)::text, false) END
            """
    }
}
