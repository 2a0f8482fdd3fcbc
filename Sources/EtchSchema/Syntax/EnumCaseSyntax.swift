/// One parsed enum case: `name [= "raw"]`.
public struct EnumCaseSyntax: Sendable, Hashable {
    /// The `///` lines before the `case` keyword.
    public var documentation: [String]
    /// The attributes written before `case`.
    public var attributes: [AttributeSyntax]
    /// The case's name.
    public var name: NameSyntax
    /// The raw value as written, if any.
    public var rawValue: LiteralSyntax?

    /// Makes a case.
    public init(
        documentation: [String] = [], attributes: [AttributeSyntax] = [], name: NameSyntax,
        rawValue: LiteralSyntax? = nil
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.name = name
        self.rawValue = rawValue
    }
}
