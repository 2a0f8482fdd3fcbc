/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `package`
    case `internal`

    /// The keyword with a trailing space, or nothing for `internal` (Swift's default).
    var prefix: String { self == .internal ? "" : rawValue + " " }
}

/// Settings of one generator run.
public struct GeneratorOptions: Sendable, Hashable {
    /// The access level of the generated types and their members.
    public var accessLevel: AccessLevel

    /// Makes options.
    public init(accessLevel: AccessLevel = .public) {
        self.accessLevel = accessLevel
    }
}
