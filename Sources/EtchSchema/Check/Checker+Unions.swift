extension Checker {
    /// Checks a union: its discriminator, and that each variant is a model with its own case
    /// name and tag, whose fields leave the discriminator key to the union.
    mutating func checkUnion(_ union: UnionSyntax, models: [String: CheckedModel]) -> CheckedUnion {
        let name = union.name.text
        _ = accepted(union.attributes, allowed: [], on: "a union")
        let discriminator = unionDiscriminator(union)
        if union.variants.isEmpty {
            warning("union '\(name)' has no cases", at: union.name.location)
        }
        var variants: [CheckedUnion.Variant] = []
        var namesSeen: [String: SourceLocation] = [:]
        var tagsSeen: [String: (name: String, location: SourceLocation)] = [:]
        for syntax in union.variants {
            let caseName = syntax.name
            checkCaseName(caseName, inUnion: true)
            if let previous = namesSeen[caseName.text] {
                error(
                    "invalid redeclaration of case '\(caseName.text)'", at: caseName.location,
                    notes: [Diagnostic(.note, "'\(caseName.text)' first declared here", at: previous)])
                continue
            }
            namesSeen[caseName.text] = caseName.location
            guard let model = variantModel(syntax, of: name, models: models) else { continue }
            var tag = caseName.text
            if let literal = syntax.tag {
                guard case .string(let value) = literal.kind else {
                    error(
                        "tag of case '\(caseName.text)' must be a string literal, not \(literal.quoted)",
                        at: literal.location)
                    continue
                }
                tag = value
            }
            let location = syntax.tag?.location ?? caseName.location
            if let previous = tagsSeen[tag] {
                error(
                    "tag \"\(tag)\" of case '\(caseName.text)' is already used by case '\(previous.name)'",
                    at: location, notes: [Diagnostic(.note, "'\(previous.name)' declared here", at: previous.location)])
                continue
            }
            tagsSeen[tag] = (caseName.text, caseName.location)
            if let discriminator {
                checkDiscriminator(discriminator, of: name, against: model, at: syntax.type.location)
            }
            variants.append(
                CheckedUnion.Variant(
                    name: caseName.text, model: model.name, tag: tag, documentation: syntax.documentation,
                    location: caseName.location))
        }
        return CheckedUnion(
            name: name, documentation: union.documentation, discriminator: discriminator ?? "type",
            variants: variants, location: union.name.location)
    }

    /// The key given by `(discriminator: "key")`; reports any other argument list.
    private mutating func unionDiscriminator(_ union: UnionSyntax) -> String? {
        let usage =
            "union '\(union.name.text)' needs its discriminator key, as in 'union \(union.name.text)(discriminator: \"type\")'"
        guard union.arguments.count == 1, let argument = union.arguments.first, argument.label?.text == "discriminator",
            case .string(let key) = argument.value.kind, !key.isEmpty
        else {
            let location = union.arguments.first.map { $0.label?.location ?? $0.value.location }
            error(usage, at: location ?? union.name.location)
            return nil
        }
        return key
    }

    /// The model a variant holds; reports a type that is not a model.
    private mutating func variantModel(
        _ variant: UnionSyntax.Variant, of union: String, models: [String: CheckedModel]
    ) -> CheckedModel? {
        let usage = "case '\(variant.name.text)' of union '\(union)' must hold a model"
        guard case .named(let typeName, let arguments) = variant.type, arguments.isEmpty else {
            error("\(usage), not '\(variant.type)'", at: variant.type.location)
            return nil
        }
        switch declared[typeName.text] {
        case .model:
            guard let model = models[typeName.text] else { return nil }
            if let local = model.fields.first(where: \.isLocal) {
                error(
                    "\(usage) without '@local' fields: a union value keeps no local values, so '\(model.name).\(local.name)' "
                        + "would be lost",
                    at: typeName.location,
                    notes: [Diagnostic(.note, "'\(local.name)' declared here", at: local.location)])
                return nil
            }
            return model
        case .enumeration:
            error("\(usage); '\(typeName.text)' is an enum", at: typeName.location)
        case .union:
            error("\(usage); '\(typeName.text)' is a union", at: typeName.location)
        case nil where ScalarType(rawValue: typeName.text) != nil:
            error("\(usage); '\(typeName.text)' is a built-in type", at: typeName.location)
        case nil:
            error(unknownModelMessage(typeName.text), at: typeName.location)
        }
        return nil
    }

    /// Reports a variant field stored under the discriminator key with a type other than
    /// `String` or a string enum: the union writes the tag there.
    private mutating func checkDiscriminator(
        _ key: String, of union: String, against model: CheckedModel, at location: SourceLocation
    ) {
        guard let field = model.fields.first(where: { !$0.isLocal && $0.wireKeyPath.first == key }) else { return }
        var type = field.type
        if case .optional(let wrapped) = type { type = wrapped }
        switch type {
        case .scalar(.string) where field.wireKeyPath.count == 1, .enumeration where field.wireKeyPath.count == 1:
            return
        default:
            error(
                "discriminator \"\(key)\" of union '\(union)' clashes with field '\(field.name)' of '\(model.name)', "
                    + "which stores '\(field.wireKey)' as '\(field.type)'; the discriminator holds the case's tag "
                    + "string",
                at: location,
                notes: [Diagnostic(.note, "'\(field.name)' declared here", at: field.location)])
        }
    }
}
