/// Names a schema may not use, because the generated Swift could not use them.
///
/// Swift keywords are fine as field and case names (generated code escapes them with
/// backticks); they are refused only as type names.
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

    /// Member names the generated struct declares itself, or that every model has from
    /// the runtime. Swift keywords are fine: generated code escapes them.
    static let modelMembers: Set<String> = [
        "dictionary", "localValues", "debugDescription", "hashValue", "Changes", "LocalValues", "copyWith",
        "replacingLocalValues", "modelValue", "fieldDescription", "jsonData", "jsonString", "_Fields", "_schema",
        "_state", "_",
    ]

    /// Case names the generated enum declares itself.
    static let enumCases: Set<String> = ["unknown", "rawValue", "allCases", "_"]

    /// Case names the generated union declares itself.
    static let unionCases: Set<String> = [
        "unknown", "discriminator", "dictionary", "id", "localValues", "debugDescription", "hashValue", "_variant",
        "_",
    ]

    /// Type names that would clash with Swift, Foundation or Etch types in generated code.
    static let typeNames: Set<String> = Set(ScalarType.allCases.map(\.rawValue)).union([
        "Any", "AnyObject", "Array", "Character", "Codable", "Comparable", "CustomStringConvertible", "Decodable",
        "Dictionary", "Encodable", "Equatable", "Error", "Hashable", "Identifiable", "Int8", "Int16", "Int32",
        "Never", "Optional", "Result", "Sendable", "Set", "Substring", "UInt8", "UInt16", "UInt32", "UInt64", "Void",
        "Foundation", "Etch", "Swift", "Ref", "ModelUnion", "CopyableModel", "ModelLocalValues", "ModelValue",
        "ModelDictionary", "ModelField", "ModelError", "ModelEnum",
        "ImmutableModel", "ModelValueRepresentable", "ModelValueContext", "NoLocalValues", "DateFormat",
        "KeyPathComponent", "DataSource", "Hasher", "Decoder", "Encoder", "LocalValues", "ID", "Fields", "Changes",
        "CheckedDictionaryProof", "CaseIterable", "KeyValuePairs", "KeyPositionHint", "JSONError", "Date", "Data",
    ])
}
