/// A parsed field: `[attributes] let|var name: Type [= default]`.
public struct FieldSyntax: Sendable, Hashable {
    /// The `///` lines before the field.
    public var documentation: [String]
    /// The attributes written before `let` or `var`.
    public var attributes: [AttributeSyntax]
    /// `var` rather than `let`.
    public var isMutable: Bool
    /// The field's name.
    public var name: NameSyntax
    /// The field's type as written.
    public var type: TypeSyntax
    /// The default value as written, if any.
    public var defaultValue: LiteralSyntax?

    /// Makes a field.
    public init(
        documentation: [String] = [], attributes: [AttributeSyntax] = [], isMutable: Bool,
        name: NameSyntax, type: TypeSyntax, defaultValue: LiteralSyntax? = nil
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.isMutable = isMutable
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}
