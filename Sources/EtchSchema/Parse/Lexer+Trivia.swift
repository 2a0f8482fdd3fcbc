extension Lexer {
    /// What lies between two tokens, as far as the parser cares.
    struct Trivia {
        /// A line break came before the token (or it is the file's first).
        var startOfLine: Bool
        /// A blank line came before the token.
        var blankLine: Bool
        /// The `///` lines, stripped of the slashes and one space.
        var documentation: [String]
    }

    /// Skips whitespace and comments, collecting `///` lines.
    mutating func skipTrivia(isFirst: Bool) -> Trivia {
        var trivia = Trivia(startOfLine: isFirst, blankLine: false, documentation: [])
        var lineHasContent = !isFirst
        while offset < bytes.count {
            switch peek() {
            case UInt8(ascii: "\n"):
                if trivia.startOfLine && !lineHasContent && !isFirst { trivia.blankLine = true }
                trivia.startOfLine = true
                lineHasContent = false
                advance()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                advance()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                lineHasContent = true
                if peek(2) == UInt8(ascii: "/") && peek(3) != UInt8(ascii: "/") {
                    trivia.documentation.append(documentationLine())
                } else {
                    while offset < bytes.count && peek() != UInt8(ascii: "\n") { advance() }
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                lineHasContent = true
                let startLine = line
                blockComment()
                if line != startLine { trivia.startOfLine = true }
            default:
                return trivia
            }
        }
        return trivia
    }

    /// Reads a `///` line up to (not including) its line break.
    mutating func documentationLine() -> String {
        for _ in 0..<3 { advance() }
        if peek() == UInt8(ascii: " ") { advance() }
        let begin = offset
        while offset < bytes.count && peek() != UInt8(ascii: "\n") { advance() }
        var text = String(decoding: bytes[begin..<offset], as: UTF8.self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }

    /// Skips a `/* */` comment, which may nest; reports one left open.
    mutating func blockComment() {
        let start = location
        var depth = 0
        while offset < bytes.count {
            if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                advance()
                advance()
            } else if peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                advance()
                advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
        report("unterminated '/*' comment", at: start)
    }
}
