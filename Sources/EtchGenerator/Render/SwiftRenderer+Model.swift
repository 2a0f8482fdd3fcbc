extension SwiftRenderer {
    func renderModel(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        let access = model.access
        let conformances = model.isIdentifiable ? "ImmutableModel, Identifiable" : "ImmutableModel"
        writer.documentation(model.documentation)
        writer.block("\(access)struct \(model.name): \(conformances) {") { writer in
            writer.line("/// The model's name in the schema.")
            writer.line("\(access)static let modelName = \"\(model.name)\"")
            writer.blankLine()
            writer.line("/// Everything the model holds, declared keys and undeclared ones, as it is serialized.")
            writer.line("\(access)let dictionary: ModelDictionary")
            if !model.localFields.isEmpty {
                writer.blankLine()
                writer.line("/// The `@local` values: never serialized, not part of equality, kept by copies.")
                writer.line("\(access)let localValues: LocalValues")
            }
            renderFields(model, into: &writer)
            renderLocalValues(model, into: &writer)
            renderInitializers(model, into: &writer)
            renderProperties(model, into: &writer)
            renderCopying(model, into: &writer)
        }
        renderConformances(model, into: &writer)
    }

    private func renderFields(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard !model.fields.isEmpty else { return }
        writer.blankLine()
        writer.line("// MARK: - Fields")
        writer.blankLine()
        writer.line("/// The wire keys, conversions and defaults of the declared fields.")
        writer.block("fileprivate enum Fields {") { writer in
            for field in model.fields {
                var arguments = ["\"\(field.name)\"", "key: \(field.wireKeyLiteral)"]
                if let dateFormat = field.dateFormat { arguments.append("dateFormat: \(dateFormat)") }
                if let value = field.defaultValue, value != "nil" { arguments.append("default: \(value)") }
                writer.call("static let \(field.name) = ModelField<\(field.type)>", arguments)
            }
        }
    }

    private func renderLocalValues(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard !model.localFields.isEmpty else { return }
        let access = model.access
        writer.blankLine()
        writer.line("/// The `@local` values of `\(model.name)`.")
        writer.block("\(access)struct LocalValues: Sendable, Hashable {") { writer in
            for field in model.localFields {
                writer.documentation(documentation(of: field))
                writer.line("\(access)var \(field.name): \(field.type)")
            }
            writer.blankLine()
            writer.line("/// Makes local values; the defaults are the schema's.")
            let parameters = model.localFields.map(parameter).joined(separator: ", ")
            writer.block("\(access)init(\(parameters)) {") { writer in
                for field in model.localFields { writer.line("self.\(field.name) = \(field.name)") }
            }
        }
    }

    private func renderInitializers(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        let access = model.access
        let hasLocals = !model.localFields.isEmpty
        writer.blankLine()
        writer.line("// MARK: - Initializers")
        writer.blankLine()
        writer.line("/// Makes a new `\(model.name)`; the defaults are the schema's.")
        let parameters = model.allFields.map(parameter)
        if parameters.isEmpty {
            writer.line("\(access)init() {")
        } else {
            writer.line("\(access)init(")
            writer.indented { writer in
                for (position, text) in parameters.enumerated() {
                    writer.line(text + (position == parameters.count - 1 ? "" : ","))
                }
            }
            writer.line(") {")
        }
        writer.indented { writer in
            writer.line("\(model.fields.isEmpty ? "let" : "var") dictionary = ModelDictionary()")
            for field in model.fields { writer.line("dictionary.set(\(field.name), for: Fields.\(field.name))") }
            if hasLocals {
                let locals = model.localFields.map { "\($0.name): \($0.name)" }.joined(separator: ", ")
                writer.line("self.init(checkedDictionary: dictionary, localValues: LocalValues(\(locals)))")
            } else {
                writer.line("self.init(checkedDictionary: dictionary)")
            }
        }
        writer.line("}")
        writer.blankLine()
        writer.line("/// Makes a new `\(model.name)` from a dictionary, checking every declared field.")
        writer.line("///")
        writer.line("/// - Throws: `ModelError` naming the key path and the expected and found types.")
        writer.block("\(access)init(dictionary: ModelDictionary) throws(ModelError) {") { writer in
            if !model.fields.isEmpty {
                writer.block("do {", closing: "} catch {") { writer in
                    for field in model.fields { writer.line("try dictionary.validate(Fields.\(field.name))") }
                }
                writer.indented { writer in writer.line("throw Self.modelError(error)") }
                writer.line("}")
            }
            writer.line(
                hasLocals
                    ? "self.init(checkedDictionary: dictionary, localValues: LocalValues())"
                    : "self.init(checkedDictionary: dictionary)")
        }
        writer.blankLine()
        writer.line(
            "/// Makes a new `\(model.name)` from a dictionary Etch has already checked, without checking it again.")
        writer.block("\(access)init(checkedDictionary: ModelDictionary, proof: CheckedDictionaryProof) {") { writer in
            writer.line(
                hasLocals
                    ? "self.init(checkedDictionary: checkedDictionary, localValues: LocalValues())"
                    : "self.init(checkedDictionary: checkedDictionary)"
            )
        }
        writer.blankLine()
        if hasLocals {
            writer.block("private init(checkedDictionary: ModelDictionary, localValues: LocalValues) {") { writer in
                writer.line("self.dictionary = checkedDictionary")
                writer.line("self.localValues = localValues")
            }
        } else {
            writer.block("private init(checkedDictionary: ModelDictionary) {") { writer in
                writer.line("self.dictionary = checkedDictionary")
            }
        }
    }

    private func renderProperties(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard !model.allFields.isEmpty else { return }
        writer.blankLine()
        writer.line("// MARK: - Properties")
        for field in model.allFields {
            writer.blankLine()
            writer.documentation(documentation(of: field))
            writer.line("\(model.access)var \(field.name): \(field.type) { \(storage(of: field)) }")
        }
    }

    /// The field's schema documentation, or a line saying where it is stored.
    func documentation(of field: SwiftFieldDescription) -> [String] {
        if !field.documentation.isEmpty { return field.documentation }
        if field.isLocal { return ["The local value `\(field.name)`: kept on this device only, never serialized."] }
        return ["The `\(field.name)` field, stored under the wire key `\(field.wireKey)`."]
    }

    /// How a field's value is read and written inside the model and its `Changes`.
    func storage(of field: SwiftFieldDescription) -> String {
        field.isLocal ? "localValues.\(field.name)" : "dictionary[Fields.\(field.name)]"
    }

    func parameter(_ field: SwiftFieldDescription) -> String {
        "\(field.name): \(field.type)" + (field.parameterDefault.map { " = \($0)" } ?? "")
    }
}
