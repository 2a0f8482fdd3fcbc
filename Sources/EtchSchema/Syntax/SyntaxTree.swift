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
