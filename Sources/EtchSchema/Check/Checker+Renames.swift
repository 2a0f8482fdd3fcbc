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
    /// `@renamed` already claims.
    mutating func checkModelRenames(_ oldNames: [NameSyntax], of model: NameSyntax) {
        for old in oldNames {
            if old.text == model.text {
                error("'@renamed' names '\(old.text)', the current name of model '\(model.text)'", at: old.location)
            } else if case .model(let other)? = declared[old.text] {
                error(
                    "old name '\(old.text)' of model '\(model.text)' is the name of model '\(old.text)': the objects "
                        + "stored as '\(old.text)' are that model's",
                    at: old.location, notes: [Diagnostic(.note, "'\(old.text)' declared here", at: other.name.location)]
                )
            } else if let earlier = oldModelNames[old.text] {
                error(
                    "old model name '\(old.text)' is named twice by '@renamed'; the objects stored as '\(old.text)' "
                        + "can become one model only",
                    at: old.location, notes: [Diagnostic(.note, "'\(old.text)' first named here", at: earlier)])
            } else {
                oldModelNames[old.text] = old.location
            }
        }
    }

    /// Reports the old wire keys of a model's fields that cannot say where a value was:
    /// the field's own key, another field's current key (the value there is that field's),
    /// or a key another `@renamed` in the model already names.
    mutating func checkFieldRenames(_ fields: [CheckedField], facts: [FieldFacts]) {
        var currentKeys: [String: CheckedField] = [:]
        for field in fields where !field.isLocal && currentKeys[field.wireKey] == nil {
            currentKeys[field.wireKey] = field
        }
        var named: [String: SourceLocation] = [:]
        for (field, fact) in zip(fields, facts) where !field.isLocal {
            for old in fact.oldWireKeys {
                if old.text == field.wireKey {
                    error(
                        "'@renamed' names '\(old.text)', the current wire key of field '\(field.name)'",
                        at: old.location)
                } else if let other = currentKeys[old.text] {
                    error(
                        "old wire key '\(old.text)' of field '\(field.name)' is the wire key of field '\(other.name)': "
                            + "the values stored under '\(old.text)' are that field's",
                        at: old.location,
                        notes: [Diagnostic(.note, "'\(other.name)' declared here", at: other.location)])
                } else if let earlier = named[old.text] {
                    error(
                        "old wire key '\(old.text)' is named twice by '@renamed'; a stored value can become one "
                            + "field's only",
                        at: old.location, notes: [Diagnostic(.note, "'\(old.text)' first named here", at: earlier)])
                } else {
                    named[old.text] = old.location
                }
            }
        }
    }
}

extension String {
    /// The keys of a dotted wire key: `"stats.unread"` is `["stats", "unread"]`.
    var wireKeyPath: [String] { split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
}
