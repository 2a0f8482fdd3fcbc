/// A parsed `model Name { fields }` declaration.
public struct ModelSyntax: Sendable, Hashable {
    /// The `///` lines before the declaration.
    public var documentation: [String]
    /// The attributes written before `model`.
    public var attributes: [AttributeSyntax]
    /// The model's name.
    public var name: NameSyntax
    /// The fields, in source order.
    public var fields: [FieldSyntax]
    /// The inverse relations, in source order.
    public var inverses: [InverseSyntax] = []

    /// Makes a model declaration.
    public init(
        documentation: [String] = [], attributes: [AttributeSyntax] = [], name: NameSyntax, fields: [FieldSyntax] = []
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.name = name
        self.fields = fields
    }
}
