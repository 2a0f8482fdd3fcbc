/// A declaration in a schema file.
public enum DeclarationSyntax: Sendable, Hashable {
    /// `model Name { … }`
    case model(ModelSyntax)
    /// `enum Name: String { … }`
    case enumeration(EnumSyntax)
    /// `union Name(discriminator: "type") { … }`
    case union(UnionSyntax)

    /// The declared name.
    public var name: NameSyntax {
        switch self {
        case .model(let model): model.name
        case .enumeration(let enumeration): enumeration.name
        case .union(let union): union.name
        }
    }
}
