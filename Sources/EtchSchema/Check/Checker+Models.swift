extension Checker {
    /// What the model-wide checks need to know about a field beyond its checked form.
    struct FieldFacts {
        /// Where to report a wire key clash: the `@key`, or the field's name.
        var keyLocation: SourceLocation
        /// The field named by `@sorted(groupBy:)`.
        var groupBy: NameSyntax?
        /// Whether an earlier field has the same name (already reported).
        var isRedeclaration: Bool
        /// The old wire keys of `@renamed(from: …)`, where each is written.
        var oldWireKeys: [NameSyntax] = []
    }

    /// Checks a model and its fields.
    mutating func checkModel(_ model: ModelSyntax, fileKeyStyle: KeyStyle?) -> CheckedModel {
        let modelAttributes = modelAttributes(model.attributes)
        checkModelRenames(modelAttributes.oldNames, of: model.name)
        let keyStyle = modelAttributes.keyStyle ?? fileKeyStyle ?? .camelCase
        var fields: [CheckedField] = []
        var facts: [FieldFacts] = []
        var firstByName: [String: SourceLocation] = [:]
        for field in model.fields {
            checkFieldName(field.name)
            let previous = firstByName[field.name.text]
            if let previous {
                error(
                    "invalid redeclaration of field '\(field.name.text)'", at: field.name.location,
                    notes: [Diagnostic(.note, "'\(field.name.text)' first declared here", at: previous)])
            } else {
                firstByName[field.name.text] = field.name.location
            }
            let (checked, attributes) = checkField(field, keyStyle: keyStyle)
            fields.append(checked)
            facts.append(
                FieldFacts(
                    keyLocation: attributes.key?.location ?? field.name.location, groupBy: attributes.sorted?.groupBy,
                    isRedeclaration: previous != nil, oldWireKeys: attributes.renamed))
        }
        checkWireKeys(fields, facts: facts)
        checkFieldRenames(fields, facts: facts)
        checkGroupBy(fields, facts: facts, model: model.name.text)
        return CheckedModel(
            name: model.name.text, documentation: model.documentation, fields: fields, location: model.name.location,
            renamedFrom: modelAttributes.oldNames.map(\.text))
    }

    /// Checks one field on its own: type, default and attributes.
    mutating func checkField(_ field: FieldSyntax, keyStyle: KeyStyle) -> (CheckedField, FieldAttributes) {
        let name = field.name.text
        let attributes = fieldAttributes(field.attributes)
        let type = resolve(field.type)
        var defaultValue: DefaultValue?
        if let literal = field.defaultValue, let type {
            defaultValue = checkDefault(literal, for: type)
        }
        if attributes.local != nil {
            if field.defaultValue == nil {
                error("'@local' field '\(name)' needs a default value", at: field.name.location)
            }
            for (other, location) in attributes.serializedOnly {
                error("'@\(other)' cannot be combined with '@local': local fields are never serialized", at: location)
            }
        }
        if let type { checkIndexable(type, of: name, attributes: attributes) }
        if let onDelete = attributes.onDelete, let type {
            checkDeleteRule(onDelete.rule, on: type, of: name, at: onDelete.location)
        }
        if name == "id", attributes.local == nil, let type { checkIDType(type, at: field.type.location) }
        var dateFormat = attributes.dateFormat?.spec
        if let format = attributes.dateFormat, let type, !type.containsDate {
            warning("'@dateFormat' has no effect on field '\(name)' of type '\(type)'", at: format.location)
            dateFormat = nil
        }
        let wireKeyPath =
            if attributes.local != nil { [String]() } else { attributes.key?.path ?? [keyStyle.wireKey(for: name)] }
        let checked = CheckedField(
            name: name, documentation: field.documentation, isMutable: field.isMutable, type: type ?? .scalar(.json),
            defaultValue: defaultValue, wireKeyPath: wireKeyPath, isLocal: attributes.local != nil,
            dateFormat: dateFormat, isIndexed: attributes.index != nil, isUnique: attributes.unique != nil,
            sorted: attributes.sorted.map { SortedSpec(groupBy: $0.groupBy?.text) },
            deleteRule: attributes.onDelete?.rule,
            renamedFrom: attributes.local != nil ? [] : attributes.renamed.map { $0.text.wireKeyPath },
            location: field.name.location)
        return (checked, attributes)
    }

    /// Reports `@index`, `@unique` or `@sorted` on a type that cannot be indexed: only
    /// scalars (not `Data` or `JSON`), enums and references, optional or not, have one value
    /// to look up and an order.
    mutating func checkIndexable(_ type: FieldType, of name: String, attributes: FieldAttributes) {
        let indexAttributes = [
            ("index", attributes.index), ("unique", attributes.unique), ("sorted", attributes.sorted?.location),
        ]
        for case (let attribute, let location?) in indexAttributes where !type.isIndexable {
            error(
                "'@\(attribute)' needs a field of a scalar, enum or 'Ref' type, optional or not; "
                    + "'\(name)' is '\(type)', which has no single value to look up",
                at: location)
        }
    }

    /// Reports an `id` whose type cannot identify an object: it must be `String`, `Int`,
    /// `Int64`, `UInt` or `UUID`, and not optional.
    mutating func checkIDType(_ type: FieldType, at location: SourceLocation) {
        switch type {
        case .scalar(.string), .scalar(.int), .scalar(.int64), .scalar(.uint), .scalar(.uuid):
            return
        case .optional(let wrapped):
            error(
                "'id' cannot be optional: every object needs one; write 'let id: \(wrapped)', or name the field "
                    + "differently to keep it optional",
                at: location)
        default:
            error(
                "'id' must be 'String', 'Int', 'Int64', 'UInt' or 'UUID', not '\(type)'; name the field "
                    + "differently to keep this type",
                at: location)
        }
    }
}

extension FieldType {
    /// Whether an index can hold the field's values: one comparable value per object.
    var isIndexable: Bool {
        switch self {
        case .scalar(let scalar):
            switch scalar {
            case .string, .int, .int64, .uint, .double, .float, .bool, .date, .timeInterval, .url, .uuid, .decimal:
                true
            case .data, .json: false
            }
        case .optional(let wrapped): wrapped.isIndexable
        case .enumeration, .ref: true
        case .array, .dictionary, .model, .union: false
        }
    }
}
