extension SchemaComparison.Context {
    /// The changes to an enum that stored raw values cannot take: a raw value no case has
    /// any more reads as the enum's `unknown` case.
    func changes(from old: CheckedEnum, to new: CheckedEnum) -> [Diagnostic] {
        let currentRawValues = Set(new.cases.map(\.rawValue))
        var diagnostics: [Diagnostic] = []
        for oldCase in old.cases where !currentRawValues.contains(oldCase.rawValue) {
            let consequence =
                "stored \"\(oldCase.rawValue)\" values would read as '\(new.name).unknown' (the data keeps them as "
                + "unknown values)"
            if let renamed = new.cases.first(where: { $0.name == oldCase.name }) {
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "raw value of case '\(new.name).\(renamed.name)' changed from \"\(oldCase.rawValue)\" to "
                            + "\"\(renamed.rawValue)\": \(consequence); keep 'case \(renamed.name) = "
                            + "\"\(oldCase.rawValue)\"', or register a migration",
                        at: renamed.location ?? new.location))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "case '\(old.name).\(oldCase.name)' (raw value \"\(oldCase.rawValue)\") was removed: "
                            + "\(consequence); keep the case, or register a migration",
                        at: oldCase.location ?? old.location,
                        notes: [Diagnostic(.note, "'\(new.name)' declared here", at: new.location)]))
            }
        }
        return diagnostics
    }
}
