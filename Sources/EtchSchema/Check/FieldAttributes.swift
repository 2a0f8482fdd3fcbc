/// The checked attributes of one field, with where each was written.
struct FieldAttributes {
    /// `@key("a.b")`: the path's components.
    var key: (path: [String], location: SourceLocation)?
    /// `@local`.
    var local: SourceLocation?
    /// `@dateFormat(…)`.
    var dateFormat: (spec: DateFormatSpec, location: SourceLocation)?
    /// `@index`.
    var index: SourceLocation?
    /// `@unique`.
    var unique: SourceLocation?
    /// `@onDelete(rule)` on a reference.
    var onDelete: (rule: DeleteRuleSpec, location: SourceLocation)?
    /// `@sorted` or `@sorted(groupBy: field)`: the field named, if any.
    var sorted: (groupBy: NameSyntax?, location: SourceLocation)?
    /// The old wire keys of every `@renamed(from: …)`, dotted as written, in order.
    var renamed: [NameSyntax] = []
    /// Where the first `@renamed` is.
    var renamedLocation: SourceLocation?

    /// The attributes that cannot be combined with `@local`, with their locations.
    var serializedOnly: [(name: String, location: SourceLocation)] {
        [
            ("key", key?.location), ("index", index), ("unique", unique), ("sorted", sorted?.location),
            ("onDelete", onDelete?.location), ("renamed", renamedLocation),
        ]
        .compactMap { name, location in location.map { (name, $0) } }
    }
}
