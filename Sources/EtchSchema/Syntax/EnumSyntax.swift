/// A parsed `enum Name: String { case a; case b = "raw" }` declaration.
public struct EnumSyntax: Sendable, Hashable {
    /// The `///` lines before the declaration.
    public var documentation: [String]
    /// The attributes written before `enum`.
    public var attributes: [AttributeSyntax]
    /// The enum's name.
    public var name: NameSyntax
    /// The raw type after the colon, if one was written.
    public var rawType: TypeSyntax?
    /// The cases, in source order; `case a, b` gives two.
    public var cases: [EnumCaseSyntax]

    /// Makes an enum declaration.
    public init(
        documentation: [String] = [], attributes: [AttributeSyntax] = [], name: NameSyntax,
        rawType: TypeSyntax?, cases: [EnumCaseSyntax] = []
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.name = name
        self.rawType = rawType
        self.cases = cases
    }
}
