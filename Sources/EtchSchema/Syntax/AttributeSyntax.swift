/// A parsed attribute: `@name` or `@name(arguments)`.
public struct AttributeSyntax: Sendable, Hashable {
    /// One argument: `value` or `label: value`.
    public struct Argument: Sendable, Hashable {
        /// The label before the colon, if any.
        public var label: NameSyntax?
        /// The value.
        public var value: LiteralSyntax

        /// Makes an argument.
        public init(label: NameSyntax? = nil, value: LiteralSyntax) {
            self.label = label
            self.value = value
        }
    }

    /// The name after `@`; its location is the `@`'s.
    public var name: NameSyntax
    /// The arguments; `nil` when there are no parentheses at all.
    public var arguments: [Argument]?

    /// Makes an attribute.
    public init(name: NameSyntax, arguments: [Argument]? = nil) {
        self.name = name
        self.arguments = arguments
    }
}
