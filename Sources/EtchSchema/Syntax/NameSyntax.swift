/// A name as written in a schema file, with where it is.
public struct NameSyntax: Sendable, Hashable {
    /// The name.
    public var text: String
    /// Where the name starts.
    public var location: SourceLocation

    /// Makes a name.
    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }
}
