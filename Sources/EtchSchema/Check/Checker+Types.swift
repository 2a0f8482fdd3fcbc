extension Checker {
    /// Every type name a field may use: the scalars, `Ref`, and the declared types.
    var knownTypeNames: [String] {
        ScalarType.allCases.map(\.rawValue) + ["Ref"] + declared.keys.sorted()
    }

    /// Resolves a written type, reporting unknown names and unsupported shapes.
    ///
    /// Optionals are unwrapped in a loop and other nesting is bounded by `depth`, so no
    /// type, however it was built, can exhaust the stack.
    ///
    /// - Returns: The type, or `nil` when an error was reported.
    mutating func resolve(_ type: TypeSyntax, depth: Int = 0) -> FieldType? {
        var wrapped = type
        var optionals: [SourceLocation] = []
        while case .optional(let inner, let location) = wrapped {
            optionals.append(location)
            wrapped = inner
        }
        guard depth + optionals.count < Parser.maximumTypeDepth else {
            error("type is nested too deeply", at: type.location)
            return nil
        }
        guard let resolved = resolveUnwrapped(wrapped, depth: depth + optionals.count) else { return nil }
        switch optionals.count {
        case 0: return resolved
        case 1: return .optional(resolved)
        default:
            error("nested optional type '\(type)' is not supported", at: optionals[optionals.count - 2])
            return nil
        }
    }

    /// Resolves a type that is not an optional.
    private mutating func resolveUnwrapped(_ type: TypeSyntax, depth: Int) -> FieldType? {
        switch type {
        case .named(let name, let arguments):
            return resolveNamed(name, arguments: arguments)
        case .optional:
            return resolve(type, depth: depth)
        case .array(let element, _):
            return resolve(element, depth: depth + 1).map { .array($0) }
        case .dictionary(let key, let value, _):
            let resolvedValue = resolve(value, depth: depth + 1)
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
                error(unknownTypeMessage(name, arguments: arguments), at: name.location)
                return nil
            }
        }
        guard arguments.isEmpty else {
            error("type '\(name.text)' does not take generic arguments", at: name.location)
            return nil
        }
        return resolved
    }

    /// "unknown type 'X'", with the schema's spelling of a type another language names that
    /// way (`Array<Int>` -> `[Int]`, `Boolean` -> `Bool`) or the closest known name.
    mutating func unknownTypeMessage(_ name: NameSyntax, arguments: [TypeSyntax]) -> String {
        let message = "unknown type '\(name.text)'"
        if let spelling = TypeNameAlias.collectionSpelling(of: name.text, arguments: arguments.map(\.description)) {
            return "\(message); did you mean '\(spelling)'?"
        }
        if typeNameSuggestions == nil { typeNameSuggestions = SuggestionIndex(knownTypeNames) }
        return typeNameSuggestions?.message(message, for: name.text) ?? message
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
            error(unknownModelMessage(target.text), at: target.location)
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
