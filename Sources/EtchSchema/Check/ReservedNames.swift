/// Names a schema may not use, because the generated Swift could not use them as they are.
///
/// The schema refuses them rather than escaping them, which keeps the generated code plain.
enum ReservedNames {
    /// Swift's reserved words: keywords in declarations, statements and expressions.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol",
    ]

    /// Member names the generated struct declares itself.
    static let modelMembers: Set<String> = [
        "dictionary", "localValues", "description", "hashValue", "modelName", "Fields", "Changes", "LocalValues",
        "copyWith", "replacingLocalValues", "modelValue", "typeDescription", "fieldDescription", "modelError",
    ]

    /// Case names the generated enum declares itself.
    static let enumCases: Set<String> = ["unknown", "rawValue", "allCases"]

    /// Type names that would clash with Swift, Foundation or Etch types in generated code.
    static let typeNames: Set<String> = Set(ScalarType.allCases.map(\.rawValue)).union([
        "Any", "AnyObject", "Array", "Character", "Codable", "Comparable", "CustomStringConvertible", "Decodable",
        "Dictionary", "Encodable", "Equatable", "Error", "Hashable", "Identifiable", "Int8", "Int16", "Int32",
        "Never", "Optional", "Result", "Sendable", "Set", "Substring", "UInt8", "UInt16", "UInt32", "UInt64", "Void",
        "Foundation", "Etch", "Ref", "ModelValue", "ModelDictionary", "ModelField", "ModelError", "ModelEnum",
        "ImmutableModel", "ModelValueRepresentable", "ModelValueContext", "NoLocalValues", "DateFormat",
        "KeyPathComponent", "DataSource", "Hasher", "Decoder", "Encoder", "LocalValues", "ID", "Fields", "Changes",
        "CheckedDictionaryProof", "CaseIterable", "KeyValuePairs", "KeyPositionHint", "JSONError", "Date", "Data",
    ])
}
