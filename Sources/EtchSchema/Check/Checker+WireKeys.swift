extension Checker {
    /// Reports serialized fields whose wire keys are equal, or where one key path runs
    /// inside another (`stats` and `stats.unread` cannot both be written), naming the first
    /// earlier field each clashes with.
    ///
    /// - Complexity: O(*n*) in the number of key path components of the fields.
    mutating func checkWireKeys(_ fields: [CheckedField], facts: [FieldFacts]) {
        var paths = WireKeyTrie()
        for (index, field) in fields.enumerated() where !field.isLocal && !facts[index].isRedeclaration {
            if let earlierIndex = paths.firstClash(with: field.wireKeyPath) {
                let earlier = fields[earlierIndex]
                let problem =
                    if field.wireKeyPath == earlier.wireKeyPath {
                        "wire key '\(field.wireKey)' of field '\(field.name)' is already used by field '\(earlier.name)'"
                    } else {
                        "wire key '\(field.wireKey)' of field '\(field.name)' overlaps wire key '\(earlier.wireKey)' "
                            + "of field '\(earlier.name)': one is inside the other"
                    }
                error(
                    problem, at: facts[index].keyLocation,
                    notes: [Diagnostic(.note, "'\(earlier.name)' declared here", at: earlier.location)])
            }
            paths.insert(field.wireKeyPath, index: index)
        }
    }

    /// Checks that `@sorted(groupBy:)` names another serialized field of the same model.
    mutating func checkGroupBy(_ fields: [CheckedField], facts: [FieldFacts], model: String) {
        guard facts.contains(where: { $0.groupBy != nil }) else { return }
        var byName: [String: CheckedField] = [:]
        for field in fields where byName[field.name] == nil { byName[field.name] = field }
        var suggestions: SuggestionIndex?
        for (field, fact) in zip(fields, facts) {
            guard let groupBy = fact.groupBy else { continue }
            guard let target = byName[groupBy.text] else {
                if suggestions == nil { suggestions = SuggestionIndex(fields.map(\.name)) }
                let message = "'@sorted(groupBy:)' names '\(groupBy.text)', which is not a field of model '\(model)'"
                error(suggestions?.message(message, for: groupBy.text) ?? message, at: groupBy.location)
                continue
            }
            if target.name == field.name {
                error("field '\(field.name)' cannot be grouped by itself", at: groupBy.location)
            } else if target.isLocal {
                error("'@sorted(groupBy:)' cannot name '@local' field '\(target.name)'", at: groupBy.location)
            }
        }
    }
}
