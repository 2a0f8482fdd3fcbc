/// The coding key of a model's object on the `Codable` path: any key, except that a
/// `Decoder` cannot make one for a key the model declares.
///
/// `KeyedDecodingContainer.allKeys` makes a key of the container's type for each key of the
/// object and drops those it cannot make, so through this type it lists only the undeclared
/// keys, the ones a model must find by listing: most objects have none, and then the list is
/// empty. Listing every key cost `JSONDecoder` a fifth of a model's decoding, as its keys
/// are copied into an array of `any CodingKey` and cast back one by one. The declared keys
/// are read by name, as a hand-written `Codable` type reads its own.
///
/// Only decoders known to leave out the keys they cannot make get this key; see
/// ``CodableKeyListing``.
struct ModelCodingKey<Model: ImmutableModel>: DeclaredCodingKey, Sendable {
    /// The key.
    let stringValue: String

    /// A key a model declares, or any other: for reading by name.
    init(declared key: String) {
        self.stringValue = key
    }

    /// A key the model does not declare; `nil` for one it declares, so that `allKeys`
    /// leaves it out.
    init?(stringValue: String) {
        guard Model._schema.position(ofDeclaredKey: stringValue) == nil else { return nil }
        self.stringValue = stringValue
    }

    /// `false`: the declared keys cannot be made.
    static var listsDeclaredKeys: Bool { false }

    /// `nil`: an object's keys are strings.
    var intValue: Int? { nil }

    /// `nil`: an object's keys are strings.
    init?(intValue: Int) { nil }
}
