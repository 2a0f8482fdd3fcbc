extension Parser {
    /// Parses `[attributes] let|var name: Type [= default]`.
    mutating func parseField(in modelName: String) throws(ParseFailure) -> FieldSyntax {
        var documentation: [String] = []
        let attributes = try parseAttributes(documentation: &documentation)
        documentation += current.documentation
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
            defaultValue = try parseLiteral(expected: "default value after '=' in field '\(name.text)'")
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
