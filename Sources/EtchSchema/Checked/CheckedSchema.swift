/// A schema that passed every check: what the generator turns into Swift.
///
/// It keeps one entry per input file, because the generator writes one output file per
/// schema file, and types may refer to types declared in any file of the same schema.
public struct CheckedSchema: Sendable, Hashable {
    /// The files, in the order they were given.
    public var files: [CheckedFile]
    /// The schemas of other modules whose types the files may use; not generated again.
    public var imports: [CheckedImport]

    /// Makes a checked schema.
    public init(files: [CheckedFile], imports: [CheckedImport] = []) {
        self.files = files
        self.imports = imports
    }

    /// Every model of every file, by name (imported models not included).
    public var modelsByName: [String: CheckedModel] {
        var result: [String: CheckedModel] = [:]
        for file in files {
            for case .model(let model) in file.declarations { result[model.name] = model }
        }
        return result
    }
}

/// The declarations of one schema file.
public struct CheckedFile: Sendable, Hashable {
    /// The schema file's path.
    public var path: String
    /// Its declarations, in source order.
    public var declarations: [CheckedDeclaration]
    /// The modules whose imported types the declarations use, sorted: the generated file
    /// imports them.
    public var importedModules: [String]

    /// Makes a file.
    public init(path: String, declarations: [CheckedDeclaration], importedModules: [String] = []) {
        self.path = path
        self.declarations = declarations
        self.importedModules = importedModules
    }
}

/// The checked declarations of another module's schema, which a schema's types may use.
public struct CheckedImport: Sendable, Hashable {
    /// The Swift module that declares the generated types.
    public var module: String
    /// Its files.
    public var files: [CheckedFile]

    /// Makes an imported schema.
    public init(module: String, files: [CheckedFile]) {
        self.module = module
        self.files = files
    }
}

/// A declaration of a schema file.
public enum CheckedDeclaration: Sendable, Hashable {
    /// A `model`.
    case model(CheckedModel)
    /// An `enum Name: String`.
    case enumeration(CheckedEnum)
    /// A `union Name(discriminator: "key")`.
    case union(CheckedUnion)
}

/// A checked `union` declaration: models told apart by the value of a discriminator key.
public struct CheckedUnion: Sendable, Hashable {
    /// One variant.
    public struct Variant: Sendable, Hashable {
        /// The Swift case name.
        public var name: String
        /// The variant's model.
        public var model: String
        /// The discriminator's value for this variant.
        public var tag: String
        /// The `///` comment lines.
        public var documentation: [String]
        /// Where the case's name is, when it came from a schema file.
        public var location: SourceLocation?

        /// Makes a variant.
        public init(
            name: String, model: String, tag: String, documentation: [String] = [], location: SourceLocation? = nil
        ) {
            self.name = name
            self.model = model
            self.tag = tag
            self.documentation = documentation
            self.location = location
        }
    }

    /// The type name.
    public var name: String
    /// The `///` comment lines.
    public var documentation: [String]
    /// The wire key whose value names the variant.
    public var discriminator: String
    /// The variants, in source order.
    public var variants: [Variant]
    /// Where the declaration's name is.
    public var location: SourceLocation

    /// Makes a union.
    public init(
        name: String, documentation: [String], discriminator: String, variants: [Variant], location: SourceLocation
    ) {
        self.name = name
        self.documentation = documentation
        self.discriminator = discriminator
        self.variants = variants
        self.location = location
    }
}

/// A checked `model` declaration.
public struct CheckedModel: Sendable, Hashable {
    /// The type name.
    public var name: String
    /// The `///` comment lines, without the slashes and one leading space.
    public var documentation: [String]
    /// The fields in source order, `@local` fields included.
    public var fields: [CheckedField]
    /// Where the declaration's name is.
    public var location: SourceLocation
    /// The inverse relations, in source order.
    public var inverses: [CheckedInverse]
    /// The names the model had before, from `@renamed(from: "Old")`, in the order written:
    /// a store holding objects under one of them reads them as this model.
    public var renamedFrom: [String]

    /// Makes a model.
    public init(
        name: String, documentation: [String], fields: [CheckedField], location: SourceLocation,
        inverses: [CheckedInverse] = [], renamedFrom: [String] = []
    ) {
        self.name = name
        self.documentation = documentation
        self.fields = fields
        self.location = location
        self.inverses = inverses
        self.renamedFrom = renamedFrom
    }

    /// The field named `id`, which makes the model `Identifiable`.
    public var idField: CheckedField? { fields.first { $0.name == "id" && !$0.isLocal } }
}

