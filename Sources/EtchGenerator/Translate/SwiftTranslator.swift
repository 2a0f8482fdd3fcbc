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
                }
            }
        )
    }

    func translate(_ model: CheckedModel) -> SwiftModelDescription {
        let all = model.fields.map(translate)
        return SwiftModelDescription(
            name: model.name,
            access: options.accessLevel.prefix,
            documentation: model.documentation,
            isIdentifiable: model.idField != nil,
            fields: all.filter { !$0.isLocal },
            localFields: all.filter(\.isLocal),
            allFields: all
        )
    }

    func translate(_ field: CheckedField) -> SwiftFieldDescription {
        let defaultValue = field.defaultValue.map { expression(for: $0) }
        return SwiftFieldDescription(
            name: field.name,
            type: swiftType(field.type),
            documentation: field.documentation,
            wireKey: field.wireKey,
            wireKeyLiteral: stringLiteral(field.wireKey),
            dateFormat: field.dateFormat.flatMap(expression(for:)),
            defaultValue: defaultValue,
            parameterDefault: defaultValue ?? (field.type.isOptional ? "nil" : nil),
            isMutable: field.isMutable,
            isLocal: field.isLocal
        )
    }

    func translate(_ enumeration: CheckedEnum) -> SwiftEnumDescription {
        SwiftEnumDescription(
            name: enumeration.name,
            access: options.accessLevel.prefix,
            documentation: enumeration.documentation,
            cases: enumeration.cases.map {
                .init(name: $0.name, rawValueLiteral: stringLiteral($0.rawValue), documentation: $0.documentation)
            }
        )
    }

    /// The Swift spelling of a field type.
    func swiftType(_ type: FieldType) -> String {
        switch type {
        case .scalar(let scalar): scalar.rawValue
        case .optional(let wrapped): "\(swiftType(wrapped))?"
        case .array(let element): "[\(swiftType(element))]"
        case .dictionary(let value): "[String: \(swiftType(value))]"
        case .model(let name), .enumeration(let name): name
        case .ref(let name): "Ref<\(name)>"
        }
    }

    /// The Swift expression of a schema default.
    func expression(for value: DefaultValue) -> String {
        switch value {
        case .string(let text): stringLiteral(text)
        case .integer(let text), .float(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "nil"
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        case .enumCase(let name): ".\(name)"
        }
    }

    /// The `DateFormat` expression, or `nil` for the ISO 8601 default.
    func expression(for format: DateFormatSpec) -> String? {
        switch format {
        case .iso8601: nil
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        case .custom(let pattern): ".custom(\(stringLiteral(pattern)))"
        }
    }

    /// A Swift string literal with the characters that need it escaped.
    func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}
