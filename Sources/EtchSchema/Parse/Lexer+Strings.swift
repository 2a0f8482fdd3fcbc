extension Lexer {
    /// Reads a string literal, unescaping `\n \t \r \0 \" \' \\ \u{…}`.
    ///
    /// A literal left open at the end of its line is reported and ends there.
    mutating func string(start: SourceLocation) -> Token {
        advance()
        var value: [UInt8] = []
        while true {
            let byte = peek()
            if offset >= bytes.count || byte == UInt8(ascii: "\n") {
                report("unterminated string literal", at: start)
                break
            }
            if byte == UInt8(ascii: "\"") {
                advance()
                break
            }
            if byte == UInt8(ascii: "\\") {
                value += escape()
            } else {
                value.append(byte)
                advance()
            }
        }
        return makeToken(.stringLiteral, text: String(decoding: value, as: UTF8.self), start: start)
    }

    /// Reads one escape sequence at a backslash and returns its UTF-8 bytes.
    mutating func escape() -> [UInt8] {
        let start = location
        advance()
        let byte = peek()
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "0"): 0,
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "'"): UInt8(ascii: "'"),
            UInt8(ascii: "\\"): UInt8(ascii: "\\"),
        ]
        if let replacement = simple[byte] {
            advance()
            return [replacement]
        }
        if byte == UInt8(ascii: "u") && peek(1) == UInt8(ascii: "{") {
            advance()
            advance()
            var digits = ""
            while peek().isHexDigit && digits.count < 9 {
                digits.append(Character(UnicodeScalar(peek())))
                advance()
            }
            let closed = peek() == UInt8(ascii: "}")
            if closed { advance() }
            if closed, (1...8).contains(digits.count), let code = UInt32(digits, radix: 16),
                let scalar = UnicodeScalar(code)
            {
                return Array(String(scalar).utf8)
            }
            report("invalid unicode scalar '\\u{\(digits)\(closed ? "}" : "")' in string literal", at: start)
            return []
        }
        if byte == UInt8(ascii: "\n") || offset >= bytes.count { return [] }
        let shown = byte < 0x80 && byte >= 0x20 ? String(UnicodeScalar(byte)) : "?"
        report("invalid escape sequence '\\\(shown)' in string literal", at: start)
        return []
    }
}
