/// The type of a checked field.
public indirect enum FieldType: Sendable, Hashable, CustomStringConvertible {
    /// A built-in scalar such as `String` or `Date`.
    case scalar(ScalarType)
    /// `T?`
    case optional(FieldType)
    /// `[T]`
    case array(FieldType)
    /// `[String: T]`
    case dictionary(FieldType)
    /// A model declared in the schema, stored inline.
    case model(String)
    /// An enum declared in the schema.
    case enumeration(String)
    /// `Ref<Model>`: stored as the referenced model's id.
    case ref(String)
    /// A union declared in the schema, stored inline with its discriminator.
    case union(String)

    /// The type as written in Swift and in the schema.
    public var description: String {
        switch self {
        case .scalar(let scalar): scalar.rawValue
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        case .model(let name), .enumeration(let name), .union(let name): name
        case .ref(let name): "Ref<\(name)>"
        }
    }

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether the type has a `Date` anywhere inside it.
    public var containsDate: Bool {
        switch self {
        case .scalar(let scalar): scalar == .date
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.containsDate
        case .model, .enumeration, .ref, .union: false
        }
    }
}

/// The built-in scalar types of the schema language.
public enum ScalarType: String, Sendable, Hashable, CaseIterable {
    case string = "String"
    case int = "Int"
    case int64 = "Int64"
    case uint = "UInt"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    case date = "Date"
    case timeInterval = "TimeInterval"
    case data = "Data"
    case url = "URL"
    case uuid = "UUID"
    case decimal = "Decimal"
    case json = "JSON"
}

/// A default value from the schema, already checked against its field's type.
public enum DefaultValue: Sendable, Hashable {
    /// A string literal, unescaped.
    case string(String)
    /// An integer literal, as written (it may exceed `Int64`, for `UInt`).
    case integer(String)
    /// A floating-point literal, as written.
    case float(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `nil`.
    case null
    /// `[]`.
    case emptyArray
    /// `[:]`.
    case emptyDictionary
    /// `.caseName`.
    case enumCase(String)
}

/// A checked `enum Name: String`.
public struct CheckedEnum: Sendable, Hashable {
    /// The type name.
    public var name: String
    /// The `///` comment lines.
    public var documentation: [String]
    /// The cases, in source order.
    public var cases: [CheckedEnumCase]
    /// Where the declaration's name is.
    public var location: SourceLocation

    /// Makes an enum.
    public init(name: String, documentation: [String], cases: [CheckedEnumCase], location: SourceLocation) {
        self.name = name
        self.documentation = documentation
        self.cases = cases
        self.location = location
    }
}

/// One case of a checked enum.
public struct CheckedEnumCase: Sendable, Hashable {
    /// The Swift case name.
    public var name: String
    /// The raw value: the explicit one, or the name.
    public var rawValue: String
    /// The `///` comment lines.
    public var documentation: [String]
    /// Where the case's name is, when it came from a schema file.
    public var location: SourceLocation?

    /// Makes a case.
    public init(name: String, rawValue: String, documentation: [String] = [], location: SourceLocation? = nil) {
        self.name = name
        self.rawValue = rawValue
        self.documentation = documentation
        self.location = location
    }
}
