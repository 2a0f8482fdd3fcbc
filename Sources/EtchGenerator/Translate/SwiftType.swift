import EtchSchema

/// A Swift type as generated code spells it, module-qualified so that a user's own type
/// named `Date`, `JSON` or `Ref` cannot change what the generated code means.
public indirect enum SwiftType: Sendable, Hashable {
    /// A type of a module, such as `Swift.String`, `Foundation.Date` or `Etch.Ref<User>`.
    case qualified(module: String, name: String, arguments: [SwiftType] = [])
    /// A type the schema declares, in the same module or one it imports.
    case declared(String)
    /// `T?`
    case optional(SwiftType)
    /// `[T]`
    case array(SwiftType)
    /// `[Swift.String: T]`
    case dictionary(SwiftType)

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The Swift source text.
    public var source: String {
        switch self {
        case .qualified(let module, let name, let arguments):
            let generics = arguments.isEmpty ? "" : "<" + arguments.map(\.source).joined(separator: ", ") + ">"
            return "\(module).\(name)\(generics)"
        case .declared(let name): return name
        case .optional(let wrapped): return "\(wrapped.source)?"
        case .array(let element): return "[\(element.source)]"
        case .dictionary(let value): return "[Swift.String: \(value.source)]"
        }
    }
}

/// A Swift expression that generated code writes: a schema default, or a literal.
public enum SwiftExpression: Sendable, Hashable {
    /// A string literal; the renderer escapes it.
    case string(String)
    /// An integer literal, as written.
    case integer(String)
    /// A floating-point literal, as written.
    case float(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `nil`.
    case `nil`
    /// `[]`.
    case emptyArray
    /// `[:]`.
    case emptyDictionary
    /// An enum case: `.name` where the type is plain, or `Type.name` where an optional would
    /// make `.name` ambiguous (`.none`).
    case enumCase(type: String?, name: SwiftIdentifier)
}

/// A name in generated code, escaped with backticks where Swift needs it.
public struct SwiftIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The name as the schema writes it.
    public var name: String

    /// Makes an identifier.
    public init(_ name: String) {
        self.name = name
    }

    /// The name as Swift source: a keyword in backticks (`` `default` ``), anything else as is.
    public var source: String { Self.keywords.contains(name) ? "`\(name)`" : name }

    /// The name of a parameter inside a function body. `self` there would mean the value
    /// itself, so its parameter is named `_self` inside (its label stays `self`).
    public var localName: String { name == "self" ? "_self" : source }

    /// The name as Swift source; see ``source``.
    public var description: String { source }

    /// The name as an argument label in a call: plain, as Swift wants keywords there, but
    /// for the few that still need backticks.
    public var label: String { SwiftKeyword.needsEscapingAsLabel(name) ? "`\(name)`" : name }

    /// Swift's reserved words, which generated code always escapes.
    static var keywords: Set<String> { SwiftKeyword.spellings }
}
