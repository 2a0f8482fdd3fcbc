extension Checker {
    /// The attributes a field may carry.
    static let fieldAttributeNames = Set(AttributeName.allCases.filter(\.isFieldAttribute).map(\.rawValue))
    /// Every attribute of the schema language.
    static let attributeNames = Set(AttributeName.allCases.map(\.rawValue))

    /// Checks a field's attributes: known, in the right place, with the right arguments.
    mutating func fieldAttributes(_ attributes: [AttributeSyntax]) -> FieldAttributes {
        var result = FieldAttributes()
        var seen: Set<String> = []
        for attribute in accepted(attributes, allowed: Self.fieldAttributeNames, on: "a field") {
            let location = attribute.name.location
            // `accepted` let through field attributes only.
            guard let name = AttributeName(rawValue: attribute.name.text) else { continue }
            guard name.isRepeatable || seen.insert(attribute.name.text).inserted else {
                duplicate(attribute)
                continue
            }
            switch name {
            case .key: result.key = wireKeyPath(attribute).map { ($0, location) }
            case .local: result.local = noArguments(attribute) ? location : nil
            case .index: result.index = noArguments(attribute) ? location : nil
            case .unique: result.unique = noArguments(attribute) ? location : nil
            case .dateFormat: result.dateFormat = dateFormat(attribute).map { ($0, location) }
            case .sorted: result.sorted = sorted(attribute).map { ($0, location) }
            case .onDelete: result.onDelete = deleteRule(attribute).map { ($0, location) }
            case .renamed:
                result.renamed += oldNames(attribute, areWireKeys: true)
                result.renamedLocation = result.renamedLocation ?? location
            case .orderBy, .keyStyle: continue
            }
        }
        return result
    }

    /// The key style given by `@keyStyle` among the attributes of a model or a file,
    /// reporting any other attribute there.
    mutating func keyStyle(from attributes: [AttributeSyntax], on place: String) -> KeyStyle? {
        var style: KeyStyle?
        var seen = false
        for attribute in accepted(attributes, allowed: ["keyStyle"], on: place) {
            guard !seen else {
                duplicate(attribute)
                continue
            }
            seen = true
            let usage = "'@keyStyle' takes one style, as in '@keyStyle(snake_case)'"
            guard let argument = singleArgument(attribute, usage: usage) else { continue }
            let name: String
            switch argument.kind {
            case .identifier(let text), .string(let text): name = text
            default:
                error(usage, at: argument.location)
                continue
            }
            style = KeyStyle(named: name)
            if style == nil {
                let names = KeyStyle.allCases.map(\.rawValue)
                error(
                    Suggestion.message(
                        "unknown key style '\(name)'", for: name, among: names,
                        otherwise: "; expected \(Suggestion.list(names))"),
                    at: argument.location)
            }
        }
        return style
    }

    /// The attributes that are known and allowed in this place; reports the others.
    mutating func accepted(_ attributes: [AttributeSyntax], allowed: Set<String>, on place: String) -> [AttributeSyntax]
    {
        attributes.filter { attribute in
            let name = attribute.name.text
            if allowed.contains(name) { return true }
            if Self.attributeNames.contains(name) {
                error("'@\(name)' cannot be applied to \(place)", at: attribute.name.location)
            } else {
                error(
                    Suggestion.message(
                        "unknown attribute '@\(name)'", for: name, among: Self.attributeNames, prefix: "@"),
                    at: attribute.name.location)
            }
            return false
        }
    }

    /// Reports an attribute given twice: a warning when it has no arguments, since repeating
    /// it changes nothing, and an error otherwise, since the two may disagree.
    mutating func duplicate(_ attribute: AttributeSyntax) {
        let name = attribute.name.text
        if attribute.arguments?.isEmpty ?? true {
            warning("duplicate attribute '@\(name)'", at: attribute.name.location)
        } else {
            error("'@\(name)' may only be given once", at: attribute.name.location)
        }
    }

    /// Whether an attribute has no arguments; reports it when it has some.
    mutating func noArguments(_ attribute: AttributeSyntax) -> Bool {
        guard let arguments = attribute.arguments, let first = arguments.first else { return true }
        error("'@\(attribute.name.text)' takes no arguments", at: first.label?.location ?? first.value.location)
        return false
    }

    /// The one unlabeled argument of an attribute; reports anything else with `usage`.
    mutating func singleArgument(_ attribute: AttributeSyntax, usage: String) -> LiteralSyntax? {
        guard let arguments = attribute.arguments, arguments.count == 1, arguments[0].label == nil else {
            let location = attribute.arguments?.first.map { $0.label?.location ?? $0.value.location }
            error(usage, at: location ?? attribute.name.location)
            return nil
        }
        return arguments[0].value
    }
}
