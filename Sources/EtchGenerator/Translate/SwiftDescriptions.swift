import EtchSchema

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
    case union(SwiftUnionDescription)
}

/// A generated model struct, with every name, type and expression already in Swift terms.
public struct SwiftModelDescription: Sendable, Hashable {
    /// The type name.
    public var name: String
    /// The access level of the type and its members.
    public var access: AccessLevel
    /// Documentation lines.
    public var documentation: [String]
    /// The type of the `id` field, when the model has one and so is `Identifiable`.
    public var idType: SwiftType?
    /// Every field, in schema order as the memberwise initializer takes them, `@local` included.
    public var allFields: [SwiftFieldDescription]
    /// The inverse relations.
    public var relations: [SwiftRelationDescription] = []
    /// The `@index`, `@unique` and `@sorted` indexes, in schema order.
    public var indexes: [SwiftIndexDescription] = []
    /// The model's old names, from `@renamed(from:)`.
    public var renamedFrom: [String] = []

    /// The serialized fields.
    public var fields: [SwiftFieldDescription] { allFields.filter { !$0.isLocal } }
    /// The `@local` fields.
    public var localFields: [SwiftFieldDescription] { allFields.filter(\.isLocal) }
    /// The fields that get `copyWith` mutators.
    public var mutableFields: [SwiftFieldDescription] { allFields.filter(\.isMutable) }
}

/// A generated field.
public struct SwiftFieldDescription: Sendable, Hashable {
    /// The Swift name.
    public var name: SwiftIdentifier
    /// The Swift type.
    public var type: SwiftType
    /// Documentation lines.
    public var documentation: [String]
    /// The wire key, dotted for nested paths; empty for local fields.
    public var wireKey: String
    /// The date format when it is not ISO 8601.
    public var dateFormat: DateFormatSpec?
    /// The schema default, if any.
    public var defaultValue: SwiftExpression?
    /// `var` rather than `let`.
    public var isMutable: Bool
    /// `@local`.
    public var isLocal: Bool
    /// For a `Ref` field (optional or in an array): the model it refers to.
    public var referencedModel: String? = nil
    /// For a `Ref` field: `@onDelete`, unless it is the default.
    public var deleteRule: DeleteRuleSpec? = nil
    /// The old wire keys, dotted, from `@renamed(from:)`.
    public var renamedFrom: [String] = []

    /// The memberwise initializer's default argument: the schema default, or `nil` for optionals.
    public var parameterDefault: SwiftExpression? {
        defaultValue ?? (type.isOptional ? .nil : nil)
    }
}

/// An inverse relation: a static `Etch.InverseRelation` on the owning model.
public struct SwiftRelationDescription: Sendable, Hashable {
    /// The relation's name.
    public var name: SwiftIdentifier
    /// Documentation lines.
    public var documentation: [String]
    /// The model whose field refers back.
    public var member: String
    /// That field.
    public var via: SwiftIdentifier
    /// The field the members are ordered by, if any; ties and no order go by id.
    public var order: Order?

    /// The members' order.
    public struct Order: Sendable, Hashable {
        /// The field.
        public var field: SwiftIdentifier
        /// Largest first.
        public var isDescending: Bool
    }
}

/// A generated string enum with an `unknown(String)` case.
public struct SwiftEnumDescription: Sendable, Hashable {
    /// A declared case.
    public struct Case: Sendable, Hashable {
        /// The Swift case name.
        public var name: SwiftIdentifier
        /// The raw value.
        public var rawValue: String
        /// Documentation lines.
        public var documentation: [String]
    }

    /// The type name.
    public var name: String
    /// The access level of the type and its members.
    public var access: AccessLevel
    /// Documentation lines.
    public var documentation: [String]
    /// The declared cases.
    public var cases: [Case]
}

/// A generated union: an enum with one case per variant model and an `unknown` case.
public struct SwiftUnionDescription: Sendable, Hashable {
    /// One variant.
    public struct Variant: Sendable, Hashable {
        /// The Swift case name.
        public var name: SwiftIdentifier
        /// The variant's model type.
        public var model: String
        /// The discriminator's value for this variant.
        public var tag: String
        /// Documentation lines.
        public var documentation: [String]
    }

    /// The type name.
    public var name: String
    /// The access level of the type and its members.
    public var access: AccessLevel
    /// Documentation lines.
    public var documentation: [String]
    /// The wire key whose value names the variant.
    public var discriminator: String
    /// The variants.
    public var variants: [Variant]
    /// The `id` type every variant shares, which makes the union `Identifiable`.
    public var idType: SwiftType?
}

/// An index a model's schema declares: an entry of its `_indexes`.
public struct SwiftIndexDescription: Sendable, Hashable {
    /// What the index answers.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `@index`.
        case index
        /// `@unique`.
        case unique
        /// `@sorted`.
        case sorted
    }

    /// What the index answers.
    public var kind: Kind
    /// The indexed field.
    public var field: SwiftIdentifier
    /// For `@sorted(groupBy:)`: the group field.
    public var groupBy: SwiftIdentifier?
}

/// The registry of one target: its models with an `id`, for a store.
public struct SwiftRegistryDescription: Sendable, Hashable {
    /// The access level of the enum and its list.
    public var access: AccessLevel
    /// The models, in schema order.
    public var models: [String]
}
