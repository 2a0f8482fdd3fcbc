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
    /// Whether to generate ``GeneratorOptions/registryFileName``, the list of the target's
    /// models with an `id` that a store is made with.
    public var generatesRegistry: Bool

    /// The file, and the enum in it, that lists the target's models: `EtchModels`.
    public static let registryName = "EtchModels"
    /// The registry's file name, which no schema file may take.
    public static let registryFileName = registryName + ".swift"

    /// Makes options.
    public init(accessLevel: AccessLevel = .public, generatesRegistry: Bool = true) {
        self.accessLevel = accessLevel
        self.generatesRegistry = generatesRegistry
    }
}
