/// A type as written in a schema file, before names are resolved.
public indirect enum TypeSyntax: Sendable, Hashable, CustomStringConvertible {
    /// A name, with generic arguments if any: `String`, `User`, `Ref<User>`.
    case named(NameSyntax, genericArguments: [TypeSyntax])
    /// `T?`; the location is the question mark's.
    case optional(TypeSyntax, SourceLocation)
    /// `[T]`; the location is the bracket's.
    case array(TypeSyntax, SourceLocation)
    /// `[K: V]`; the location is the bracket's.
    case dictionary(key: TypeSyntax, value: TypeSyntax, SourceLocation)

    /// Where the type starts.
    public var location: SourceLocation {
        switch self {
        case .named(let name, _): name.location
        case .optional(let wrapped, _): wrapped.location
        case .array(_, let location), .dictionary(_, _, let location): location
        }
    }

    /// The type as written, normalized: `[String: Ref<User>]?`.
    public var description: String {
        switch self {
        case .named(let name, let arguments) where arguments.isEmpty: name.text
        case .named(let name, let arguments): "\(name.text)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .optional(let wrapped, _): "\(wrapped)?"
        case .array(let element, _): "[\(element)]"
        case .dictionary(let key, let value, _): "[\(key): \(value)]"
        }
    }
}
