extension Parser {
    /// Parses the whole file: file attributes, then `model` and `enum` declarations.
    ///
    /// Attributes before the first declaration belong to the file when a blank line or a
    /// `///` comment separates them from it; otherwise they belong to the declaration.
    public mutating func parseFile() -> SyntaxTree {
        var tree = SyntaxTree(path: path)
        while !isAtEnd {
            let start = index
            do throws(ParseFailure) {
                var documentation: [String] = []
                let attributes = try parseAttributes(documentation: &documentation)
                if tree.declarations.isEmpty, !attributes.isEmpty,
                    isAtEnd || current.hasBlankLineBefore || !current.documentation.isEmpty
                {
                    tree.attributes += attributes
                    continue
                }
                documentation += current.documentation
                if current.isIdentifier("model") {
                    tree.declarations.append(
                        .model(try parseModel(documentation: documentation, attributes: attributes)))
                } else if current.isIdentifier("enum") {
                    tree.declarations.append(
                        .enumeration(try parseEnum(documentation: documentation, attributes: attributes)))
                } else if current.isIdentifier("union") {
                    tree.declarations.append(
                        .union(try parseUnion(documentation: documentation, attributes: attributes)))
                } else {
                    throw fail(expected: "'model', 'enum' or 'union' declaration", atStart: true)
                }
            } catch {
                if index == start { advance() }
                skip { $0.isAtStartOfLine && ($0.startsDeclarationKeyword || $0.kind == .at) }
            }
            if index == start { advance() }
        }
        return tree
    }

    /// Parses `model Name { fields }`, the current token being `model`.
    mutating func parseModel(documentation: [String], attributes: [AttributeSyntax]) throws(ParseFailure) -> ModelSyntax
    {
        advance()
        let name = try expectName("model name after 'model'")
        var model = ModelSyntax(documentation: documentation, attributes: attributes, name: name)
        let brace = try expect(.leftBrace, "'{' after model name '\(name.text)'")
        while !at(.rightBrace) && !isAtEnd && !startsDeclaration {
            let start = index
            do throws(ParseFailure) {
                switch try parseMember(in: name.text) {
                case .field(let field):
                    model.fields.append(field)
                    try expectSeparator(after: "field '\(field.name.text)'")
                case .inverse(let inverse):
                    model.inverses.append(inverse)
                    try expectSeparator(after: "relation '\(inverse.name.text)'")
                }
            } catch {
                if index == start { advance() }
                skipToMember()
            }
            if index == start { advance() }
        }
        closeBrace(brace, of: "model '\(name.text)'")
        return model
    }

    /// Parses `enum Name: String { cases }`, the current token being `enum`.
    mutating func parseEnum(documentation: [String], attributes: [AttributeSyntax]) throws(ParseFailure) -> EnumSyntax {
        advance()
        let name = try expectName("enum name after 'enum'")
        var rawType: TypeSyntax?
        if consume(.colon) != nil {
            rawType = try parseType(expected: "raw type after ':' in enum '\(name.text)'")
        }
        var enumeration = EnumSyntax(documentation: documentation, attributes: attributes, name: name, rawType: rawType)
        let brace = try expect(.leftBrace, "'{' after enum name '\(name.text)'")
        while !at(.rightBrace) && !isAtEnd && !startsDeclaration {
            let start = index
            do throws(ParseFailure) {
                enumeration.cases += try parseCases(in: name.text)
                try expectSeparator(after: "case '\(enumeration.cases.last?.name.text ?? "")'")
            } catch {
                if index == start { advance() }
                skipToMember()
            }
            if index == start { advance() }
        }
        closeBrace(brace, of: "enum '\(name.text)'")
        return enumeration
    }

