import EtchSchema

extension SwiftRenderer {
    /// The Swift source of an expression.
    static func source(_ expression: SwiftExpression) -> String {
        switch expression {
        case .string(let text): literal(text)
        case .integer(let text), .float(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .nil: "nil"
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        case .enumCase(let type?, let name): "\(type).\(name)"
        case .enumCase(nil, let name): ".\(name)"
        }
    }

    /// The `Etch.DateFormat` expression of a date format.
    static func source(_ format: DateFormatSpec) -> String {
        switch format {
        case .iso8601: ".iso8601"
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        case .custom(let pattern): ".custom(\(literal(pattern)))"
        }
    }

    /// A Swift string literal with the characters that need it escaped.
    static func literal(_ text: String) -> String {
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

    /// A Swift array literal of string literals: `["a", "b.c"]`.
    static func literal(_ texts: [String]) -> String {
        "[" + texts.map { literal($0) }.joined(separator: ", ") + "]"
    }
}
