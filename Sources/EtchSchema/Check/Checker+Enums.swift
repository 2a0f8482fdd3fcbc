extension Checker {
    /// Checks an enum: its raw type, its case names and its raw values.
    mutating func checkEnum(_ enumeration: EnumSyntax) -> CheckedEnum {
        let name = enumeration.name.text
        _ = accepted(enumeration.attributes, allowed: [], on: "an enum")
        switch enumeration.rawType {
        case nil:
            error(
                "enum '\(name)' must declare its raw type, as in 'enum \(name): String'", at: enumeration.name.location)
        case .named(let type, let arguments) where type.text == "String" && arguments.isEmpty:
            break
        case let rawType?:
            error("enum '\(name)' must have raw type 'String', not '\(rawType)'", at: rawType.location)
        }
        if enumeration.cases.isEmpty {
            warning("enum '\(name)' has no cases", at: enumeration.name.location)
        }
        var cases: [CheckedEnumCase] = []
        var namesSeen: [String: SourceLocation] = [:]
        var rawValuesSeen: [String: (name: String, location: SourceLocation)] = [:]
        for syntax in enumeration.cases {
            _ = accepted(syntax.attributes, allowed: [], on: "an enum case")
            let caseName = syntax.name
            checkCaseName(caseName)
            if let previous = namesSeen[caseName.text] {
                error(
                    "invalid redeclaration of case '\(caseName.text)'", at: caseName.location,
                    notes: [Diagnostic(.note, "'\(caseName.text)' first declared here", at: previous)])
                continue
            }
            namesSeen[caseName.text] = caseName.location
            var rawValue = caseName.text
            if let literal = syntax.rawValue {
                guard case .string(let value) = literal.kind else {
                    error(
                        "raw value of case '\(caseName.text)' must be a string literal, not \(literal.quoted)",
                        at: literal.location)
                    continue
                }
                rawValue = value
            }
            let location = syntax.rawValue?.location ?? caseName.location
            if let previous = rawValuesSeen[rawValue] {
                error(
                    "raw value \"\(rawValue)\" of case '\(caseName.text)' is already used by case '\(previous.name)'",
                    at: location, notes: [Diagnostic(.note, "'\(previous.name)' declared here", at: previous.location)])
                continue
            }
            rawValuesSeen[rawValue] = (caseName.text, caseName.location)
            cases.append(
                CheckedEnumCase(
                    name: caseName.text, rawValue: rawValue, documentation: syntax.documentation,
                    location: caseName.location))
        }
        return CheckedEnum(
            name: name, documentation: enumeration.documentation, cases: cases, location: enumeration.name.location)
    }
}
