import Foundation

/// A coding key for any string, so objects keep every key they carry.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension ModelValue: Codable {
    /// Decodes any JSON-shaped value from any `Decoder`.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            self = .object(try ModelDictionary(container: container))
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [ModelValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd { elements.append(try container.decode(ModelValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a JSON value")
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
    fileprivate init(container: KeyedDecodingContainer<AnyCodingKey>) throws {
        let codingKeys = container.allKeys
        var keys: [String] = []
        var values: [ModelValue] = []
        keys.reserveCapacity(codingKeys.count)
        values.reserveCapacity(codingKeys.count)
        for key in codingKeys {
            keys.append(key.stringValue)
            values.append(try container.decode(ModelValue.self, forKey: key))
        }
        self.init(keys: keys, values: values)
    }

    /// Decodes an object from any `Decoder`, keeping every key.
    public init(from decoder: any Decoder) throws {
        try self.init(container: try decoder.container(keyedBy: AnyCodingKey.self))
    }

    /// Encodes every key, in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in zip(keys, values) {
            try container.encode(value, forKey: AnyCodingKey(stringValue: key))
        }
    }
}
