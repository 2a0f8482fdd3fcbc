/// A parsed inverse relation: `[attributes] inverse name: [Model] via field`.
public struct InverseSyntax: Sendable, Hashable {
    /// The `///` lines before the declaration.
    public var documentation: [String]
    /// The attributes written before `inverse`, such as `@orderBy(year, descending)`.
    public var attributes: [AttributeSyntax]
    /// The relation's name.
    public var name: NameSyntax
    /// The type as written: `[Model]`.
    public var type: TypeSyntax
    /// The field of the other model that refers back.
    public var via: NameSyntax

    /// Makes an inverse relation.
    public init(
        documentation: [String] = [], attributes: [AttributeSyntax] = [], name: NameSyntax, type: TypeSyntax,
        via: NameSyntax
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.name = name
        self.type = type
        self.via = via
    }
}
