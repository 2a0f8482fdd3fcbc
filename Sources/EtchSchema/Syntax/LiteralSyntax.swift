/// A literal as written in a schema file: a default value, a raw value or an attribute
/// argument.
public struct LiteralSyntax: Sendable, Hashable {
    /// The kinds of literal.
    public enum Kind: Sendable, Hashable {
        /// A string literal, unescaped.
        case string(String)
        /// An integer literal as written, with its `-` if negative.
        case integer(String)
        /// A floating-point literal as written, with its `-` if negative.
        case float(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `nil`.
        case null
        /// `[]`.
        case emptyArray
        /// `[:]`.
        case emptyDictionary
        /// `.name`.
        case enumCase(String)
        /// A bare name such as `snake_case` (attribute arguments only).
        case identifier(String)
    }

    /// What the literal is.
    public var kind: Kind
    /// Where it starts.
    public var location: SourceLocation

    /// Makes a literal.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The literal as a diagnostic names it: `string literal "x"`, `'nil'`, `'.member'`.
    public var quoted: String {
        switch kind {
        case .string(let value): "string literal \"\(value)\""
        case .integer(let text): "integer literal '\(text)'"
        case .float(let text): "floating-point literal '\(text)'"
        case .bool(let value): "'\(value)'"
        case .null: "'nil'"
        case .emptyArray: "'[]'"
        case .emptyDictionary: "'[:]'"
        case .enumCase(let name): "'.\(name)'"
        case .identifier(let name): "'\(name)'"
        }
    }
}
