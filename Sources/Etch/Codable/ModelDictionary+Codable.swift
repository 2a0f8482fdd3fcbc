extension ModelDictionary: Codable {
    /// Decodes an object from any `Decoder`, keeping every key.
    public init(from decoder: any Decoder) throws {
        var anyValues = true
        try self.init(
            decoding: try decoder.container(keyedBy: AnyCodingKey.self), valuesAs: ModelValue.self, checked: &anyValues)
    }

    /// Encodes every key, in order.
    ///
    /// Scalars go straight into the keyed container, as a hand-written `Codable` type's
    /// would. Objects go in as values, as a `Codable` type's nested structs do: `JSONEncoder`
    /// then reuses one encoder for them, which costs less than a nested container (one
    /// more lookup of the key, and a new container). Arrays go into nested containers,
    /// except that an array of integers, strings or doubles alone goes in as a Swift array
    /// of them, which `JSONEncoder` writes straight to bytes, as it writes a `Codable`
    /// type's `[Int]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try encode(into: &container)
    }

    private func encode(into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        let keys = storedKeys
        for position in keys.indices {
            let key = AnyCodingKey(stringValue: keys[position])
            let value = storage.elements[position]
            switch value {
            case .null: try container.encodeNil(forKey: key)
            case .bool(let value): try container.encode(value, forKey: key)
            case .int(let value): try container.encode(value, forKey: key)
            case .uint(let value): try container.encode(value, forKey: key)
            case .double(let value): try container.encode(value, forKey: key)
            case .string(let value): try container.encode(value, forKey: key)
            case .number: try container.encode(value, forKey: key)
            case .object(let object):
                try container.encode(object, forKey: key)
            case .array(let elements):
                if let scalars = ScalarArray(elements) {
                    try scalars.encode(forKey: key, into: &container)
                } else {
                    var nested = container.nestedUnkeyedContainer(forKey: key)
                    try Self.encode(elements, into: &nested)
                }
            }
        }
    }

    private static func encode(_ elements: [ModelValue], into container: inout any UnkeyedEncodingContainer) throws {
        for value in elements {
            switch value {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .uint(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .number: try container.encode(value)
            case .object(let object):
                try container.encode(object)
            case .array(let elements):
                if let scalars = ScalarArray(elements) {
                    try scalars.encode(into: &container)
                } else {
                    var nested = container.nestedUnkeyedContainer()
                    try encode(elements, into: &nested)
                }
            }
        }
    }
}
