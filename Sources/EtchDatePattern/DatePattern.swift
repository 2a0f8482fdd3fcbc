/// A checked date pattern, such as `yyyy-MM-dd'T'HH:mm:ss.SSSZ`: its elements, in order.
///
/// The grammar is the Unicode (ICU) date field symbols that `DateFormatter` uses, for the
/// fields a JSON API sends: years, months (numbers or English names), days, 24- and 12-hour
/// clocks, minutes, seconds, fractions of any width, weekday names and UTC offsets. Text in
/// single quotes is literal (`'T'`), and `''` is a quote. A pattern is refused unless what
/// it writes reads back as the same date at its resolution: it must hold the year, the
/// month and the day, a 12-hour clock needs `a`, minutes need an hour, and a number whose
/// width varies cannot run into another number.
///
/// The schema checker and the runtime both read patterns through this type, so a pattern
/// `etch` accepts is one the runtime reads and writes without `DateFormatter`.
package struct DatePattern: Sendable, Hashable {
    /// The elements, adjacent literals merged into one.
    package let elements: [DatePatternElement]

    /// Reads and checks a pattern.
    ///
    /// - Throws: ``DatePatternError`` saying what is wrong, for a pattern that is empty, has an
    ///   unterminated quote or a letter that is not a supported field, or cannot read back
    ///   what it writes.
    package init(_ pattern: String) throws(DatePatternError) {
        let tokens = try Self.tokens(of: pattern)
        try Self.check(tokens)
        elements = tokens.map(\.element)
    }
}

extension DatePattern {
    /// One element and the letters it was written with, for messages.
    struct Token {
        var element: DatePatternElement
        /// The field's letters, such as `MM`; empty for a literal.
        var letters: String
    }

    /// Splits a pattern into fields (runs of one ASCII letter) and literal text.
    static func tokens(of pattern: String) throws(DatePatternError) -> [Token] {
        guard !pattern.isEmpty else { throw DatePatternError("must not be empty") }
        var tokens: [Token] = []
        var literal = ""
        func flushLiteral() {
            if !literal.isEmpty { tokens.append(Token(element: .literal(literal), letters: "")) }
            literal = ""
        }
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                index += 1
                if index < scalars.count, scalars[index] == "'" {
                    literal.unicodeScalars.append("'")
                    index += 1
                    continue
                }
                while true {
                    guard index < scalars.count else {
                        throw DatePatternError(
                            "has an unterminated quote: end quoted text with ', and write '' for a quote")
                    }
                    if scalars[index] == "'" {
                        if index + 1 < scalars.count, scalars[index + 1] == "'" {
                            literal.unicodeScalars.append("'")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    literal.unicodeScalars.append(scalars[index])
                    index += 1
                }
            } else if isASCIILetter(scalar) {
                var count = 1
                while index + count < scalars.count, scalars[index + count] == scalar { count += 1 }
                flushLiteral()
                let letters = String(repeating: Character(scalar), count: count)
                tokens.append(Token(element: try element(Character(scalar), count: count), letters: letters))
                index += count
            } else {
                literal.unicodeScalars.append(scalar)
                index += 1
            }
        }
        flushLiteral()
        return tokens
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
