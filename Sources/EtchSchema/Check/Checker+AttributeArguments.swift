import EtchDatePattern

extension Checker {
    /// The components of `@key("a.b")`; reports an empty key or component.
    mutating func wireKeyPath(_ attribute: AttributeSyntax) -> [String]? {
        let usage = "'@key' takes one string, as in '@key(\"user_name\")' or '@key(\"stats.unread\")'"
        guard let argument = singleArgument(attribute, usage: usage) else { return nil }
        guard case .string(let key) = argument.kind else {
            error(usage, at: argument.location)
            return nil
        }
        guard !key.isEmpty else {
            error("wire key must not be empty", at: argument.location)
            return nil
        }
        let components = key.wireKeyPath
        guard !components.contains(where: \.isEmpty) else {
            error("wire key '\(key)' has an empty component", at: argument.location)
            return nil
        }
        return components
    }

    /// The old names of `@renamed(from: "a", "b")`, each where it is written: old wire keys
    /// (dotted like `@key`) on a field, old model names on a model. Reports a missing
    /// `from:`, an argument that is not a string, an empty name or key component.
    mutating func oldNames(_ attribute: AttributeSyntax, areWireKeys: Bool) -> [NameSyntax] {
        let usage =
            "'@renamed' takes 'from:' and the old \(areWireKeys ? "wire keys" : "model names") in quotes, as in "
            + "'@renamed(from: \"\(areWireKeys ? "user_name" : "Person")\")' or '@renamed(from: \"a\", \"b\")'"
        guard let arguments = attribute.arguments, !arguments.isEmpty else {
            error(usage, at: attribute.name.location)
            return []
        }
        // `from:` labels the first name only, as in Swift's variadic parameters.
        let misplaced = arguments.enumerated().first { position, argument in
            position == 0 ? argument.label?.text != "from" : argument.label != nil
        }
        if let (_, argument) = misplaced {
            error(usage, at: argument.label?.location ?? argument.value.location)
            return []
        }
        var names: [NameSyntax] = []
        for argument in arguments {
            guard case .string(let name) = argument.value.kind else {
                error(usage, at: argument.value.location)
                continue
            }
            let what = areWireKeys ? "old wire key" : "old model name"
            if name.isEmpty {
                error("\(what) in '@renamed' must not be empty", at: argument.value.location)
            } else if areWireKeys, name.wireKeyPath.contains(where: \.isEmpty) {
                error("\(what) '\(name)' in '@renamed' has an empty component", at: argument.value.location)
            } else {
                names.append(NameSyntax(name, at: argument.value.location))
            }
        }
        return names
    }

    /// The format of `@dateFormat(…)`: a known name or a pattern string.
    mutating func dateFormat(_ attribute: AttributeSyntax) -> DateFormatSpec? {
        let usage =
            "'@dateFormat' takes one format, as in '@dateFormat(secondsSince1970)' or '@dateFormat(\"yyyy-MM-dd\")'"
        guard let argument = singleArgument(attribute, usage: usage) else { return nil }
        switch argument.kind {
        case .identifier("iso8601"): return .iso8601
        case .identifier("secondsSince1970"): return .secondsSince1970
        case .identifier("millisecondsSince1970"): return .millisecondsSince1970
        case .identifier(let name):
            let names = ["iso8601", "secondsSince1970", "millisecondsSince1970"]
            error(
                Suggestion.message(
                    "unknown date format '\(name)'", for: name, among: names,
                    otherwise: "; expected \(names.map { "'\($0)'" }.joined(separator: ", ")) or a pattern string"),
                at: argument.location)
        case .string(let pattern) where pattern.isEmpty:
            error("date format pattern must not be empty", at: argument.location)
        case .string(let pattern):
            // The runtime reads and writes exactly the patterns this grammar accepts.
            do {
                _ = try DatePattern(pattern)
                return .custom(pattern)
            } catch {
                self.error("date pattern \(Self.quoted(pattern)) \(error.problem)", at: argument.location)
            }
        default:
            error(usage, at: argument.location)
        }
        return nil
    }

    /// The field named by `@sorted(groupBy: field)`, or `nil` inside for a plain `@sorted`.
    mutating func sorted(_ attribute: AttributeSyntax) -> NameSyntax?? {
        guard let arguments = attribute.arguments, !arguments.isEmpty else { return .some(nil) }
        if arguments.count == 1, arguments[0].label?.text == "groupBy",
            case .identifier(let name) = arguments[0].value.kind
        {
            return NameSyntax(name, at: arguments[0].value.location)
        }
        let location = arguments[0].label?.location ?? arguments[0].value.location
        error(
            "'@sorted' takes no arguments or 'groupBy:' and a field name, as in '@sorted(groupBy: mood)'", at: location)
        return nil
    }

    /// The rule of `@onDelete(rule)`.
    mutating func deleteRule(_ attribute: AttributeSyntax) -> DeleteRuleSpec? {
        let names = DeleteRuleSpec.allCases.map(\.rawValue)
        let usage = "'@onDelete' takes one rule, as in '@onDelete(cascade)'; expected \(Suggestion.list(names))"
        guard let argument = singleArgument(attribute, usage: usage) else { return nil }
        guard case .identifier(let name) = argument.kind else {
            error(usage, at: argument.location)
            return nil
        }
        guard let rule = DeleteRuleSpec(rawValue: name) else {
            error(
                Suggestion.message(
                    "unknown delete rule '\(name)'", for: name, among: names,
                    otherwise: "; expected \(Suggestion.list(names))"),
                at: argument.location)
            return nil
        }
        return rule
    }

    /// A pattern in double quotes, as the schema spells it.
    private static func quoted(_ pattern: String) -> String {
        var quoted = "\""
        for character in pattern {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
