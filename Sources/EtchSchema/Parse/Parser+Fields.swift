/// A member of a model: a field or an inverse relation.
enum ModelMemberSyntax {
    case field(FieldSyntax)
    case inverse(InverseSyntax)
}

extension Parser {
    /// Parses `[attributes] let|var name: Type [= default]` or
    /// `[attributes] inverse name: [Model] via field`.
    mutating func parseMember(in modelName: String) throws(ParseFailure) -> ModelMemberSyntax {
        var documentation: [String] = []
        let attributes = try parseAttributes(documentation: &documentation)
        documentation += current.documentation
        if current.isIdentifier("inverse") && peek(1).kind == .identifier {
            advance()
            let name = try expectName("relation name after 'inverse'")
            _ = try expect(.colon, "':' after relation name '\(name.text)'")
            let type = try parseType(expected: "type after ':' in relation '\(name.text)'")
            guard current.isIdentifier("via") else {
                throw fail(expected: "'via' and the field that refers back, as in 'via artist'")
            }
            advance()
            let via = try expectName("field name after 'via'")
            return .inverse(
                InverseSyntax(documentation: documentation, attributes: attributes, name: name, type: type, via: via))
        }
        return .field(try parseField(in: modelName, documentation: documentation, attributes: attributes))
    }

    /// Parses `let|var name: Type [= default]` after a field's attributes.
    mutating func parseField(
        in modelName: String, documentation: [String], attributes: [AttributeSyntax]
    ) throws(ParseFailure) -> FieldSyntax {
        let isMutable: Bool
        if current.isIdentifier("let") {
            isMutable = false
        } else if current.isIdentifier("var") {
            isMutable = true
        } else {
            throw fail(expected: "'let' or 'var' to begin a field of model '\(modelName)'", atStart: true)
        }
        let keyword = advance().text
        let name = try expectName("field name after '\(keyword)'")
        _ = try expect(.colon, "':' after field name '\(name.text)'")
        let type = try parseType(expected: "type after ':' in field '\(name.text)'")
        var defaultValue: LiteralSyntax?
        if consume(.equals) != nil {
            // A bare name on the line of the `=` (`= open`, an enum case without its dot) is
            // read as a name, so that the checker can suggest `.open` and the parser does
            // not skip ahead and report the next field instead.
            let isBareName =
                at(.identifier) && !current.isAtStartOfLine && !["true", "false", "nil"].contains(current.text)
            defaultValue = try parseLiteral(
                expected: "default value after '=' in field '\(name.text)'", allowsName: isBareName)
        }
        return FieldSyntax(
            documentation: documentation, attributes: attributes, isMutable: isMutable, name: name, type: type,
            defaultValue: defaultValue
        )
    }

    /// Parses any number of attributes, adding the `///` lines before each to `documentation`.
    mutating func parseAttributes(documentation: inout [String]) throws(ParseFailure) -> [AttributeSyntax] {
        var attributes: [AttributeSyntax] = []
        while at(.at) {
            documentation += current.documentation
            attributes.append(try parseAttribute())
        }
        return attributes
    }

    /// Parses `@name` or `@name(argument, label: argument)`.
    mutating func parseAttribute() throws(ParseFailure) -> AttributeSyntax {
        let at = advance()
        guard self.at(.identifier), !current.isAtStartOfLine else { throw fail(expected: "attribute name after '@'") }
        let name = NameSyntax(advance().text, at: at.location)
        guard self.at(.leftParen), !current.isAtStartOfLine else { return AttributeSyntax(name: name) }
        let arguments = try parseArguments(of: "'@\(name.text)'")
        return AttributeSyntax(name: name, arguments: arguments)
    }

    /// Parses `(argument, label: argument)`, the current token being `(`.
    mutating func parseArguments(of owner: String) throws(ParseFailure) -> [AttributeSyntax.Argument] {
        advance()
        var arguments: [AttributeSyntax.Argument] = []
        while !self.at(.rightParen) {
            var label: NameSyntax?
            if self.at(.identifier), peek(1).kind == .colon {
                label = NameSyntax(current.text, at: current.location)
                advance()
                advance()
            }
            let value = try parseLiteral(expected: "argument for \(owner)", allowsName: true)
            arguments.append(AttributeSyntax.Argument(label: label, value: value))
            guard consume(.comma) != nil else { break }
        }
        _ = try expect(.rightParen, "')' after the arguments of \(owner)")
        return arguments
    }
}
