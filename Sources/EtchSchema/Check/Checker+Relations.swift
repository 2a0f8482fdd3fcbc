extension Checker {
    /// Reports `@onDelete` on a field that is not a reference, and `nullify` on a reference
    /// that cannot be cleared.
    mutating func checkDeleteRule(
        _ rule: DeleteRuleSpec, on type: FieldType, of name: String, at location: SourceLocation
    ) {
        switch (type, rule) {
        case (.ref, .nullify):
            error(
                "'@onDelete(nullify)' needs an optional or array reference; '\(name)' is '\(type)', which cannot be "
                    + "cleared: make it '\(type)?', or choose 'cascade', 'refuse' or 'dangle'",
                at: location)
        case (.ref, _), (.optional(.ref), _), (.array(.ref), _):
            return
        default:
            error("'@onDelete' applies to a 'Ref' field; '\(name)' is '\(type)'", at: location)
        }
    }

    /// Checks every model's inverse relations, once all models are checked, and records them
    /// on the checked models.
    mutating func checkInverses(in files: inout [CheckedFile], models: [String: CheckedModel]) {
        for (fileIndex, tree) in trees.enumerated() {
            var positions: [SourceLocation: Int]?
            for case .model(let syntax) in tree.declarations where !syntax.inverses.isEmpty {
                if positions == nil {
                    positions = [:]
                    for (position, declaration) in files[fileIndex].declarations.enumerated() {
                        if case .model(let model) = declaration, positions?[model.location] == nil {
                            positions?[model.location] = position
                        }
                    }
                }
                guard let position = positions?[syntax.name.location],
                    case .model(var model) = files[fileIndex].declarations[position]
                else { continue }
                var names = Set(model.fields.map(\.name))
                for inverse in syntax.inverses {
                    checkFieldName(inverse.name)
                    guard names.insert(inverse.name.text).inserted else {
                        error(
                            "invalid redeclaration of '\(inverse.name.text)' in model '\(model.name)'",
                            at: inverse.name.location)
                        continue
                    }
                    if let checked = checkInverse(inverse, owner: model, models: models) {
                        model.inverses.append(checked)
                    }
                }
                files[fileIndex].declarations[position] = .model(model)
            }
        }
    }

    /// Checks one `inverse name: [Model] via field`.
    private mutating func checkInverse(
        _ inverse: InverseSyntax, owner: CheckedModel, models: [String: CheckedModel]
    ) -> CheckedInverse? {
        let usage = "inverse relation '\(inverse.name.text)' must be an array of a model, as in '[Album]'"
        guard case .array(.named(let memberName, let arguments), _) = inverse.type, arguments.isEmpty else {
            error(usage, at: inverse.type.location)
            return nil
        }
        guard let member = models[memberName.text] else {
            error(unknownModelMessage(memberName.text), at: memberName.location)
            return nil
        }
        guard let field = member.fields.first(where: { $0.name == inverse.via.text && !$0.isLocal }) else {
            error(
                message(
                    "model '\(member.name)' has no field '\(inverse.via.text)'", for: inverse.via.text,
                    amongFieldsOf: member),
                at: inverse.via.location)
            return nil
        }
        switch field.type {
        case .ref(owner.name), .optional(.ref(owner.name)), .array(.ref(owner.name)):
            break
        default:
            error(
                "'\(member.name).\(field.name)' must refer to '\(owner.name)' for 'inverse \(inverse.name.text)': "
                    + "it is '\(field.type)', not 'Ref<\(owner.name)>', 'Ref<\(owner.name)>?' or '[Ref<\(owner.name)>]'",
                at: inverse.via.location,
                notes: [Diagnostic(.note, "'\(field.name)' declared here", at: field.location)])
            return nil
        }
        var checked = CheckedInverse(
            name: inverse.name.text, documentation: inverse.documentation, model: member.name, via: field.name,
            viaType: field.type, location: inverse.name.location)
        for attribute in accepted(
            inverse.attributes, allowed: [AttributeName.orderBy.rawValue], on: "an inverse relation")
        {
            orderBy(attribute, of: member, into: &checked)
        }
        return checked
    }

    /// Reads `@orderBy(field)` or `@orderBy(field, descending)` into the relation.
    private mutating func orderBy(
        _ attribute: AttributeSyntax, of member: CheckedModel, into inverse: inout CheckedInverse
    ) {
        let usage = "'@orderBy' takes a field and an optional direction, as in '@orderBy(year, descending)'"
        guard let arguments = attribute.arguments, (1...2).contains(arguments.count),
            arguments.allSatisfy({ $0.label == nil }), case .identifier(let name) = arguments[0].value.kind
        else {
            error(usage, at: attribute.name.location)
            return
        }
        if arguments.count == 2 {
            switch arguments[1].value.kind {
            case .identifier("descending"): inverse.isDescending = true
            case .identifier("ascending"): inverse.isDescending = false
            default:
                error(usage, at: arguments[1].value.location)
                return
            }
        }
        guard let field = member.fields.first(where: { $0.name == name && !$0.isLocal }) else {
            error(
                message("model '\(member.name)' has no field '\(name)'", for: name, amongFieldsOf: member),
                at: arguments[0].value.location)
            return
        }
        var type = field.type
        if case .optional(let wrapped) = type {
            type = wrapped
            inverse.orderByIsOptional = true
        }
        switch type {
        case .scalar(.string), .scalar(.int), .scalar(.int64), .scalar(.uint), .scalar(.double), .scalar(.float),
            .scalar(.date), .scalar(.timeInterval), .scalar(.decimal):
            inverse.orderBy = name
        default:
            error(
                "'@orderBy' needs a field of a comparable scalar type (a string, number or date); "
                    + "'\(member.name).\(name)' is '\(field.type)'",
                at: arguments[0].value.location)
        }
    }
}