/// A checked field.
public struct CheckedField: Sendable, Hashable {
    /// The Swift name.
    public var name: String
    /// The `///` comment lines.
    public var documentation: [String]
    /// `var` (gets `copyWith` mutators) rather than `let`.
    public var isMutable: Bool
    /// The field's type.
    public var type: FieldType
    /// The schema default, if any.
    public var defaultValue: DefaultValue?
    /// The wire key path: one key, or the parts of a dotted `@key("a.b")`. Derived from the
    /// name and the key style when no `@key` is given. Empty for `@local` fields.
    public var wireKeyPath: [String]
    /// `@local`: never serialized, not part of equality, carried through copies.
    public var isLocal: Bool
    /// `@dateFormat`, for fields whose type contains `Date`; `nil` means ISO 8601.
    public var dateFormat: DateFormatSpec?
    /// `@index`.
    public var isIndexed: Bool
    /// `@unique`.
    public var isUnique: Bool
    /// `@sorted` or `@sorted(groupBy: field)`.
    public var sorted: SortedSpec?
    /// `@onDelete(rule)` on a reference; `nil` means the default, `dangle`.
    public var deleteRule: DeleteRuleSpec?
    /// The wire key paths the field was stored under before, from `@renamed(from: "old")`:
    /// old wire keys as the data holds them (not old Swift names), split at the dots like
    /// ``wireKeyPath``. Empty for `@local` fields.
    public var renamedFrom: [[String]]
    /// Where the field's name is.
    public var location: SourceLocation

    /// Makes a field.
    public init(
        name: String, documentation: [String] = [], isMutable: Bool, type: FieldType,
        defaultValue: DefaultValue? = nil, wireKeyPath: [String], isLocal: Bool = false,
        dateFormat: DateFormatSpec? = nil, isIndexed: Bool = false, isUnique: Bool = false,
        sorted: SortedSpec? = nil, deleteRule: DeleteRuleSpec? = nil, renamedFrom: [[String]] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.documentation = documentation
        self.isMutable = isMutable
        self.type = type
        self.defaultValue = defaultValue
        self.wireKeyPath = wireKeyPath
        self.isLocal = isLocal
        self.dateFormat = dateFormat
        self.isIndexed = isIndexed
        self.isUnique = isUnique
        self.sorted = sorted
        self.deleteRule = deleteRule
        self.renamedFrom = renamedFrom
        self.location = location
    }

    /// The wire key as written in JSON paths: `stats.unread`.
    public var wireKey: String { wireKeyPath.joined(separator: ".") }
}

/// An inverse relation: `inverse albums: [Album] via artist` in `model Artist`.
public struct CheckedInverse: Sendable, Hashable {
    /// The relation's name.
    public var name: String
    /// The `///` comment lines.
    public var documentation: [String]
    /// The model whose field refers back.
    public var model: String
    /// That field's name.
    public var via: String
    /// That field's type: `Ref<Owner>`, `Ref<Owner>?` or `[Ref<Owner>]`.
    public var viaType: FieldType
    /// The field the members are ordered by, if any (ties and no order: by id).
    public var orderBy: String?
    /// Whether ``orderBy`` runs largest first.
    public var isDescending: Bool
    /// Whether the ``orderBy`` field is optional.
    public var orderByIsOptional: Bool
    /// Where the relation's name is.
    public var location: SourceLocation

    /// Makes an inverse relation.
    public init(
        name: String, documentation: [String] = [], model: String, via: String, viaType: FieldType,
        orderBy: String? = nil, isDescending: Bool = false, orderByIsOptional: Bool = false,
        location: SourceLocation
    ) {
        self.name = name
        self.documentation = documentation
        self.model = model
        self.via = via
        self.viaType = viaType
        self.orderBy = orderBy
        self.isDescending = isDescending
        self.orderByIsOptional = orderByIsOptional
        self.location = location
    }
}

/// What deleting a referenced object does to the objects that refer to it: `@onDelete(…)`.
public enum DeleteRuleSpec: String, Sendable, Hashable, CaseIterable {
    /// Leave the reference dangling (the default).
    case dangle
    /// Clear it: an optional becomes `nil`, an array loses the element.
    case nullify
    /// Delete the referring objects too.
    case cascade
    /// Refuse the delete while anything refers to the object.
    case refuse
}

/// `@sorted` on a field.
public struct SortedSpec: Sendable, Hashable {
    /// The field named by `groupBy:`, if any.
    public var groupBy: String?

    /// Makes the attribute.
    public init(groupBy: String? = nil) {
        self.groupBy = groupBy
    }
}

/// `@dateFormat(…)` on a field.
public enum DateFormatSpec: Sendable, Hashable {
    case iso8601
    case secondsSince1970
    case millisecondsSince1970
    /// A Unicode date pattern such as `"yyyy-MM-dd"`, one that reads back what it writes
    /// (the checker refuses any other).
    case custom(String)
}
