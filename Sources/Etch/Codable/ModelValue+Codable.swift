import Foundation

extension ModelValue: Codable {
    /// Decodes any JSON-shaped value from any `Decoder`.
    ///
    /// A `Decoder` cannot say what kind of value comes next, so kinds are tried in turn,
    /// and each failed try throws; the order puts the common kinds first: `null` (which
    /// never throws), strings, numbers, booleans, objects, arrays. Models decode their
    /// declared fields by their types instead
    /// (``ModelValueRepresentable/_decodeModelValue(in:forKey:checked:)``).
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
            var anyValues = true
            self = .object(try ModelDictionary(decoding: container, valuesAs: ModelValue.self, checked: &anyValues))
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
