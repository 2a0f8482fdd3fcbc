extension SwiftRenderer {
    func renderModel(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        let access = model.access.prefix
        let base = model.mutableFields.isEmpty ? "Etch.ImmutableModel" : "Etch.CopyableModel"
        let conformances = model.idType == nil ? base : base + ", Etch.IdentifiedModel"
        let localValues = model.localFields.isEmpty ? "Etch.NoLocalValues" : "LocalValues"
        writer.documentation(model.documentation)
        writer.block("\(access)struct \(model.name): \(conformances) {") { writer in
            writer.line("/// Everything the model holds, declared keys and undeclared ones, as it is serialized.")
            writer.line("\(access)let dictionary: Etch.ModelDictionary")
            if !model.localFields.isEmpty {
                writer.blankLine()
                writer.line("/// The `@local` values: never serialized, not part of equality, kept by copies.")
                writer.line("\(access)let localValues: LocalValues")
            }
            writer.blankLine()
            writer.line("/// The model's name and field table, for Etch.")
            let fieldTable = model.fields.map { "_Fields.\($0.name)" }
            let head = "\(access)static let _schema = Etch._ModelSchema("
            let name = Self.literal(model.name)
            // Only when the schema renames the model, so other models' code stays as it was.
            let renamed = model.renamedFrom.isEmpty ? "" : ", renamedFrom: " + Self.literal(model.renamedFrom)
            if (head + name + ", fields: [" + fieldTable.joined(separator: ", ") + "]" + renamed + ")").count + 4
                <= CodeWriter.lineLength
            {
                writer.line(head + name + ", fields: [" + fieldTable.joined(separator: ", ") + "]" + renamed + ")")
            } else {
                // As swift-format lays out a call whose array does not fit on one line.
                writer.line(head)
                writer.indented { writer in
                    writer.line(name + ",")
                    writer.line("fields: [")
                    writer.indented { writer in for entry in fieldTable { writer.line(entry + ",") } }
                }
                writer.line("    ]" + renamed + ")")
            }
            renderIndexes(model, into: &writer)
            renderFieldNames(model, into: &writer)
            writer.blankLine()
            writer.line("/// Makes a model from storage Etch has checked.")
            writer.call(
                "\(access)init",
                [
                    "_checkedDictionary dictionary: Etch.ModelDictionary", "localValues: \(localValues)",
                    "proof: Etch._CheckedProof",
                ], closing: " {")
            writer.indented { writer in
                writer.line("self.dictionary = dictionary")
                if !model.localFields.isEmpty { writer.line("self.localValues = localValues") }
            }
            writer.line("}")
            renderMemberwiseInitializer(model, into: &writer)
            renderProperties(model, into: &writer)
            renderRelations(model, into: &writer)
            renderCopying(model, into: &writer)
            renderLocalValues(model, into: &writer)
            renderFieldTable(model, into: &writer)
        }
    }

    private func renderIndexes(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard !model.indexes.isEmpty else { return }
        writer.blankLine()
        writer.line("/// The schema's `@index`, `@unique` and `@sorted` fields, for a store.")
        let entries = model.indexes.map { index in
            // The closures read the fields directly, which building an index does once per
            // object: a key path goes through the runtime.
            var arguments = "\(Self.literal(index.field.name)), \\.\(index.field), read: { $0.\(index.field) }"
            if let group = index.groupBy {
                arguments += ", groupBy: \(Self.literal(group.name)), \\.\(group), readGroup: { $0.\(group) }"
            }
            return ".\(index.kind.rawValue)(\(arguments))"
        }
        renderArray(
            "\(model.access.prefix)static let _indexes: [Etch.ModelIndex<\(model.name)>] = [", entries, into: &writer)
    }

    /// For a model with an id, what a store names a key path by: its field's schema name.
    private func renderFieldNames(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard model.idType != nil else { return }
        writer.blankLine()
        writer.line("/// The field a key path reads, as the schema spells it, for a store's messages.")
        writer.line("\(model.access.prefix)static func _fieldName(of keyPath: Swift.AnyKeyPath) -> Swift.String? {")
        writer.indented { writer in
            writer.line("switch keyPath {")
            for field in model.allFields {
                writer.line("case \\\(model.name).\(field.name.source): \(Self.literal(field.name.name))")
            }
            writer.line("default: nil")
            writer.line("}")
        }
        writer.line("}")
    }

    /// Writes `head`, the entries and `]` on one line when they fit, as swift-format does,
    /// and one entry per line otherwise.
    func renderArray(_ head: String, _ entries: [String], into writer: inout CodeWriter) {
        let oneLine = head + entries.joined(separator: ", ") + "]"
        if oneLine.count + 4 <= CodeWriter.lineLength {
            writer.line(oneLine)
            return
        }
        writer.line(head)
        writer.indented { writer in for entry in entries { writer.line(entry + ",") } }
        writer.line("]")
    }

    private func renderMemberwiseInitializer(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        writer.blankLine()
        writer.line("/// Makes a new `\(model.name)`; the defaults are the schema's.")
        let parameters = model.allFields.map { parameter($0) }
        if parameters.isEmpty {
            writer.line("\(model.access.prefix)init() {")
        } else {
            writer.line("\(model.access.prefix)init(")
            writer.indented { writer in
                for (position, text) in parameters.enumerated() {
                    writer.line(text + (position == parameters.count - 1 ? "" : ","))
                }
            }
            writer.line(") {")
        }
        writer.indented { writer in
            if model.fields.isEmpty {
                writer.line("self.dictionary = Etch.ModelDictionary()")
            } else {
                writer.line("var dictionary = Etch._MemberwiseValues(Self._schema)")
                for field in model.fields {
                    writer.line("dictionary.set(\(field.name.localName), for: _Fields.\(field.name))")
                }
                writer.line("self.dictionary = dictionary.finish()")
            }
            if !model.localFields.isEmpty {
                writer.call(
                    "self.localValues = LocalValues",
                    model.localFields.map { "\($0.name.label): \($0.name.localName)" })
            }
        }
        writer.line("}")
    }

    private func renderProperties(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard !model.allFields.isEmpty else { return }
        writer.blankLine()
        writer.line("// MARK: - Fields")
        for field in model.allFields {
            writer.blankLine()
            writer.documentation(documentation(of: field))
            let declaration = "\(model.access.prefix)var \(field.name): \(field.type.source)"
            let read = storage(of: field)
            if (declaration + " { " + read + " }").count + writer.indentation * 4 <= CodeWriter.lineLength {
                writer.line(declaration + " { " + read + " }")
            } else {
                writer.block(declaration + " {") { writer in
                    if readsThroughHint(field) {
                        writer.call("dictionary._read", hintedReadArguments(of: field))
                    } else {
                        writer.line(read)
                    }
                }
            }
        }
    }

    private func renderRelations(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard !model.relations.isEmpty else { return }
        writer.blankLine()
        writer.line("// MARK: - Relations")
        for relation in model.relations {
            writer.blankLine()
            var summary = "The `\(relation.member)` objects whose `\(relation.via.name)` refers to this `\(model.name)`"
            if let order = relation.order {
                summary += ", by `\(order.field.name)`" + (order.isDescending ? ", largest first" : "")
            }
            writer.documentation(relation.documentation.isEmpty ? [summary + "."] : relation.documentation)
            var arguments = [
                Self.literal(relation.name.name), "via: \(Self.literal(relation.via.name))", "\\.\(relation.via)",
            ]
            if let order = relation.order {
                arguments.append("order: [.\(order.isDescending ? "descending" : "ascending")(\\.\(order.field))]")
            }
            writer.call(
                "\(model.access.prefix)static let \(relation.name) = Etch.InverseRelation<\(model.name), \(relation.member)>",
                arguments)
        }
    }

    private func renderLocalValues(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        guard !model.localFields.isEmpty else { return }
        let access = model.access.prefix
        writer.blankLine()
        writer.line("/// The `@local` values of `\(model.name)`.")
        writer.block("\(access)struct LocalValues: Etch.ModelLocalValues {") { writer in
            for field in model.localFields {
                writer.documentation(documentation(of: field))
                let initial = field.parameterDefault.map { " = \(Self.source($0))" } ?? ""
                writer.line("\(access)var \(field.name): \(field.type.source)\(initial)")
            }
            writer.blankLine()
            writer.line("/// Makes local values with the schema's defaults.")
            writer.line("\(access)init() {}")
            writer.blankLine()
            writer.line("/// Makes local values; the defaults are the schema's.")
            let parameters = model.localFields.map { parameter($0) }.joined(separator: ", ")
            writer.block("\(access)init(\(parameters)) {") { writer in
                for field in model.localFields { writer.line("self.\(field.name) = \(field.name.localName)") }
            }
        }
    }

    private func renderFieldTable(_ model: SwiftModelDescription, into writer: inout CodeWriter) {
        writer.blankLine()
        writer.line("/// The wire keys, conversions and defaults of the declared fields.")
        writer.block("fileprivate enum _Fields {") { writer in
            for field in model.fields {
                var arguments = [Self.literal(field.name.name), "key: \(Self.literal(field.wireKey))"]
                if field.isMutable { arguments.append("isMutable: true") }
                if let dateFormat = field.dateFormat { arguments.append("dateFormat: \(Self.source(dateFormat))") }
                if let value = field.defaultValue, value != .nil { arguments.append("default: \(Self.source(value))") }
                if let model = field.referencedModel { arguments.append("references: \(model).self") }
                if let rule = field.deleteRule { arguments.append("onDelete: .\(rule.rawValue)") }
                if !field.renamedFrom.isEmpty { arguments.append("renamedFrom: \(Self.literal(field.renamedFrom))") }
                writer.call("static let \(field.name) = Etch.ModelField<\(field.type.source)>", arguments)
            }
        }
        let hinted = model.fields.filter(readsThroughHint)
        guard !hinted.isEmpty else { return }
        writer.blankLine()
        writer.line("/// Where each getter found its key last time.")
        writer.block("fileprivate enum _Hints {") { writer in
            for field in hinted { writer.line("static let \(field.name) = Etch._FieldHint()") }
        }
    }

    /// Whether the field's getter reads through `_read`, inlined with a hint of its own: a
    /// one-key field whose date format needs no compiled pattern, and whose key is short
    /// enough (15 UTF-8 bytes at most) that Swift stores it inline, so the literal compares
    /// equal to the reader's key in one step. Longer keys read through the field, whose key is
    /// the very string the reader hands out.
    func readsThroughHint(_ field: SwiftFieldDescription) -> Bool {
        if field.isLocal || field.wireKey.contains(".") || field.wireKey.utf8.count > 15 { return false }
        if case .custom = field.dateFormat { return false }
        return true
    }

    /// The field's schema documentation, or a line saying where it is stored.
    func documentation(of field: SwiftFieldDescription) -> [String] {
        if !field.documentation.isEmpty { return field.documentation }
        if field.isLocal {
            return ["The local value `\(field.name.name)`: kept on this device only, never serialized."]
        }
        return ["The `\(field.name.name)` field, stored under the wire key `\(field.wireKey)`."]
    }

    /// How a field's value is read and written inside the model.
    func storage(of field: SwiftFieldDescription) -> String {
        if field.isLocal { return "localValues.\(field.name)" }
        guard readsThroughHint(field) else { return "dictionary[_checked: _Fields.\(field.name)]" }
        return "dictionary._read(" + hintedReadArguments(of: field).joined(separator: ", ") + ")"
    }

    /// The arguments of a getter's `_read` call: the literal key, the hint, a date format
    /// other than the default, and for a field with a schema default the field, which holds
    /// it. Other fields read without their field, which keeps the getter free of lazily made
    /// globals on every path.
    func hintedReadArguments(of field: SwiftFieldDescription) -> [String] {
        var arguments = [Self.literal(field.wireKey), "hint: _Hints.\(field.name)"]
        if let dateFormat = field.dateFormat, dateFormat != .iso8601 {
            arguments.append("dateFormat: \(Self.source(dateFormat))")
        }
        if let value = field.defaultValue, value != .nil { arguments.append("field: _Fields.\(field.name)") }
        return arguments
    }

    /// A parameter for the field: `name: Type [= default]`, with `self`'s local name apart.
    func parameter(_ field: SwiftFieldDescription, withDefault: Bool = true) -> String {
        let name =
            field.name.localName == field.name.source ? field.name.source : "\(field.name) \(field.name.localName)"
        let defaultValue = withDefault ? field.parameterDefault.map { " = \(Self.source($0))" } : nil
        return "\(name): \(field.type.source)" + (defaultValue ?? "")
    }
}
