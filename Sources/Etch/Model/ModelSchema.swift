/// A generated model's name and field table: what the runtime needs to validate, print and
/// protect any model the same way. Generated code makes one per model; it is not user API.
///
/// A class, so reading a model's schema (once per key a `Decoder` lists) retains one
/// reference rather than copying each of its arrays.
public final class _ModelSchema: Sendable {
    /// The model's name in the schema.
    public let name: String
    /// The declared, serialized fields, in schema order.
    public let fields: [any _AnyModelField]
    /// The names the model had before, from the schema's `@renamed(from: "Old")`, in the
    /// order the schema gives them: a store holding objects under one of these names reads
    /// them as this model.
    public let renamedFrom: [String]

    /// The fields as a `Decoder` reads them; see ``ModelCodingTable``.
    let codingTable: ModelCodingTable
    /// The coding table's key index, unretained: the table keeps it as long as the schema
    /// lives, and ``ModelCodingKey`` reads it once per key a `Decoder` lists, where
    /// retaining and releasing it cost more than the lookup.
    private let unretainedKeyIndex: Unmanaged<ModelKeyIndex>

    /// Makes a model's field table.
    ///
    /// - Parameters:
    ///   - name: The model's name in the schema.
    ///   - fields: The declared, serialized fields, in schema order.
    ///   - renamedFrom: The model's old names, from `@renamed(from:)`.
    public init(_ name: String, fields: [any _AnyModelField], renamedFrom: [String] = []) {
        self.name = name
        self.fields = fields
        self.renamedFrom = renamedFrom
        self.codingTable = ModelCodingTable(fields: fields)
        self.unretainedKeyIndex = Unmanaged.passUnretained(codingTable.index)
    }

    /// The position among the coding table's fields of the one whose key has `key`'s bytes,
    /// if one is declared.
    func position(ofDeclaredKey key: String) -> Int? {
        unretainedKeyIndex._withUnsafeGuaranteedRef { $0.position(ofKey: key) }
    }

    /// Checks every declared field.
    ///
    /// - Throws: ``ModelError`` for the first field that does not fit, with its key path.
    @inlinable
    public func validate(_ dictionary: ModelDictionary) throws(ModelError) {
        for field in fields { try field.validate(in: dictionary) }
    }

    /// The first `let` field whose value, as it reads, differs between two checked dictionaries.
    func changedImmutableField(from old: ModelDictionary, to new: ModelDictionary) -> (any _AnyModelField)? {
        fields.first { !$0.isMutable && !$0.storesSameValue(in: old, as: new) }
    }

    /// The path of the declared field whose whole wire key is `key`, such as `["stats", "unread"]`
    /// for `"stats.unread"`; `nil` when no field declares that key.
    func declaredPath(forKey key: String) -> [String]? {
        for field in fields where field.path.count > 1 && WireKey.sameBytes(field.path.joined(separator: "."), key) {
            return field.path
        }
        return nil
    }
}

/// A ``ModelField`` of any value type, as a model's field table holds it. Class-bound, so
/// the table holds one reference per field rather than a boxed existential.
public protocol _AnyModelField: AnyObject, Sendable {
    /// The Swift name.
    var name: String { get }
    /// The wire key path.
    var path: [String] { get }
    /// A `var` field.
    var isMutable: Bool { get }
    /// For a `Ref` field (optional or in an array): the model it refers to.
    var referencedModel: (any ImmutableModel.Type)? { get }
    /// For a `Ref` field: what deleting the referenced object does.
    var onDelete: DeleteRule { get }
    /// The old wire keys, dotted like the key, from the schema's `@renamed(from:)`; see
    /// ``ModelField/renamedFrom``.
    var renamedFrom: [String] { get }
    /// The field's Swift value type as the runtime names it, such as `"Int"`,
    /// `"Optional<String>"` or `"Array<Ref<User>>"` (no module names): with ``path`` and
    /// ``hasDefault``, what a store records to describe the schema a file was written with.
    var valueTypeName: String { get }
    /// Whether the schema gives the field a default, which reads when its key is absent
    /// (`= nil` on an optional is no default: an absent optional reads as `nil` anyway).
    var hasDefault: Bool { get }
    /// Checks the field's value in a dictionary.
    func validate(in dictionary: ModelDictionary) throws(ModelError)
    /// The field's value in a checked dictionary, as a description shows it.
    func describe(in dictionary: ModelDictionary) -> String
    /// Whether two checked dictionaries hold the same value for this field, as it reads.
    func storesSameValue(in first: ModelDictionary, as second: ModelDictionary) -> Bool
}

extension ModelField: _AnyModelField {
    /// The value type as the runtime names it: `String(describing: Value.self)`, such as
    /// `"Optional<String>"`.
    public var valueTypeName: String { String(describing: Value.self) }

    /// Whether the schema gives the field a default.
    public var hasDefault: Bool { defaultValue != nil }

    /// Checks the field's value in a dictionary; see ``ModelDictionary/validate(_:)``.
    public func validate(in dictionary: ModelDictionary) throws(ModelError) {
        try operations.validate(dictionary, self)
    }

    /// The field's value in a checked dictionary, as a description shows it.
    public func describe(in dictionary: ModelDictionary) -> String {
        operations.describe(dictionary, self)
    }

    /// Whether two checked dictionaries hold the same value for this field, as it reads.
    public func storesSameValue(in first: ModelDictionary, as second: ModelDictionary) -> Bool {
        operations.storesSameValue(first, second, self)
    }
}
