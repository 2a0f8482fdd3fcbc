extension SchemaComparison.Context {
    /// Why a field of type `new` cannot read every value stored as `stored`, as the end of a
    /// message; `nil` when it can: the same type, or a wider one.
    func readingProblem(stored: FieldType, as new: FieldType) -> String? {
        if reads(stored, as: new) { return nil }
        if case .enumeration(let oldName) = stored.unwrapped, case .enumeration(let newName) = new.unwrapped,
            let missing = missingRawValues(from: oldName, in: newName), !missing.isEmpty
        {
            let values = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            return "which has no case for \(values): stored values would read as 'unknown' (the data keeps them as "
                + "unknown values); add the cases to '\(newName)', or register a migration"
        }
        return "which cannot read every value stored as '\(stored)'; keep the old type or a wider one "
            + "(such as 'Int' to 'Double', or 'T' to 'T?'), or register a migration that converts the values"
    }

    /// Whether a field of type `new` reads every value stored as `stored`.
    func reads(_ stored: FieldType, as new: FieldType) -> Bool {
        switch (stored, new) {
        case (_, .scalar(.json)):
            return true
        case (.optional(let old), .optional(let new)):
            return reads(old, as: new)
        case (_, .optional(let new)):
            return reads(stored, as: new)
        case (.array(let old), .array(let new)), (.dictionary(let old), .dictionary(let new)):
            return reads(old, as: new)
        case (.scalar(let old), .scalar(let new)):
            return old == new || old.widensTo.contains(new)
        case (.enumeration(let old), .enumeration(let new)):
            return old == new || missingRawValues(from: old, in: new)?.isEmpty == true
        case (.enumeration, .scalar(.string)):
            return true
        case (.model(let old), .model(let new)), (.ref(let old), .ref(let new)):
            return (currentModelNames[old] ?? old) == new
        case (.union(let old), .union(let new)):
            return old == new
        default:
            return false
        }
    }

    /// The raw values of the released enum `old` that the current enum `new` has no case
    /// for, in the released order; `nil` when either is not declared in its schema.
    func missingRawValues(from old: String, in new: String) -> [String]? {
        guard let old = releasedEnums[old], let new = currentEnums[new] else { return nil }
        let current = Set(new.cases.map(\.rawValue))
        return old.cases.map(\.rawValue).filter { !current.contains($0) }
    }
}

extension FieldType {
    /// The type inside an optional, or the type itself.
    var unwrapped: FieldType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }
}

extension ScalarType {
    /// The other scalar types that read every value of this one as the runtime writes it:
    /// integers as wider integers and numbers, `Float` as `Double`, and strings as strings.
    var widensTo: Set<ScalarType> {
        switch self {
        case .int: [.int64, .double, .timeInterval, .decimal]
        case .int64, .uint, .float: [.double, .timeInterval, .decimal]
        case .double: [.timeInterval]
        case .timeInterval: [.double]
        case .url, .uuid, .decimal: [.string]
        case .string, .bool, .date, .data, .json: []
        }
    }
}
