/// Names a schema may not use, because the generated Swift could not use them.
///
/// Swift keywords are fine as field and case names (generated code escapes them with
/// backticks); they are refused only as type names.
enum ReservedNames {
    /// Swift's reserved words, refused as type names.
    static var swiftKeywords: Set<String> { SwiftKeyword.spellings }

    /// Contextual words that cannot name a type either: they would read as a modifier.
    static let contextualTypeWords: Set<String> = [
        "any", "some", "each", "async", "sending", "nonisolated", "borrowing", "consuming",
    ]

    /// Names that mean a module in generated code's qualified names (`Etch.Ref`), so no field,
    /// case or type of the model's may take them.
    static let moduleNames: Set<String> = ["Etch", "Swift", "Foundation"]

    /// Field and case names that would name a metatype after a dot (`_Fields.Type`).
    static let metatypeNames: Set<String> = ["Type", "Protocol"]

    /// Member names the generated struct declares itself, or that every model has from
    /// the runtime. Swift keywords are fine: generated code escapes them.
    static let modelMembers: Set<String> = Set([
        "dictionary", "localValues", "debugDescription", "hashValue", "Changes", "LocalValues", "copyWith",
        "replacingLocalValues", "modelValue", "fieldDescription", "jsonData", "jsonString", "_Fields", "_Hints",
        "_schema", "_indexes", "_state", "_",
    ]).union(moduleNames).union(metatypeNames)

    /// Case names the generated enum declares itself.
    static let enumCases: Set<String> = Set(["unknown", "rawValue", "allCases", "RawValue", "AllCases", "_"])
        .union(moduleNames).union(metatypeNames)

    /// Case names the generated union declares itself.
    static let unionCases: Set<String> = Set([
        "unknown", "discriminator", "dictionary", "id", "localValues", "debugDescription", "hashValue", "_variant",
        "_unknown", "_",
    ]).union(moduleNames).union(metatypeNames)

    /// Type names that would clash with Swift, Foundation or Etch types in generated code.
    static let typeNames: Set<String> = Set(ScalarType.allCases.map(\.rawValue)).union(contextualTypeWords).union([
        "Any", "AnyObject", "Array", "Character", "Codable", "Comparable", "CustomStringConvertible", "Decodable",
        "Dictionary", "Encodable", "Equatable", "Error", "Hashable", "Identifiable", "Int8", "Int16", "Int32",
        "Never", "Optional", "Result", "Sendable", "Set", "Substring", "UInt8", "UInt16", "UInt32", "UInt64", "Void",
        "Foundation", "Etch", "Swift", "Ref", "ModelUnion", "CopyableModel", "ModelLocalValues", "ModelValue",
        "ModelDictionary", "ModelField", "ModelError", "ModelEnum",
        "ImmutableModel", "ModelValueRepresentable", "ModelValueContext", "NoLocalValues", "DateFormat",
        "KeyPathComponent", "DataSource", "_Fields", "_Hints", "UnknownVariant", "Hasher", "Decoder", "Encoder",
        "LocalValues",
        "ID", "Fields", "Changes",
        "CheckedDictionaryProof", "CaseIterable", "KeyValuePairs", "KeyPositionHint", "JSONError", "Date", "Data",
        // The registry each target gets, and the runtime protocols and types generated code names.
        "EtchModels", "IdentifiedModel", "ModelIndex", "IndexKey", "IndexableValue",
    ])
}
