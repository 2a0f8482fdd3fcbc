/// One parsed schema file: the output of the ``Parser`` and the input of the ``Checker``.
///
/// The tree keeps what was written, right or wrong; the checker decides what it means.
public struct SyntaxTree: Sendable, Hashable {
    /// The file's path, as used in diagnostics.
    public var path: String
    /// Attributes that apply to the whole file, such as a leading `@keyStyle(snake_case)`.
    public var attributes: [AttributeSyntax]
    /// The declarations, in source order.
    public var declarations: [DeclarationSyntax]

    /// Makes a tree.
    public init(path: String, attributes: [AttributeSyntax] = [], declarations: [DeclarationSyntax] = []) {
        self.path = path
        self.attributes = attributes
        self.declarations = declarations
    }
}

/// A declaration in a schema file.
public enum DeclarationSyntax: Sendable, Hashable {
    /// `model Name { … }`
    case model(ModelSyntax)
    /// `enum Name: String { … }`
    case enumeration(EnumSyntax)

    /// The declared name.
    public var name: NameSyntax {
        switch self {
        case .model(let model): model.name
        case .enumeration(let enumeration): enumeration.name
        }
    }
}
