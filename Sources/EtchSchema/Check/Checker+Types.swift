extension Checker {
    /// Every type name a field may use: the scalars, `Ref`, and the declared types.
    var knownTypeNames: [String] {
        ScalarType.allCases.map(\.rawValue) + ["Ref"] + declared.keys.sorted()
    }

    /// Resolves a written type, reporting unknown names and unsupported shapes.
    ///
    /// - Returns: The type, or `nil` when an error was reported.
    mutating func resolve(_ type: TypeSyntax) -> FieldType? {
        switch type {
        case .named(let name, let arguments):
            return resolveNamed(name, arguments: arguments)
        case .optional(let wrapped, let location):
            guard let inner = resolve(wrapped) else { return nil }
            if inner.isOptional {
                error("nested optional type '\(type)' is not supported", at: location)
                return nil
            }
            return .optional(inner)
        case .array(let element, _):
            return resolve(element).map { .array($0) }
        case .dictionary(let key, let value, _):
            let resolvedValue = resolve(value)
            guard case .named(let keyName, let keyArguments) = key, keyName.text == "String", keyArguments.isEmpty
            else {
                error("dictionary keys must be 'String', found '\(key)'", at: key.location)
                return nil
            }
            return resolvedValue.map { .dictionary($0) }
        }
    }

    /// Resolves a name, with its generic arguments if any.
    mutating func resolveNamed(_ name: NameSyntax, arguments: [TypeSyntax]) -> FieldType? {
        if name.text == "Ref" { return resolveReference(name, arguments: arguments) }
        let resolved: FieldType
        if let scalar = ScalarType(rawValue: name.text) {
            resolved = .scalar(scalar)
        } else {
            switch declared[name.text] {
            case .model: resolved = .model(name.text)
            case .enumeration: resolved = .enumeration(name.text)
            case .union: resolved = .union(name.text)
            case nil:
                error(
                    Suggestion.message("unknown type '\(name.text)'", for: name.text, among: knownTypeNames),
                    at: name.location)
                return nil
            }
        }
        guard arguments.isEmpty else {
            error("type '\(name.text)' does not take generic arguments", at: name.location)
            return nil
        }
        return resolved
    }

    /// Resolves `Ref<Model>`; whether the model has an `id` is checked once all models are.
    mutating func resolveReference(_ name: NameSyntax, arguments: [TypeSyntax]) -> FieldType? {
        guard arguments.count == 1, case .named(let target, let targetArguments) = arguments[0], targetArguments.isEmpty
        else {
            error("'Ref' takes one model name, as in 'Ref<User>'", at: name.location)
            return nil
        }
        switch declared[target.text] {
        case .model:
            references.append(PendingReference(model: target.text, location: target.location))
            return .ref(target.text)
        case .enumeration:
            error("'Ref' can only refer to a model; '\(target.text)' is an enum", at: target.location)
        case .union:
            error("'Ref' can only refer to a model; '\(target.text)' is a union", at: target.location)
        case nil where ScalarType(rawValue: target.text) != nil:
            error("'Ref' can only refer to a model; '\(target.text)' is a built-in type", at: target.location)
        case nil:
            let models = declared.compactMap { if case .model = $0.value { $0.key } else { nil } }
            error(
                Suggestion.message("unknown model '\(target.text)'", for: target.text, among: models),
                at: target.location)
        }
        return nil
    }

    /// Checks that every referenced model has a non-local `id` field.
    mutating func checkReferences(models: [String: CheckedModel]) {
        for reference in references {
            guard let model = models[reference.model], model.idField == nil else { continue }
            error(
                "'Ref<\(model.name)>' requires model '\(model.name)' to have an 'id' field", at: reference.location,
                notes: [Diagnostic(.note, "'\(model.name)' declared here", at: model.location)])
        }
    }
}
