/// A coding key that can name any key a model declares, even where `init(stringValue:)`
/// declines to (see ``ModelCodingKey``): decoding reads declared keys by name through it.
protocol DeclaredCodingKey: CodingKey {
    /// The key with this string.
    init(declared key: String)

    /// Whether `allKeys` lists the declared keys too, so that decoding skips them; see
    /// ``CodableKeyListing``.
    static var listsDeclaredKeys: Bool { get }
}

extension _AnyCodingKey: DeclaredCodingKey {
    /// The key with this string.
    init(declared key: String) {
        self.init(stringValue: key)
    }

    /// `true`: every key can be made.
    static var listsDeclaredKeys: Bool { true }
}
