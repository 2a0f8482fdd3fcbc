// Equality, hashing, Codable and printing: the same for every model, so they live here once
// rather than in each generated struct.

extension ImmutableModel {
    /// Equal when the serialized data is equal; local values do not count.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.dictionary == rhs.dictionary
    }

    /// Hashes the serialized data; local values do not count.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dictionary)
    }

    /// Decodes every key, declared or not, and checks the declared ones.
    ///
    /// - Throws: `DecodingError.dataCorrupted` wrapping the ``ModelError`` when a declared
    ///   field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let dictionary = try ModelDictionary(
            container: try decoder.container(keyedBy: AnyCodingKey.self), schema: Self._schema,
            decodingValuesAs: ModelValue.self)
        do {
            try self.init(dictionary: dictionary)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + error.keyPath.map(\.codingKey),
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

    /// The declared fields, such as `Room(id: "r1", title: "Lobby", unread: 3)`.
    ///
    /// Models print through `CustomDebugStringConvertible`, so a field named `description`
    /// belongs to the model's own API.
    public var debugDescription: String {
        let fields = Self._schema.fields.map { "\($0.name): \($0.describe(in: dictionary))" }
        return "\(Self.modelName)(" + fields.joined(separator: ", ") + ")"
    }
}

extension KeyPathComponent {
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): AnyCodingKey(stringValue: key)
        case .index(let index): AnyCodingKey(intValue: index)
        }
    }
}
