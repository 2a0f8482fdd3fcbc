extension Parser {
    /// Parses a type: a name with optional generic arguments, `[T]`, `[K: V]`, each
    /// optionally followed by `?`.
    mutating func parseType(expected expectation: String, depth: Int = 0) throws(ParseFailure) -> TypeSyntax {
        guard depth < Self.maximumTypeDepth else {
            report(.error, "type is nested too deeply", at: current.location)
            throw ParseFailure()
        }
        var type: TypeSyntax
        if at(.identifier) {
            let name = NameSyntax(advance().text, at: tokens[index - 1].location)
            var arguments: [TypeSyntax] = []
            if at(.leftAngle), !current.isAtStartOfLine {
                advance()
                repeat {
                    arguments.append(try parseType(expected: "generic argument of '\(name.text)'", depth: depth + 1))
                } while consume(.comma) != nil
                _ = try expect(.rightAngle, "'>' to close the generic arguments of '\(name.text)'")
            }
            type = .named(name, genericArguments: arguments)
        } else if at(.leftBracket) {
            let bracket = advance()
            let element = try parseType(expected: "element type after '['", depth: depth + 1)
            if consume(.colon) != nil {
                let value = try parseType(expected: "value type after ':' in dictionary type", depth: depth + 1)
                _ = try expect(.rightBracket, "']' to close the dictionary type")
                type = .dictionary(key: element, value: value, bracket.location)
            } else {
                _ = try expect(.rightBracket, "']' to close the array type")
                type = .array(element, bracket.location)
            }
        } else {
            throw fail(expected: expectation)
        }
        while at(.question), !current.isAtStartOfLine {
            type = .optional(type, advance().location)
        }
        return type
    }

    /// Parses a literal: a string, an integer or floating-point number (with an optional
    /// `-`), `true`, `false`, `nil`, `[]`, `[:]` or `.caseName`; with `allowsName`, also a
    /// bare name such as `snake_case` or `kebab-case`.
    mutating func parseLiteral(expected expectation: String, allowsName: Bool = false) throws(ParseFailure)
        -> LiteralSyntax
    {
        let start = current.location
        switch current.kind {
        case .stringLiteral:
            return LiteralSyntax(.string(advance().text), at: start)
        case .integerLiteral:
            return LiteralSyntax(.integer(advance().text), at: start)
        case .floatLiteral:
            return LiteralSyntax(.float(advance().text), at: start)
        case .minus where peek(1).kind == .integerLiteral && !peek(1).isAtStartOfLine:
            advance()
            return LiteralSyntax(.integer("-" + advance().text), at: start)
        case .minus where peek(1).kind == .floatLiteral && !peek(1).isAtStartOfLine:
            advance()
            return LiteralSyntax(.float("-" + advance().text), at: start)
        case .leftBracket:
            advance()
            if consume(.rightBracket) != nil { return LiteralSyntax(.emptyArray, at: start) }
            if consume(.colon) != nil {
                _ = try expect(.rightBracket, "']' after '[:' in an empty dictionary")
                return LiteralSyntax(.emptyDictionary, at: start)
            }
            throw fail(expected: "']' or ':]' (defaults can only be the empty collections '[]' and '[:]')")
        case .dot:
            advance()
            let name = try expectName("case name after '.'")
            return LiteralSyntax(.enumCase(name.text), at: start)
        case .identifier:
            switch current.text {
            case "true", "false": return LiteralSyntax(.bool(advance().text == "true"), at: start)
            case "nil":
                advance()
                return LiteralSyntax(.null, at: start)
            default:
                guard allowsName else { throw fail(expected: expectation) }
                return LiteralSyntax(.identifier(parseDashedName()), at: start)
            }
        default:
            throw fail(expected: expectation)
        }
    }

    /// Reads a name whose parts are joined by `-` with no spaces: `kebab-case`.
    mutating func parseDashedName() -> String {
        var text = advance().text
        while at(.minus), peek(1).kind == .identifier, adjacent(tokens[index - 1], current),
            adjacent(current, peek(1))
        {
            advance()
            text += "-" + advance().text
        }
        return text
    }

    /// Whether `second` starts right where `first` ends.
    func adjacent(_ first: Token, _ second: Token) -> Bool {
        first.location.line == second.location.line && first.endColumn == second.location.column
    }
}
