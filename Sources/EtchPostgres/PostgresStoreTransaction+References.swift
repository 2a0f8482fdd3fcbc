import Etch
import EtchStore

extension PostgresStoreTransaction {
    /// Locks (`FOR KEY SHARE`) the objects that `objects` refer to through a field with an
    /// `@onDelete` rule, where the reference is new (`old`, the object of the same position
    /// before, did not make it).
    ///
    /// The `@onDelete` rules of a transaction that deletes an object read, and lock, the
    /// objects referring to it; one that a concurrent transaction writes meanwhile is not
    /// there yet for them to read. With this lock, which the deletion's own row lock
    /// conflicts with, the two take turns: the deletion waits for the writer, then its rules
    /// read the object the writer committed (a `refuse` rule refuses, a `cascade` deletes
    /// it); or the writer waits for the deletion, and then refers to a missing object, as it
    /// would had it run after the deletion. A reference to an object of a model the store
    /// does not hold, or through a field whose rule is `dangle`, locks nothing.
    ///
    /// - Throws: ``PostgresError`` when the server fails the statement.
    func lockReferencedObjects<Model: IdentifiedModel>(of objects: [Model], old: [Model?]) throws {
        for field in Model._schema.fields where field.onDelete != .dangle {
            guard let target = field.referencedModel as? any IdentifiedModel.Type else { continue }
            var references: [ModelValue] = []
            for (position, object) in objects.enumerated() {
                guard let value = object.dictionary.value(atPath: field.path),
                    value != old[position]?.dictionary.value(atPath: field.path)
                else { continue }
                if case .array(let elements) = value { references += elements } else { references.append(value) }
            }
            guard !references.isEmpty else { continue }
            try lock(references, of: target)
        }
    }

    /// Locks the rows of the objects of `Target` that `references` name, `FOR KEY SHARE`.
    private func lock<Target: IdentifiedModel>(_ references: [ModelValue], of type: Target.Type) throws {
        guard let table = try? store.table(of: Target.self) else { return }
        var ids: [String?] = []
        for value in references where value != .null {
            guard let reference = try? Ref<Target>(modelValue: value, context: .standard) else { continue }
            ids.append(try PostgresModelTable.idParameter(of: reference.id, as: Target.self))
        }
        guard !ids.isEmpty else { return }
        try connection.execute(table.keySharingStatement, [PostgresArray.literal(ids)])
    }
}
