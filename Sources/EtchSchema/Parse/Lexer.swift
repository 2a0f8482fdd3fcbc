/// The first stage: turns a schema file's text into tokens with their locations.
///
/// It reports stray characters, unterminated strings and comments, and bad escapes, and keeps
/// going, so the parser sees every token that can be made out. `//` and `/* */` comments
/// (nestable, as in Swift) are skipped; `///` lines are kept as the next token's
/// documentation.
///
/// ```swift
/// let (tokens, diagnostics) = Lexer.tokenize(SchemaSource(path: "A.etch", text: "let id: String"))
/// tokens.map(\.text) // ["let", "id", ":", "String", ""]
/// ```
public struct Lexer {
    /// The file's path, used in locations.
    public let path: String
    let bytes: [UInt8]
    var offset = 0
    var line = 1
    var lineStart = 0
    /// The problems found so far.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// Makes a lexer over one file.
    public init(source: SchemaSource) {
        path = source.path
        bytes = Array(source.text.utf8)
    }

    /// Tokenizes a whole file.
    ///
    /// - Returns: The tokens, always ending with an ``TokenKind/endOfFile`` token, and the
    ///   problems found.
    /// - Complexity: O(*n*) in the length of the text.
    public static func tokenize(_ source: SchemaSource) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(source: source)
        let tokens = lexer.tokenize()
        return (tokens, lexer.diagnostics)
    }

    /// Tokenizes the rest of the file.
    public mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        while true {
            let trivia = skipTrivia(isFirst: tokens.isEmpty)
            guard offset < bytes.count else {
                tokens.append(
                    Token(
                        kind: .endOfFile, text: "", location: location, endColumn: column,
                        isAtStartOfLine: true, hasBlankLineBefore: trivia.blankLine))
                return tokens
            }
            if var token = nextToken() {
                token.isAtStartOfLine = trivia.startOfLine
                token.hasBlankLineBefore = trivia.blankLine
                token.documentation = trivia.documentation
                tokens.append(token)
            }
        }
    }

    // MARK: - Positions

    /// The current 1-based UTF-8 column.
    var column: Int { offset - lineStart + 1 }

    /// The current location.
    var location: SourceLocation { SourceLocation(path: path, line: line, column: column) }

    /// The byte `distance` past the current one, or 0 past the end.
    func peek(_ distance: Int = 0) -> UInt8 {
        offset + distance < bytes.count ? bytes[offset + distance] : 0
    }

    /// Steps over one byte, counting lines.
    mutating func advance() {
        guard offset < bytes.count else { return }
        if bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        offset += 1
    }

    /// Records a problem.
    mutating func report(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    // MARK: - Tokens

    /// Reads one token, or reports a stray character and returns `nil`.
    mutating func nextToken() -> Token? {
        let start = location
        let byte = peek()
        if byte.isIdentifierStart {
            let begin = offset
            while peek().isIdentifierContinuation { advance() }
            return makeToken(.identifier, text: String(decoding: bytes[begin..<offset], as: UTF8.self), start: start)
        }
        if byte.isDigit { return number(start: start) }
        if byte == UInt8(ascii: "\"") { return string(start: start) }
        if let kind = TokenKind.punctuation(byte) {
            advance()
            return makeToken(kind, text: String(UnicodeScalar(byte)), start: start)
        }
        strayCharacter(start: start)
        return nil
    }

    /// Makes a token that started at `start` and ends here.
    func makeToken(_ kind: TokenKind, text: String, start: SourceLocation) -> Token {
        Token(kind: kind, text: text, location: start, endColumn: column)
    }

    /// Reads an integer or floating-point literal: `42`, `1_000`, `1.5`, `2e-3`.
    mutating func number(start: SourceLocation) -> Token {
        let begin = offset
        var kind = TokenKind.integerLiteral
        while peek().isDigit || peek() == UInt8(ascii: "_") { advance() }
        if peek() == UInt8(ascii: "."), peek(1).isDigit {
            kind = .floatLiteral
            advance()
            while peek().isDigit || peek() == UInt8(ascii: "_") { advance() }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            let sign = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") ? 1 : 0
            if peek(1 + sign).isDigit {
                kind = .floatLiteral
                for _ in 0...sign { advance() }
                while peek().isDigit { advance() }
            }
        }
        return makeToken(kind, text: String(decoding: bytes[begin..<offset], as: UTF8.self), start: start)
    }

    /// Reports one stray character (a whole UTF-8 sequence) and steps over it.
    mutating func strayCharacter(start: SourceLocation) {
        let begin = offset
        advance()
        while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { advance() }
        let scalar = String(decoding: bytes[begin..<offset], as: UTF8.self)
        let printable = scalar.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && $0.value != 0xFFFD }
        let shown =
            printable
            ? "'\(scalar)'"
            : bytes[begin..<offset].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        report("unexpected character \(shown) in schema", at: start)
    }
}
