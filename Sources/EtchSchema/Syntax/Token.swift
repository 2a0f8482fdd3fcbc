/// One token of a schema file, as the ``Lexer`` produces it.
public struct Token: Sendable, Hashable {
    /// What kind of token this is.
    public var kind: TokenKind
    /// The token's source text; for a string literal, its unescaped value.
    public var text: String
    /// Where the token starts.
    public var location: SourceLocation
    /// The 1-based byte column just past the token's end (tokens never span lines).
    public var endColumn: Int
    /// Whether a line break separates this token from the one before it.
    public var isAtStartOfLine: Bool
    /// Whether a blank line separates this token from the one before it.
    public var hasBlankLineBefore: Bool
    /// The `///` lines just before the token, without the slashes and one leading space.
    public var documentation: [String]

    /// Makes a token.
    public init(
        kind: TokenKind, text: String, location: SourceLocation, endColumn: Int,
        isAtStartOfLine: Bool = false, hasBlankLineBefore: Bool = false, documentation: [String] = []
    ) {
        self.kind = kind
        self.text = text
        self.location = location
        self.endColumn = endColumn
        self.isAtStartOfLine = isAtStartOfLine
        self.hasBlankLineBefore = hasBlankLineBefore
        self.documentation = documentation
    }

    /// Where the token ends: the place to report something missing after it.
    public var endLocation: SourceLocation {
        SourceLocation(path: location.path, line: location.line, column: endColumn)
    }

    /// Whether this is the identifier `word` (schema keywords are contextual identifiers).
    public func isIdentifier(_ word: String) -> Bool {
        kind == .identifier && text == word
    }

    /// Whether this is a word that starts a top-level declaration: `model`, `enum` or `union`.
    public var startsDeclarationKeyword: Bool {
        isIdentifier("model") || isIdentifier("enum") || isIdentifier("union")
    }

    /// The token as a diagnostic names it: `'String'`, `string literal "a"`, `end of file`.
    public var quoted: String {
        switch kind {
        case .endOfFile: "end of file"
        case .stringLiteral: "string literal \"\(text)\""
        case .integerLiteral: "integer literal '\(text)'"
        case .floatLiteral: "floating-point literal '\(text)'"
        default: "'\(text)'"
        }
    }
}
