// The Codable path of a model: each field is read through the container call its type's
// JSON shape asks for, so `JSONDecoder` does no trial decoding (each failed trial throws, and
// a thrown error costs more than the read).

extension ModelValueRepresentable {
    /// Reads a value of this shape from a keyed container: Any JSON value, kinds tried in turn.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue {
        try container.decode(ModelValue.self, forKey: key)
    }

    /// Reads the next element of this shape: Any JSON value, kinds tried in turn.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue
    {
        try container.decode(ModelValue.self)
    }
}

extension String {
    /// Reads a value of this shape from a keyed container: A string.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue {
        .string(try container.decode(String.self, forKey: key))
    }

    /// Reads the next element of this shape: A string.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue
    {
        .string(try container.decode(String.self))
    }
}

extension Bool {
    /// Reads a value of this shape from a keyed container: A boolean.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue {
        .bool(try container.decode(Bool.self, forKey: key))
    }

    /// Reads the next element of this shape: A boolean.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue
    {
        .bool(try container.decode(Bool.self))
    }
}

extension Int {
    /// Reads a value of this shape from a keyed container: An integer.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue {
        .int(try container.decode(Int64.self, forKey: key))
    }

    /// Reads the next element of this shape: An integer.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue
    {
        .int(try container.decode(Int64.self))
    }
}

extension Int64 {
    /// Reads a value of this shape from a keyed container: An integer.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue {
        .int(try container.decode(Int64.self, forKey: key))
    }

    /// Reads the next element of this shape: An integer.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue
    {
        .int(try container.decode(Int64.self))
    }
}

extension Double {
    /// Reads a value of this shape from a keyed container: A number: an integer when it is integral and reads as one, as ``ModelValue``'s decoding keeps it.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue {
        ModelValue.decodedNumber(try container.decode(Double.self, forKey: key)) {
            try? container.decode(Int64.self, forKey: key)
        } unsigned: {
            try? container.decode(UInt64.self, forKey: key)
        }
    }
}

extension Optional {
    /// Reads a value of this shape from a keyed container: `null`, or the wrapped type's shape.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue where Wrapped: ModelValueRepresentable {
        try container.decodeNil(forKey: key) ? .null : try Wrapped._decodeModelValue(in: container, forKey: key)
    }

    /// Reads the next element of this shape: `null`, or the wrapped type's shape.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue where Wrapped: ModelValueRepresentable
    {
        try container.decodeNil() ? .null : try Wrapped._decodeModelValue(in: &container)
    }
}

extension Array {
    /// Reads a value of this shape from a keyed container: An array, each element by `Element`'s shape.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue where Element: ModelValueRepresentable {
        var elements = try container.nestedUnkeyedContainer(forKey: key)
        return try decodeElements(of: &elements)
    }

    /// Reads the next element of this shape: An array, each element by `Element`'s shape.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue where Element: ModelValueRepresentable
    {
        var elements = try container.nestedUnkeyedContainer()
        return try decodeElements(of: &elements)
    }

    private static func decodeElements(of container: inout some UnkeyedDecodingContainer) throws -> ModelValue
    where Element: ModelValueRepresentable {
        var elements: [ModelValue] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd { elements.append(try Element._decodeModelValue(in: &container)) }
        return .array(elements)
    }
}

extension Dictionary {
    /// Reads a value of this shape from a keyed container: An object, each value by `Value`'s shape.
    public static func _decodeModelValue<ContainerKey: CodingKey>(
        in container: KeyedDecodingContainer<ContainerKey>, forKey key: ContainerKey
    ) throws -> ModelValue where Key == String, Value: ModelValueRepresentable {
        .object(
            try ModelDictionary(
                container: try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key), schema: nil,
                decodingValuesAs: Value.self))
    }

    /// Reads the next element of this shape: An object, each value by `Value`'s shape.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue where Key == String, Value: ModelValueRepresentable
    {
        .object(
            try ModelDictionary(
                container: try container.nestedContainer(keyedBy: AnyCodingKey.self), schema: nil,
                decodingValuesAs: Value.self))
    }
}

extension ImmutableModel {
    /// Reads a value of this shape from a keyed container: An object: the model's declared fields by their shapes, every other key kept.
    public static func _decodeModelValue<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> ModelValue {
        .object(
            try ModelDictionary(
                container: try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key), schema: _schema,
                decodingValuesAs: ModelValue.self))
    }

    /// Reads the next element of this shape: An object: the model's declared fields by their shapes, every other key kept.
    public static func _decodeModelValue<Container: UnkeyedDecodingContainer>(in container: inout Container) throws
        -> ModelValue
    {
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
