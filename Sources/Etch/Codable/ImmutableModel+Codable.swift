// Codable: the same for every model, so it lives here once rather than in each generated
// struct.

extension ImmutableModel {
    /// Decodes every key, declared or not, and checks the declared ones.
    ///
    /// Declared fields are read by their types' JSON shapes, and a read that proves its
    /// value fits (a `String` field read as a string) is not checked again; see
    /// ``ModelDictionary/init(decoding:checked:)``.
    ///
    /// Any `Decoder` works. Under Foundation's `JSONDecoder` and `PropertyListDecoder`, which
    /// leave out keys a key type cannot make, only the undeclared keys are listed; under others
    /// every key is (see ``CodableKeyListing``).
    ///
    /// - Throws: `DecodingError.dataCorrupted` wrapping the ``ModelError`` when a declared
    ///   field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        var checked = true
        let dictionary = try CodableKeyListing.with(CodableKeyListing.forDecoder(decoder)) {
            try ModelDictionary(decoding: decoder, model: Self.self, checked: &checked)
        }
        if checked {
            self.init(_checkedDictionary: dictionary, localValues: LocalValues(), proof: _CheckedProof())
        } else {
            try self.init(decodedDictionary: dictionary, codingPath: decoder.codingPath)
        }
    }

    /// Makes a model from a dictionary a `Decoder` produced, checking every declared field.
    ///
    /// - Throws: `DecodingError.dataCorrupted` wrapping the ``ModelError``, at the coding path
    ///   of the offending value.
    init(decodedDictionary dictionary: ModelDictionary, codingPath: [any CodingKey]) throws {
        do {
            try self.init(dictionary: dictionary)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + error.keyPath.map(\.codingKey),
                    debugDescription: error.description,
                    underlyingError: error
                )
            )
        }
    }

    /// Encodes every key, declared or not, in stored order.
    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}

extension KeyPathComponent {
    /// The component as a `Decoder`'s coding path holds it.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): AnyCodingKey(stringValue: key)
        case .index(let index): AnyCodingKey(intValue: index)
        }
    }
}
