extension SchemaComparison.Context {
    /// The changes to a model's fields that its stored objects cannot take.
    func changes(from old: CheckedModel, to new: CheckedModel) -> [Diagnostic] {
        var releasedByKey: [[String]: CheckedField] = [:]
        var releasedByName: [String: CheckedField] = [:]
        for field in old.fields where !field.isLocal {
            releasedByKey[field.wireKeyPath] = releasedByKey[field.wireKeyPath] ?? field
            releasedByName[field.name] = releasedByName[field.name] ?? field
        }
        // The stored keys some current field reads: a field whose old key is among them did not lose its values.
        let keysRead = Set(new.fields.filter { !$0.isLocal }.flatMap { [$0.wireKeyPath] + $0.renamedFrom })
        var diagnostics: [Diagnostic] = []
        for field in new.fields where !field.isLocal {
            let name = "'\(new.name).\(field.name)'"
            let previous =
                releasedByKey[field.wireKeyPath] ?? field.renamedFrom.lazy.compactMap { releasedByKey[$0] }.first
            guard let previous else {
                // A field of the same name whose stored key no field reads any more moved its values.
                let moved = releasedByName[field.name].flatMap { keysRead.contains($0.wireKeyPath) ? nil : $0 }
                diagnostics += changes(toNew: field, named: name, movedFrom: moved)
                continue
            }
            diagnostics += changes(from: previous, to: field, named: name)
        }
        return diagnostics
    }

    /// The problems of a field no stored value is under: one that moved its values to a new
    /// wire key (`moved` is its released form), or a new one that stored objects lack.
    func changes(toNew field: CheckedField, named name: String, movedFrom moved: CheckedField?) -> [Diagnostic] {
        if let moved {
            return [
                Diagnostic(
                    .error,
                    "wire key of field \(name) changed from '\(moved.wireKey)' to '\(field.wireKey)', and the values "
                        + "stored under '\(moved.wireKey)' would no longer be read; add "
                        + "'@renamed(from: \"\(moved.wireKey)\")' to the field, or register a migration",
                    at: field.location)
            ]
        }
        if field.isRequired {
            return [
                Diagnostic(
                    .error,
                    "new field \(name) is required, and objects stored without '\(field.wireKey)' cannot be read; give "
                        + "it a default, make it optional ('\(FieldType.optional(field.type))'), or register a "
                        + "migration that sets it",
                    at: field.location)
            ]
        }
        if field.isUnique, let defaultValue = field.defaultValue, defaultValue != .null {
            return [
                Diagnostic(
                    .warning,
                    "new '@unique' field \(name) has a default, which every stored object reads: two stored "
                        + "objects would hold the same value, and the store then refuses to open the file; register a "
                        + "migration that sets distinct values, or give it no default",
                    at: field.location)
            ]
        }
        return []
    }

    /// The changes between a stored field and the field that now reads its values.
    func changes(from old: CheckedField, to new: CheckedField, named name: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func error(_ message: String) { diagnostics.append(Diagnostic(.error, message, at: new.location)) }
        // An absent or null value is the default's business, checked below.
        let storedType = if case .optional(let wrapped) = old.type, !new.type.isOptional { wrapped } else { old.type }
        if let problem = readingProblem(stored: storedType, as: new.type) {
            error("field \(name) changed type from '\(old.type)' to '\(new.type)', \(problem)")
        }
        if new.isRequired, old.type.isOptional {
            error(
                "field \(name) is no longer optional, and objects stored without '\(new.wireKey)' or with null there "
                    + "cannot be read; give it a default, keep it optional, or register a migration that sets it")
        } else if new.isRequired, old.defaultValue != nil {
            error(
                "field \(name) lost its default, and objects stored without '\(new.wireKey)' cannot be read; keep the "
                    + "default, make it optional, or register a migration that sets it")
        }
        let oldFormat = old.dateFormat ?? .iso8601
        let newFormat = new.dateFormat ?? .iso8601
        if old.type.containsDate, new.type.containsDate, oldFormat != newFormat {
            error(
                "field \(name) changed its date format from \(oldFormat.schemaText) to \(newFormat.schemaText), and "
                    + "dates stored as \(oldFormat.schemaText) cannot be read; keep '@dateFormat(\(oldFormat.argument))', "
                    + "or register a migration that rewrites them")
        }
        if new.isUnique, !old.isUnique {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "'@unique' is new on field \(name): stored objects may hold duplicate values, and the store then "
                        + "refuses to open the file; remove the duplicates with a migration first",
                    at: new.location))
        }
        return diagnostics
    }
}

extension CheckedField {
    /// Whether an object must hold a value for the field: it is not optional and has no default.
    var isRequired: Bool { !type.isOptional && defaultValue == nil }
}

extension DateFormatSpec {
    /// The format as `@dateFormat(…)` takes it: a name, or a pattern in quotes.
    var argument: String {
        switch self {
        case .iso8601: "iso8601"
        case .secondsSince1970: "secondsSince1970"
        case .millisecondsSince1970: "millisecondsSince1970"
        case .custom(let pattern): "\"\(pattern)\""
        }
    }

    /// The format as a message names it: `'iso8601'`, or `"yyyy-MM-dd"`.
    var schemaText: String {
        if case .custom = self { return argument }
        return "'\(argument)'"
    }
}
