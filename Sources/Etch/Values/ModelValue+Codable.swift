import Foundation

/// A coding key for any string, so objects keep every key they carry. Public for the
/// decoding requirements of ``ModelValueRepresentable``; not user API.
public struct _AnyCodingKey: CodingKey, Sendable {
    /// The key.
    public var stringValue: String
    /// The index, for an array element.
    public var intValue: Int?

    /// A key for an object member.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// A key for an array element.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

typealias AnyCodingKey = _AnyCodingKey

extension ModelValue: Codable {
    /// Decodes any JSON-shaped value from any `Decoder`.
    ///
    /// A `Decoder` cannot say what kind of value comes next, so kinds are tried in turn,
    /// and each failed try throws; the order puts the common kinds first: `null` (which
    /// never throws), strings, numbers, booleans, objects, arrays. Models decode their
    /// declared fields by their types instead (``ModelValueRepresentable/_decodeModelValue(in:forKey:)``).
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let value = try? single.decode(Double.self) {
            self = Self.decodedNumber(value) {
                try? single.decode(Int64.self)
            } unsigned: {
                try? single.decode(UInt64.self)
            }
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            self = .object(try ModelDictionary(container: container, schema: nil, decodingValuesAs: ModelValue.self))
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [ModelValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd { elements.append(try container.decode(ModelValue.self)) }
            self = .array(elements)
        } else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "Expected a JSON value")
        }
    }

    /// Encodes the value to any `Encoder`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            try object.encode(to: encoder)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .uint(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            // A Decimal keeps up to 38 digits, more than a Double; beyond its range, the Double.
            var container = encoder.singleValueContainer()
            if let decimal = Decimal(string: value.text, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite {
                try container.encode(decimal)
            } else {
                try container.encode(value.doubleValue)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

extension ModelDictionary: Codable {
    /// Decodes an object's every key, in the container's order: a declared field of
    /// `schema` through its type's shape, any other key as `Value`'s shape.
    init<Value: ModelValueRepresentable>(
        container: KeyedDecodingContainer<AnyCodingKey>, schema: _ModelSchema?, decodingValuesAs _: Value.Type
    ) throws {
        let codingKeys = container.allKeys
        var keys: [String] = []
        var values: [ModelValue] = []
        keys.reserveCapacity(codingKeys.count)
        values.reserveCapacity(codingKeys.count)
        for key in codingKeys {
            keys.append(key.stringValue)
            if let field = schema?.field(forKey: key.stringValue) {
                // A value of the wrong shape is read as it is, so the model's check reports it
                // as for its own reader: a ModelError with the field's path and the model's name.
                let value = try? field._decodeValue(in: container, forKey: key)
                values.append(try value ?? container.decode(ModelValue.self, forKey: key))
            } else {
                values.append(try Value._decodeModelValue(in: container, forKey: key))
            }
        }
        self.init(keys: keys, values: values)
    }

    /// Decodes an object from any `Decoder`, keeping every key.
    public init(from decoder: any Decoder) throws {
        try self.init(
            container: try decoder.container(keyedBy: AnyCodingKey.self), schema: nil,
            decodingValuesAs: ModelValue.self)
    }

    /// Encodes every key, in order.
    ///
    /// Scalars go straight into the keyed container, and objects and arrays into nested
    /// containers, as a hand-written `Codable` type's would: no encoder per value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try encode(into: &container)
    }

    private func encode(into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        for (key, value) in zip(keys, values) {
            let key = AnyCodingKey(stringValue: key)
            switch value {
            case .null: try container.encodeNil(forKey: key)
            case .bool(let value): try container.encode(value, forKey: key)
            case .int(let value): try container.encode(value, forKey: key)
            case .uint(let value): try container.encode(value, forKey: key)
            case .double(let value): try container.encode(value, forKey: key)
            case .string(let value): try container.encode(value, forKey: key)
            case .number: try container.encode(value, forKey: key)
            case .object(let object):
                var nested = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
                try object.encode(into: &nested)
            case .array(let elements):
                var nested = container.nestedUnkeyedContainer(forKey: key)
                try Self.encode(elements, into: &nested)
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
                var nested = container.nestedContainer(keyedBy: AnyCodingKey.self)
                try object.encode(into: &nested)
            case .array(let elements):
                var nested = container.nestedUnkeyedContainer()
                try encode(elements, into: &nested)
            }
        }
    }
}
