// A union on the Codable path: its variants' fields are not in its own field table, so no
// read proves a union's value, and the union checks it once decoded, as it checks any object.

extension ModelUnion {
    /// Decodes every key, then reads the variant the discriminator names.
    ///
    /// - Throws: `DecodingError.dataCorrupted` wrapping the ``ModelError`` when the object does
    ///   not fit the variant.
    public init(from decoder: any Decoder) throws {
        var anyValues = true
        let dictionary = try ModelDictionary(
            decoding: try decoder.container(keyedBy: AnyCodingKey.self), valuesAs: ModelValue.self,
            checked: &anyValues)
        try self.init(decodedDictionary: dictionary, codingPath: decoder.codingPath)
    }

    /// Reads from a keyed container the shape of an object, every key kept, for the parent
    /// model to check.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        checked = false
        return .object(
            try ModelDictionary(
                decoding: try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key),
                valuesAs: ModelValue.self, checked: &checked))
    }

    /// Reads the next element of an unkeyed container, the shape of an object, every key
    /// kept, for the parent model to check.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        checked = false
        return .object(
            try ModelDictionary(
                decoding: try container.nestedContainer(keyedBy: AnyCodingKey.self), valuesAs: ModelValue.self,
                checked: &checked))
    }
}
