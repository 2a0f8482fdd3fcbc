/// Every attribute of the schema language: one exhaustive list, so a new attribute that the
/// checker forgets to handle is a compile error, not a silent fall-through.
enum AttributeName: String, CaseIterable {
    case key
    case local
    case dateFormat
    case index
    case unique
    case sorted
    case onDelete
    case orderBy
    case keyStyle
    case renamed

    /// Whether the attribute belongs on a field (the others go on a model or a file).
    var isFieldAttribute: Bool {
        switch self {
        case .key, .local, .dateFormat, .index, .unique, .sorted, .onDelete, .renamed: true
        case .orderBy, .keyStyle: false
        }
    }

    /// Whether the attribute may be given more than once, each adding to the others.
    var isRepeatable: Bool {
        switch self {
        case .renamed: true
        case .key, .local, .dateFormat, .index, .unique, .sorted, .onDelete, .orderBy, .keyStyle: false
        }
    }
}
