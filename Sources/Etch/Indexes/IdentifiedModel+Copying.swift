extension IdentifiedModel {
    /// A copy of the model under another id: every other field, the undeclared keys and the
    /// `@local` values as they are.
    ///
    /// `id` is a `let` field, so `copyWith` refuses to change it: an object's identity is
    /// not one of its values. A copy under a new id is another object; in a store,
    /// `tx.insert(copy)` adds it beside the original (an insert of an id the store holds
    /// replaces that object instead, so `tx.insert(original)` never makes a second one).
    ///
    /// ```swift
    /// let draft = try album.copy(id: "b9")
    /// draft.title == album.title                             // true
    /// try await store.write { tx in try tx.insert(draft) }   // a second album
    /// ```
    ///
    /// - Parameter newID: The copy's id.
    /// - Throws: ``ModelError`` when the copy does not pass the model's checks, which a
    ///   generated model's own `ID` type always does.
    public func copy(id newID: ID) throws(ModelError) -> Self {
        var changed = dictionary
        let path = Self._schema.fields.first { $0.name == "id" }?.path ?? ["id"]
        changed.setValue(newID.modelValue, atPath: path)
        return try Self(dictionary: changed).replacingLocalValues(localValues)
    }
}
