/// The kinds of token in a schema file.
///
/// Schema keywords (`model`, `enum`, `case`, `let`, `var`, `true`, `false`, `nil`) are
/// identifiers that the parser recognizes where they are expected.
public enum TokenKind: Sendable, Hashable {
    /// A name such as `User` or `let`.
    case identifier
    /// A string literal; the token's text is its unescaped value.
    case stringLiteral
    /// An integer literal such as `42`, without sign.
    case integerLiteral
    /// A floating-point literal such as `1.5` or `1e3`, without sign.
    case floatLiteral
    /// `{`
    case leftBrace
    /// `}`
    case rightBrace
    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `[`
    case leftBracket
    /// `]`
    case rightBracket
    /// `<`
    case leftAngle
    /// `>`
    case rightAngle
    /// `:`
    case colon
    /// `;`
    case semicolon
    /// `,`
    case comma
    /// `.`
    case dot
    /// `=`
    case equals
    /// `?`
    case question
    /// `@`
    case at
    /// `-`
    case minus
    /// The end of the file; the lexer always ends with one.
    case endOfFile

    /// The kind of a one-character punctuation token, if `byte` is one.
    static func punctuation(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: "<"): .leftAngle
        case UInt8(ascii: ">"): .rightAngle
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: ";"): .semicolon
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "="): .equals
        case UInt8(ascii: "?"): .question
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "-"): .minus
        default: nil
        }
    }
}
