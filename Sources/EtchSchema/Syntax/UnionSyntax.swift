/// A parsed `union Name(discriminator: "type") { case post(Post); case ad(Ad) = "advert" }`.
public struct UnionSyntax: Sendable, Hashable {
    /// One variant: `case name(Model) [= "tag"]`.
    public struct Variant: Sendable, Hashable {
        /// The `///` lines before the `case` keyword.
        public var documentation: [String]
        /// The case's name.
        public var name: NameSyntax
        /// The variant's type as written.
        public var type: TypeSyntax
        /// The tag as written, if any; the case name otherwise.
        public var tag: LiteralSyntax?

        /// Makes a variant.
        public init(documentation: [String] = [], name: NameSyntax, type: TypeSyntax, tag: LiteralSyntax? = nil) {
            self.documentation = documentation
            self.name = name
            self.type = type
            self.tag = tag
        }
    }

    /// The `///` lines before the declaration.
    public var documentation: [String]
    /// The attributes written before `union`.
    public var attributes: [AttributeSyntax]
    /// The union's name.
    public var name: NameSyntax
    /// The arguments in parentheses after the name, such as `discriminator: "type"`.
    public var arguments: [AttributeSyntax.Argument]
    /// The variants, in source order.
    public var variants: [Variant]

    /// Makes a union declaration.
    public init(
        documentation: [String] = [], attributes: [AttributeSyntax] = [], name: NameSyntax,
        arguments: [AttributeSyntax.Argument] = [], variants: [Variant] = []
    ) {
        self.documentation = documentation
        self.attributes = attributes
        self.name = name
        self.arguments = arguments
        self.variants = variants
    }
}
