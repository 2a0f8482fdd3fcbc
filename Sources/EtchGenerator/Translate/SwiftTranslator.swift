import EtchSchema

/// The translate stage: turns checked schema declarations into descriptions of Swift
/// declarations, deciding every name, type and expression the renderer writes.
public struct SwiftTranslator: Sendable {
    /// The whole schema, for looking up types declared in other files.
    public var schema: CheckedSchema
    /// The run's settings.
    public var options: GeneratorOptions

    /// Makes a translator.
    public init(schema: CheckedSchema, options: GeneratorOptions) {
        self.schema = schema
        self.options = options
    }

    /// Translates one schema file.
    public func translate(_ file: CheckedFile) -> SwiftFileDescription {
        let sourceName = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let baseName = sourceName.hasSuffix(".etch") ? String(sourceName.dropLast(5)) : sourceName
        return SwiftFileDescription(
            name: baseName + ".swift",
            sourceName: sourceName,
            importedModules: file.importedModules,
            declarations: file.declarations.map { declaration in
                switch declaration {
                case .model(let model): .model(translate(model))
                case .enumeration(let enumeration): .enumeration(translate(enumeration))
                case .union(let union): .union(translate(union))
                }
            }
        )
    }

    func translate(_ model: CheckedModel) -> SwiftModelDescription {
        SwiftModelDescription(
            name: model.name,
            access: options.accessLevel,
            documentation: model.documentation,
            idType: model.idField.map { swiftType($0.type) },
            allFields: model.fields.map(translate),
            relations: model.inverses.map { inverse in
                SwiftRelationDescription(
                    name: SwiftIdentifier(inverse.name), documentation: inverse.documentation, member: inverse.model,
                    via: SwiftIdentifier(inverse.via),
                    order: inverse.orderBy.map { .init(field: SwiftIdentifier($0), isDescending: inverse.isDescending) }
                )
            },
            indexes: model.fields.flatMap(indexes),
            renamedFrom: model.renamedFrom
        )
    }

    /// The indexes a field's attributes declare: `@unique`, `@index`, `@sorted`, in that order.
    func indexes(of field: CheckedField) -> [SwiftIndexDescription] {
        let name = SwiftIdentifier(field.name)
        var result: [SwiftIndexDescription] = []
        if field.isUnique { result.append(SwiftIndexDescription(kind: .unique, field: name)) }
        if field.isIndexed { result.append(SwiftIndexDescription(kind: .index, field: name)) }
        if let sorted = field.sorted {
            result.append(
                SwiftIndexDescription(kind: .sorted, field: name, groupBy: sorted.groupBy.map(SwiftIdentifier.init)))
        }
        return result
    }

    /// The registry of the translated files: every model with an `id`.
    func registry(of files: [SwiftFileDescription]) -> SwiftRegistryDescription {
        let models = files.flatMap(\.declarations).compactMap { declaration -> String? in
            guard case .model(let model) = declaration, model.idType != nil else { return nil }
            return model.name
        }
        return SwiftRegistryDescription(access: options.accessLevel, models: models)
    }

    func translate(_ field: CheckedField) -> SwiftFieldDescription {
        SwiftFieldDescription(
            name: SwiftIdentifier(field.name),
            type: swiftType(field.type),
            documentation: field.documentation,
            wireKey: field.wireKey,
            dateFormat: field.dateFormat == .iso8601 ? nil : field.dateFormat,
            defaultValue: field.defaultValue.map { expression(for: $0, of: field.type) },
            isMutable: field.isMutable,
            isLocal: field.isLocal,
            referencedModel: field.type.referencedModel,
            deleteRule: field.deleteRule == .dangle ? nil : field.deleteRule,
            renamedFrom: field.renamedFrom.map { $0.joined(separator: ".") }
        )
    }

    func translate(_ enumeration: CheckedEnum) -> SwiftEnumDescription {
        SwiftEnumDescription(
            name: enumeration.name,
            access: options.accessLevel,
            documentation: enumeration.documentation,
            cases: enumeration.cases.map {
                .init(name: SwiftIdentifier($0.name), rawValue: $0.rawValue, documentation: $0.documentation)
            }
        )
    }

    func translate(_ union: CheckedUnion) -> SwiftUnionDescription {
        let models = schema.modelsByName
        // Identifiable when every variant has an `id` of one type under the wire key `id`,
        // so an unknown variant's id reads the same way.
        let ids = union.variants.map { models[$0.model]?.idField }
        let idTypes = ids.map { $0?.wireKeyPath == ["id"] ? $0?.type : nil }
        let sharedID: FieldType? = idTypes.first.flatMap { first in idTypes.allSatisfy { $0 == first } ? first : nil }
        return SwiftUnionDescription(
            name: union.name,
            access: options.accessLevel,
            documentation: union.documentation,
            discriminator: union.discriminator,
            variants: union.variants.map {
                .init(name: SwiftIdentifier($0.name), model: $0.model, tag: $0.tag, documentation: $0.documentation)
            },
            idType: sharedID.map(swiftType)
        )
    }

    /// The Swift type of a field type, module-qualified.
    func swiftType(_ type: FieldType) -> SwiftType {
        switch type {
        case .scalar(let scalar): swiftType(scalar)
        case .optional(let wrapped): .optional(swiftType(wrapped))
        case .array(let element): .array(swiftType(element))
        case .dictionary(let value): .dictionary(swiftType(value))
        case .model(let name), .enumeration(let name), .union(let name): .declared(name)
        case .ref(let name): .qualified(module: "Etch", name: "Ref", arguments: [.declared(name)])
        }
    }

    /// The Swift type of a scalar, module-qualified.
    func swiftType(_ scalar: ScalarType) -> SwiftType {
        switch scalar {
        case .string, .int, .int64, .uint, .double, .float, .bool:
            .qualified(module: "Swift", name: scalar.rawValue)
        case .date, .timeInterval, .data, .url, .uuid, .decimal:
            .qualified(module: "Foundation", name: scalar.rawValue)
        case .json:
            .qualified(module: "Etch", name: "JSON")
        }
    }

    /// The Swift expression of a schema default for a field of `type`.
    func expression(for value: DefaultValue, of type: FieldType) -> SwiftExpression {
        switch value {
        case .string(let text): .string(text)
        case .integer(let text): .integer(text)
        case .float(let text): .float(text)
        case .bool(let flag): .bool(flag)
        case .null: .nil
        case .emptyArray: .emptyArray
        case .emptyDictionary: .emptyDictionary
        case .enumCase(let name):
            // Named with its type: the field table holds defaults as optionals, where `.none`
            // would mean `nil`.
            .enumCase(type: type.enumerationName, name: SwiftIdentifier(name))
        }
    }
}

extension FieldType {
    /// The model a `Ref`, `Ref?` or `[Ref]` refers to.
    var referencedModel: String? {
        switch self {
        case .ref(let name), .optional(.ref(let name)), .array(.ref(let name)): name
        default: nil
        }
    }

    /// The enum's name for an enum type or an optional one.
    var enumerationName: String? {
        switch self {
        case .enumeration(let name), .optional(.enumeration(let name)): name
        default: nil
        }
    }
}
