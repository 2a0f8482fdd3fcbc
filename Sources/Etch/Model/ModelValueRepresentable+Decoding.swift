// The Codable path of a model: each field is read through the container call its type's
// JSON shape asks for, so `JSONDecoder` does no trial decoding (each failed trial throws, and
// a thrown error costs more than the read).

extension ModelValueRepresentable {
    /// Reads from a keyed container the shape of any JSON value, kinds tried in turn.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue {
        try container.decode(ModelValue.self, forKey: key)
    }

    /// Reads the next element of an unkeyed container, the shape of any JSON value, kinds tried in turn.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue {
        try container.decode(ModelValue.self)
    }
}

extension String {
    /// Reads from a keyed container the shape of a string.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue {
        .string(try container.decode(String.self, forKey: key))
    }

    /// Reads the next element of an unkeyed container, the shape of a string.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue {
        .string(try container.decode(String.self))
    }
}

extension Bool {
    /// Reads from a keyed container the shape of a boolean.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue {
        .bool(try container.decode(Bool.self, forKey: key))
    }

    /// Reads the next element of an unkeyed container, the shape of a boolean.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue {
        .bool(try container.decode(Bool.self))
    }
}

extension Int {
    /// Reads from a keyed container the shape of an integer.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue {
        .int(try container.decode(Int64.self, forKey: key))
    }

    /// Reads the next element of an unkeyed container, the shape of an integer.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue {
        .int(try container.decode(Int64.self))
    }
}

extension Int64 {
    /// Reads from a keyed container the shape of an integer.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue {
        .int(try container.decode(Int64.self, forKey: key))
    }

    /// Reads the next element of an unkeyed container, the shape of an integer.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue {
        .int(try container.decode(Int64.self))
    }
}

extension Double {
    /// Reads from a keyed container the shape of a number: an integer when it is integral and reads as one, as ``ModelValue``'s decoding keeps it.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue {
        ModelValue.decodedNumber(try container.decode(Double.self, forKey: key)) {
            try? container.decode(Int64.self, forKey: key)
        } unsigned: {
            try? container.decode(UInt64.self, forKey: key)
        }
    }
}

extension Optional {
    /// Reads from a keyed container the shape of `null`, or the wrapped type's shape.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue where Wrapped: ModelValueRepresentable {
        try container.decodeNil(forKey: key) ? .null : try Wrapped._decodeModelValue(in: container, forKey: key)
    }

    /// Reads the next element of an unkeyed container, the shape of `null`, or the wrapped type's shape.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue
    where Wrapped: ModelValueRepresentable {
        try container.decodeNil() ? .null : try Wrapped._decodeModelValue(in: &container)
    }
}

extension Array {
    /// Reads from a keyed container the shape of an array, each element by `Element`'s shape.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue where Element: ModelValueRepresentable {
        var elements = try container.nestedUnkeyedContainer(forKey: key)
        return try decodeElements(of: &elements)
    }

    /// Reads the next element of an unkeyed container, the shape of an array, each element by `Element`'s shape.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue
    where Element: ModelValueRepresentable {
        var elements = try container.nestedUnkeyedContainer()
        return try decodeElements(of: &elements)
    }

    private static func decodeElements(of container: inout any UnkeyedDecodingContainer) throws -> ModelValue
    where Element: ModelValueRepresentable {
        var elements: [ModelValue] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd { elements.append(try Element._decodeModelValue(in: &container)) }
        return .array(elements)
    }
}

extension Dictionary {
    /// Reads from a keyed container the shape of an object, each value by `Value`'s shape.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue where Key == String, Value: ModelValueRepresentable {
        .object(
            try ModelDictionary(
                container: try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key), schema: nil,
                decodingValuesAs: Value.self))
    }

    /// Reads the next element of an unkeyed container, the shape of an object, each value by `Value`'s shape.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue
    where Key == String, Value: ModelValueRepresentable {
        .object(
            try ModelDictionary(
                container: try container.nestedContainer(keyedBy: AnyCodingKey.self), schema: nil,
                decodingValuesAs: Value.self))
    }
}

extension ImmutableModel {
    /// Reads from a keyed container the shape of an object: the model's declared fields by their shapes, every other key kept.
    public static func _decodeModelValue(
        in container: KeyedDecodingContainer<_AnyCodingKey>, forKey key: _AnyCodingKey
    ) throws -> ModelValue {
        .object(
            try ModelDictionary(
                container: try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key), schema: _schema,
                decodingValuesAs: ModelValue.self))
    }

    /// Reads the next element of an unkeyed container, the shape of an object: the model's declared fields by their shapes, every other key kept.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer) throws -> ModelValue {
        .object(
            try ModelDictionary(
                container: try container.nestedContainer(keyedBy: AnyCodingKey.self), schema: _schema,
                decodingValuesAs: ModelValue.self))
    }
}

extension ModelValue {
    /// A number a `Decoder` read as a `Double`, kept as the trial decoding of ``ModelValue``
    /// keeps it: an integral value that reads as an `Int64` (or, above, a `UInt64`) is an
    /// integer, anything else a double.
    static func decodedNumber(
        _ double: Double, signed: () -> Int64?, unsigned: () -> UInt64?
    ) -> ModelValue {
        guard double.isFinite, double.rounded(.towardZero) == double else { return .double(double) }
        if let value = signed() { return .int(value) }
        if let value = unsigned() { return .integer(value) }
        return .double(double)
    }
}
