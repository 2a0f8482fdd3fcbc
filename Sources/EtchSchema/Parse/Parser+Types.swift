extension Parser {
    /// Parses a type: a name with optional generic arguments, `[T]`, `[K: V]`, each
    /// optionally followed by `?`.
    ///
    /// A type may be at most ``maximumTypeDepth`` levels high, each `?` counting as a level,
    /// so the stages after the parser never see a deeper type.
    mutating func parseType(expected expectation: String, depth: Int = 0) throws(ParseFailure) -> TypeSyntax {
        try parseLeveledType(expected: expectation, depth: depth).type
    }

    /// Parses a type, returning it with its height: 1 for a name, one more for each `[]`,
    /// `[:]`, `<>` or `?` around a type.
    mutating func parseLeveledType(expected expectation: String, depth: Int) throws(ParseFailure)
        -> (type: TypeSyntax, height: Int)
    {
        guard depth < Self.maximumTypeDepth else { throw nestedTooDeeply() }
        var type: TypeSyntax
        var height: Int
        if at(.identifier) {
            let name = NameSyntax(advance().text, at: tokens[index - 1].location)
            var arguments: [TypeSyntax] = []
            height = 1
            if at(.leftAngle), !current.isAtStartOfLine {
                advance()
                repeat {
                    let argument = try parseLeveledType(
                        expected: "generic argument of '\(name.text)'", depth: depth + 1)
                    arguments.append(argument.type)
                    height = max(height, argument.height + 1)
                } while consume(.comma) != nil
                _ = try expect(.rightAngle, "'>' to close the generic arguments of '\(name.text)'")
            }
            type = .named(name, genericArguments: arguments)
        } else if at(.leftBracket) {
            let bracket = advance()
            let element = try parseLeveledType(expected: "element type after '['", depth: depth + 1)
            height = element.height + 1
            if consume(.colon) != nil {
                let value = try parseLeveledType(expected: "value type after ':' in dictionary type", depth: depth + 1)
                height = max(height, value.height + 1)
                _ = try expect(.rightBracket, "']' to close the dictionary type")
                type = .dictionary(key: element.type, value: value.type, bracket.location)
            } else {
                _ = try expect(.rightBracket, "']' to close the array type")
                type = .array(element.type, bracket.location)
            }
        } else {
            throw fail(expected: expectation)
        }
        while at(.question), !current.isAtStartOfLine {
            height += 1
            guard height <= Self.maximumTypeDepth else { throw nestedTooDeeply() }
            type = .optional(type, advance().location)
        }
        return (type, height)
    }

    /// Reports a type nested deeper than ``maximumTypeDepth`` at the current token.
    mutating func nestedTooDeeply() -> ParseFailure {
        report(.error, "type is nested too deeply", at: current.location)
        return ParseFailure()
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
