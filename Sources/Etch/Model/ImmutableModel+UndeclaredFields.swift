extension ImmutableModel {
    /// The wire keys the model holds that its schema does not declare, with their values,
    /// in the order the model holds them (as they arrived, for a model read from JSON).
    ///
    /// A model keeps every key of the object it was read from, so the fields an API added
    /// since the schema was written survive a round trip; this lists them without knowing
    /// the declared keys. A key counts as declared when a field's wire key is it, or starts
    /// with it for a nested `@key("stats.unread")` field.
    ///
    /// ```swift
    /// // model Issue { let id: Int; var title: String }
    /// let issue = try Issue(jsonData: Data(#"{"id":1,"title":"Crash","locked":false,"labels":[]}"#.utf8))
    /// issue.undeclaredFields.map(\.key)     // ["locked", "labels"]
    /// issue.undeclaredFields[0].value       // .bool(false)
    /// ```
    ///
    /// - Complexity: O(*k*) for *k* keys held.
    public var undeclaredFields: [(key: String, value: ModelValue)] {
        let schema = Self._schema
        let nestedRoots = schema.fields.compactMap { $0.path.count > 1 ? $0.path[0] : nil }
        return dictionary.filter { entry in
            schema.position(ofDeclaredKey: entry.key) == nil && schema.declaredPath(forKey: entry.key) == nil
                && !nestedRoots.contains { WireKey.sameBytes($0, entry.key) }
        }
    }

    /// The wire keys the model holds that its schema does not declare, in the order the
    /// model holds them; see ``undeclaredFields``.
    ///
    /// - Complexity: O(*k*) for *k* keys held.
    public var undeclaredKeys: [String] { undeclaredFields.map(\.key) }
}
