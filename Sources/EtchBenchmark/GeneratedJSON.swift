/// A JSON document built by ``DataGenerator``, with keys in the order they are added, and
/// written as pretty-printed text the way twitter.json is.
///
/// It is independent of Etch's writer and of Foundation's, so neither side of a
/// benchmark produces its own input.
indirect enum GeneratedJSON {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([GeneratedJSON])
    case object([(String, GeneratedJSON)])

    /// The document as UTF-8 text, indented by two spaces per level.
    var text: String {
        var output = ""
        write(to: &output, indent: 0)
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += "\(value)"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, indent: indent) { element, output in
                element.write(to: &output, indent: indent + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, indent: indent) { member, output in
                Self.writeString(member.0, to: &output)
                output += ": "
                member.1.write(to: &output, indent: indent + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String, indent: Int,
        _ writeElement: (Element, inout String) -> Void
    ) {
        guard !elements.isEmpty else {
            output += open + close
            return
        }
        let inner = String(repeating: "  ", count: indent + 1)
        output += open + "\n"
        for (position, element) in elements.enumerated() {
            output += inner
            writeElement(element, &output)
            output += position == elements.count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: indent) + close
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "/": output += "\\/"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension GeneratedJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(nilLiteral: ()) { self = .null }
}