    /// Parses `[attributes] case a [= "raw"], b …`.
    mutating func parseCases(in enumName: String) throws(ParseFailure) -> [EnumCaseSyntax] {
        var documentation: [String] = []
        let attributes = try parseAttributes(documentation: &documentation)
        documentation += current.documentation
        guard current.isIdentifier("case") else { throw fail(expected: "'case' in enum '\(enumName)'", atStart: true) }
        advance()
        var cases: [EnumCaseSyntax] = []
        repeat {
            let name = try expectName("case name")
            var rawValue: LiteralSyntax?
            if consume(.equals) != nil {
                rawValue = try parseLiteral(expected: "raw value after '=' for case '\(name.text)'")
            }
            cases.append(
                EnumCaseSyntax(documentation: documentation, attributes: attributes, name: name, rawValue: rawValue))
        } while consume(.comma) != nil
        return cases
    }

    /// Parses `union Name(discriminator: "key") { case name(Model) [= "tag"] … }`, the current
    /// token being `union`.
    mutating func parseUnion(documentation: [String], attributes: [AttributeSyntax]) throws(ParseFailure) -> UnionSyntax
    {
        advance()
        let name = try expectName("union name after 'union'")
        var union = UnionSyntax(documentation: documentation, attributes: attributes, name: name)
        if at(.leftParen) { union.arguments = try parseArguments(of: "union '\(name.text)'") }
        let brace = try expect(.leftBrace, "'{' after union name '\(name.text)'")
        while !at(.rightBrace) && !isAtEnd && !startsDeclaration {
            let start = index
            do throws(ParseFailure) {
                let variantDocumentation = current.documentation
                guard current.isIdentifier("case") else {
                    throw fail(expected: "'case' in union '\(name.text)'", atStart: true)
                }
                advance()
                let caseName = try expectName("case name")
                _ = try expect(.leftParen, "'(' and a model type after case '\(caseName.text)'")
                let type = try parseType(expected: "model type of case '\(caseName.text)'")
                _ = try expect(.rightParen, "')' after the type of case '\(caseName.text)'")
                var tag: LiteralSyntax?
                if consume(.equals) != nil {
                    tag = try parseLiteral(expected: "tag after '=' for case '\(caseName.text)'")
                }
                union.variants.append(
                    .init(documentation: variantDocumentation, name: caseName, type: type, tag: tag))
                try expectSeparator(after: "case '\(caseName.text)'")
            } catch {
                if index == start { advance() }
                skipToMember()
            }
            if index == start { advance() }
        }
        closeBrace(brace, of: "union '\(name.text)'")
        return union
    }

    /// Whether the current token begins a new top-level declaration (`model X` or `enum X`
    /// at the start of a line): a sign that a closing brace is missing.
    var startsDeclaration: Bool {
        current.isAtStartOfLine && current.startsDeclarationKeyword && peek(1).kind == .identifier
            && !peek(1).isAtStartOfLine
    }

    /// Steps over the `}` that closes `brace`, or reports it missing.
    ///
    /// The declaration is kept either way: the members loop only stops at `}`, at the end
    /// of the file, or where a new declaration starts.
    mutating func closeBrace(_ brace: Token, of declaration: String) {
        guard consume(.rightBrace) == nil else { return }
        _ = fail(expected: "'}' at end of \(declaration)", atStart: true)
        if var last = diagnostics.popLast() {
            last.notes.append(Diagnostic(.note, "to match this opening '{'", at: brace.location))
            diagnostics.append(last)
        }
    }

    /// After a field or case: requires `;`, a line break, or the closing `}`.
    mutating func expectSeparator(after what: String) throws(ParseFailure) {
        if consume(.semicolon) != nil {
            while consume(.semicolon) != nil {}
            return
        }
        guard at(.rightBrace) || isAtEnd || current.isAtStartOfLine else {
            throw fail(expected: "newline or ';' after \(what)")
        }
    }

    /// Skips to the next field or case: past a `;`, or to a `}` or a line that starts one.
    mutating func skipToMember() {
        skip { token in
            token.kind == .semicolon || token.kind == .rightBrace
                || token.isAtStartOfLine
                    && (token.kind == .at
                        || ["let", "var", "case", "inverse", "model", "enum", "union"].contains {
                            token.isIdentifier($0)
                        })
        }
        _ = consume(.semicolon)
    }

    /// Skips tokens until `isStop` holds for the current one or the file ends.
    mutating func skip(until isStop: (Token) -> Bool) {
        while !isAtEnd && !isStop(current) { advance() }
    }
}
