/// A coding key that can name any key a model declares, even where `init(stringValue:)`
/// declines to (see ``ModelCodingKey``): decoding reads declared keys by name through it.
protocol DeclaredCodingKey: CodingKey {
    /// The key with this string.
    init(declared key: String)
}
