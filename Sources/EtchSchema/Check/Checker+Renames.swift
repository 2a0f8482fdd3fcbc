extension Checker {
    /// The attributes of a model: its key style, and the old names of `@renamed(from: …)`.
    mutating func modelAttributes(_ attributes: [AttributeSyntax]) -> (keyStyle: KeyStyle?, oldNames: [NameSyntax]) {
        let renamed = AttributeName.renamed.rawValue
        var oldNames: [NameSyntax] = []
        for attribute in attributes where attribute.name.text == renamed {
            oldNames += self.oldNames(attribute, areWireKeys: false)
        }
        return (keyStyle(from: attributes.filter { $0.name.text != renamed }, on: "a model"), oldNames)
    }

    /// Reports the old names of a model that cannot say where its objects were: its own
    /// name, another model's name (those objects are that model's), or a name another
    /// `@renamed` in the schema already claims.
    mutating func checkModelRenames(_ oldNames: [NameSyntax], of model: NameSyntax) {
        let renaming = Renaming(owner: "model '\(model.text)'", current: model.text, isWireKey: false)
        var claimed = oldModelNames
        for old in oldNames {
            var holder: (String, SourceLocation)?
            if case .model(let other)? = declared[old.text] { holder = (old.text, other.name.location) }
            checkOldName(old, of: renaming, heldBy: holder, claimed: &claimed)
        }
        oldModelNames = claimed
    }

    /// Reports the old wire keys of a model's fields that cannot say where a value was:
    /// the field's own key, another field's current key (the value there is that field's),
    /// or a key another `@renamed` in the model already names.
    mutating func checkFieldRenames(_ fields: [CheckedField], facts: [FieldFacts]) {
        var currentKeys: [String: CheckedField] = [:]
        for field in fields where !field.isLocal && currentKeys[field.wireKey] == nil {
            currentKeys[field.wireKey] = field
        }
        var claimed: [String: SourceLocation] = [:]
        for (field, fact) in zip(fields, facts) where !field.isLocal {
            let renaming = Renaming(owner: "field '\(field.name)'", current: field.wireKey, isWireKey: true)
            for old in fact.oldWireKeys {
                let holder = currentKeys[old.text].map { ($0.name, $0.location) }
                checkOldName(old, of: renaming, heldBy: holder, claimed: &claimed)
            }
        }
    }

    /// A field or a model that `@renamed` gives old names, as the messages name it.
    struct Renaming {
        /// `field 'name'` or `model 'Name'`.
        var owner: String
        /// The field's wire key, or the model's name.
        var current: String
        /// Whether the old names are wire keys (of a field) rather than model names.
        var isWireKey: Bool

        var what: String { isWireKey ? "wire key" : "name" }
        var stored: String { isWireKey ? "values stored under" : "objects stored as" }
        var kind: String { isWireKey ? "field" : "model" }
    }

    /// Reports an old name that is the owner's current one, another field's or model's
    /// current one (`holder`'s, with where it is declared), or one claimed before; else
    /// claims it.
    mutating func checkOldName(
        _ old: NameSyntax, of renaming: Renaming, heldBy holder: (name: String, location: SourceLocation)?,
        claimed: inout [String: SourceLocation]
    ) {
        let what = renaming.what
        if old.text == renaming.current {
            error("'@renamed' names '\(old.text)', the current \(what) of \(renaming.owner)", at: old.location)
        } else if let holder {
            error(
                "old \(what) '\(old.text)' of \(renaming.owner) is the \(what) of \(renaming.kind) '\(holder.name)': "
                    + "the \(renaming.stored) '\(old.text)' are that \(renaming.kind)'s",
                at: old.location, notes: [Diagnostic(.note, "'\(holder.name)' declared here", at: holder.location)])
        } else if let earlier = claimed[old.text] {
            error(
                "old \(what) '\(old.text)' is named twice by '@renamed'; the \(renaming.stored) '\(old.text)' can "
                    + "become one \(renaming.kind)'s only",
                at: old.location, notes: [Diagnostic(.note, "'\(old.text)' first named here", at: earlier)])
        } else {
            claimed[old.text] = old.location
        }
    }
}

extension String {
    /// The keys of a dotted wire key: `"stats.unread"` is `["stats", "unread"]`.
    var wireKeyPath: [String] { split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
}
