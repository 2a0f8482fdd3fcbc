/// The second stage: a recursive-descent parser from tokens to a ``SyntaxTree``.
///
/// It reports what it expected and what it found, then recovers by skipping to the next
/// field, case or declaration, so one mistake does not hide the rest. Every loop consumes a
/// token or exits, and type nesting is bounded, so no input can hang or crash it.
///
/// ```swift
/// let (tree, diagnostics) = Parser.parse(SchemaSource(path: "A.etch", text: "model A { let id String }"))
/// diagnostics.map(\.description)
/// // ["A.etch:1:18: error: expected ':' after field name 'id', found 'String'"]
/// ```
public struct Parser {
    /// The file's path.
    public let path: String
    let tokens: [Token]
    var index = 0
    /// The problems found so far, the lexer's first.
    public internal(set) var diagnostics: [Diagnostic]

    /// How deeply types may nest before the parser gives up on them.
    static let maximumTypeDepth = 32

    /// Makes a parser over a file's tokens.
    ///
    /// - Parameters:
    ///   - tokens: The lexer's tokens; an end-of-file token is added when missing.
    ///   - path: The file's path.
    ///   - diagnostics: Problems found earlier, such as the lexer's.
    public init(tokens: [Token], path: String, diagnostics: [Diagnostic] = []) {
        var tokens = tokens
        if tokens.last?.kind != .endOfFile {
            let end = tokens.last?.endLocation ?? SourceLocation(path: path, line: 1, column: 1)
            tokens.append(
                Token(kind: .endOfFile, text: "", location: end, endColumn: end.column, isAtStartOfLine: true))
        }
        self.tokens = tokens
        self.path = path
        self.diagnostics = diagnostics
    }

    /// Lexes and parses one file.
    ///
    /// - Returns: The tree (with whatever could be made out) and every problem found.
    public static func parse(_ source: SchemaSource) -> (tree: SyntaxTree, diagnostics: [Diagnostic]) {
        let (tokens, lexerDiagnostics) = Lexer.tokenize(source)
        var parser = Parser(tokens: tokens, path: source.path, diagnostics: lexerDiagnostics)
        let tree = parser.parseFile()
        return (tree, parser.diagnostics)
    }

    // MARK: - Tokens

    /// The token being looked at; the end-of-file token once there are no more.
    var current: Token { tokens[index] }

    /// The token `distance` past the current one, clamped to the end.
    func peek(_ distance: Int) -> Token { tokens[min(index + distance, tokens.count - 1)] }

    /// Whether the end of the file is reached.
    var isAtEnd: Bool { current.kind == .endOfFile }

    /// Whether the current token is of `kind`.
    func at(_ kind: TokenKind) -> Bool { current.kind == kind }

    /// Steps over the current token and returns it; stays put at the end.
    @discardableResult
    mutating func advance() -> Token {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    /// Steps over the current token if it is of `kind`.
    mutating func consume(_ kind: TokenKind) -> Token? {
        at(kind) ? advance() : nil
    }

    /// Steps over a token of `kind`, or reports what was expected instead.
    mutating func expect(_ kind: TokenKind, _ expectation: String) throws(ParseFailure) -> Token {
        guard at(kind) else { throw fail(expected: expectation) }
        return advance()
    }

    /// Steps over an identifier, or reports what was expected instead.
    mutating func expectName(_ expectation: String) throws(ParseFailure) -> NameSyntax {
        let token = try expect(.identifier, expectation)
        return NameSyntax(token.text, at: token.location)
    }

    // MARK: - Reporting

    /// Reports `expected <expectation>, found <token>` and returns the failure to throw.
    ///
    /// In the middle of a construct (`atStart` false), a token on a later line is reported
    /// as `end of line`, at the end of the token before: that is where something is missing.
    mutating func fail(expected expectation: String, atStart: Bool = false) -> ParseFailure {
        let previous = index > 0 ? tokens[index - 1] : nil
        let found: String
        let location: SourceLocation
        if let previous, isAtEnd || (!atStart && current.isAtStartOfLine) {
            found = isAtEnd ? "end of file" : "end of line"
            location = previous.endLocation
        } else {
            found = current.quoted
            location = current.location
        }
        report(.error, "expected \(expectation), found \(found)", at: location)
        return ParseFailure()
    }

    /// Records a problem.
    mutating func report(
        _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation, notes: [Diagnostic] = []
    ) {
        diagnostics.append(Diagnostic(severity, message, at: location, notes: notes))
    }
}
