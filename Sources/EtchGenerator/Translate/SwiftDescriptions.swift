/// A Swift file to render: the translate stage's output, the render stage's input.
public struct SwiftFileDescription: Sendable, Hashable {
    /// The output file name, such as `User.swift`.
    public var name: String
    /// The schema file it comes from, named in the header comment.
    public var sourceName: String
    /// The modules of imported schema types that the declarations use, imported in the header.
    public var importedModules: [String] = []
    /// The declarations, in schema order.
    public var declarations: [SwiftDeclaration]
}

/// A declaration of a generated file.
public enum SwiftDeclaration: Sendable, Hashable {
    case model(SwiftModelDescription)
    case enumeration(SwiftEnumDescription)
}

/// A generated model struct, with every name and expression already in Swift terms.
public struct SwiftModelDescription: Sendable, Hashable {
    /// The type name.
    public var name: String
    /// The access keyword with a trailing space, or empty for `internal`.
    public var access: String
    /// Documentation lines.
    public var documentation: [String]
    /// Whether the model has an `id` and so conforms to `Identifiable`.
    public var isIdentifiable: Bool
    /// The serialized fields.
    public var fields: [SwiftFieldDescription]
    /// The `@local` fields.
    public var localFields: [SwiftFieldDescription]

    /// Every field, in schema order as the memberwise initializer takes them.
    public var allFields: [SwiftFieldDescription]

    /// The fields that get `copyWith` mutators.
    public var mutableFields: [SwiftFieldDescription] { allFields.filter(\.isMutable) }
}

/// A generated field.
public struct SwiftFieldDescription: Sendable, Hashable {
    /// The Swift name.
    public var name: String
    /// The Swift type, such as `[Ref<User>]` or `Date?`.
    public var type: String
    /// Documentation lines.
    public var documentation: [String]
    /// The wire key, dotted for nested paths; empty for local fields.
    public var wireKey: String
    /// The wire key as a Swift string literal, escaped.
    public var wireKeyLiteral: String
    /// The `DateFormat` expression when it is not ISO 8601, such as `.secondsSince1970`.
    public var dateFormat: String?
    /// The schema default as a Swift expression, if any.
    public var defaultValue: String?
    /// The memberwise initializer's default argument: the schema default, or `nil` for optionals.
    public var parameterDefault: String?
    /// `var` rather than `let`.
    public var isMutable: Bool
    /// `@local`.
    public var isLocal: Bool
}

/// A generated string enum with an `unknown(String)` case.
public struct SwiftEnumDescription: Sendable, Hashable {
    /// A declared case.
    public struct Case: Sendable, Hashable {
        /// The Swift case name.
        public var name: String
        /// The raw value as a Swift string literal.
        public var rawValueLiteral: String
        /// Documentation lines.
        public var documentation: [String]
    }

    /// The type name.
    public var name: String
    /// The access keyword with a trailing space, or empty for `internal`.
    public var access: String
    /// Documentation lines.
    public var documentation: [String]
    /// The declared cases.
    public var cases: [Case]
}
