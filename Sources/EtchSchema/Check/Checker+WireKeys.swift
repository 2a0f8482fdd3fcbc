extension Checker {
    /// Reports serialized fields whose wire keys are equal, or where one key path runs
    /// inside another (`stats` and `stats.unread` cannot both be written).
    ///
    /// - Complexity: O(*n*²) in the number of fields.
    mutating func checkWireKeys(_ fields: [CheckedField], facts: [FieldFacts]) {
        for (index, field) in fields.enumerated() where !field.isLocal && !facts[index].isRedeclaration {
            for (earlierIndex, earlier) in fields[..<index].enumerated()
            where !earlier.isLocal && !facts[earlierIndex].isRedeclaration {
                let problem: String
                if field.wireKeyPath == earlier.wireKeyPath {
                    problem =
                        "wire key '\(field.wireKey)' of field '\(field.name)' is already used by field '\(earlier.name)'"
                } else if field.wireKeyPath.starts(with: earlier.wireKeyPath)
                    || earlier.wireKeyPath.starts(with: field.wireKeyPath)
                {
                    problem =
                        "wire key '\(field.wireKey)' of field '\(field.name)' overlaps wire key '\(earlier.wireKey)' "
                        + "of field '\(earlier.name)': one is inside the other"
                } else {
                    continue
                }
                error(
                    problem, at: facts[index].keyLocation,
                    notes: [Diagnostic(.note, "'\(earlier.name)' declared here", at: earlier.location)])
                break
            }
        }
    }

    /// Checks that `@sorted(groupBy:)` names another serialized field of the same model.
    mutating func checkGroupBy(_ fields: [CheckedField], facts: [FieldFacts], model: String) {
        for (field, fact) in zip(fields, facts) {
            guard let groupBy = fact.groupBy else { continue }
            guard let target = fields.first(where: { $0.name == groupBy.text }) else {
                error(
                    Suggestion.message(
                        "'@sorted(groupBy:)' names '\(groupBy.text)', which is not a field of model '\(model)'",
                        for: groupBy.text, among: fields.map(\.name)),
                    at: groupBy.location)
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
