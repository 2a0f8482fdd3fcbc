// The Codable path of a model: each field is read through the container call its type's
// JSON shape asks for, so `JSONDecoder` does no trial decoding (each failed trial throws, and
// a thrown error costs more than the read), and a read that proves the value reads as its
// type spares the model checking it again.

extension ModelValueRepresentable {
    /// Reads from a keyed container the shape of any JSON value, kinds tried in turn; the
    /// model checks it afterwards.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        checked = false
        return try ModelValue._decodeModelValue(in: container, forKey: key, checked: &checked)
    }

    /// Reads the next element of an unkeyed container, the shape of any JSON value, kinds
    /// tried in turn; the model checks it afterwards.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        checked = false
        return try ModelValue._decodeModelValue(in: &container, checked: &checked)
    }
}

extension ModelValue {
    /// Reads from a keyed container any JSON value, `null` first without a trial (undeclared
    /// keys often hold it); any value reads as a ``ModelValue``.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        try container.decodeNil(forKey: key) ? .null : try container.decode(ModelValue.self, forKey: key)
    }

    /// Reads the next element of an unkeyed container, any JSON value.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        try container.decodeNil() ? .null : try container.decode(ModelValue.self)
    }
}

extension String {
    /// Reads from a keyed container the shape of a string, which proves it a `String`.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        .string(try container.decode(String.self, forKey: key))
    }

    /// Reads the next element of an unkeyed container, the shape of a string.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        .string(try container.decode(String.self))
    }
}

extension Bool {
    /// Reads from a keyed container the shape of a boolean, which proves it a `Bool`.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        .bool(try container.decode(Bool.self, forKey: key))
    }

    /// Reads the next element of an unkeyed container, the shape of a boolean.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        .bool(try container.decode(Bool.self))
    }
}

extension Int {
    /// Reads from a keyed container the shape of an integer; it is proved an `Int` where
    /// `Int` holds every `Int64`.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        checkedInteger(try container.decode(Int64.self, forKey: key), checked: &checked)
    }

    /// Reads the next element of an unkeyed container, the shape of an integer.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        checkedInteger(try container.decode(Int64.self), checked: &checked)
    }

    /// The integer as a value, and whether it fits `Int` (always, on 64-bit platforms).
    private static func checkedInteger(_ value: Int64, checked: inout Bool) -> ModelValue {
        if Int(exactly: value) == nil { checked = false }
        return .int(value)
    }
}

extension Int64 {
    /// Reads from a keyed container the shape of an integer, which proves it an `Int64`.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        .int(try container.decode(Int64.self, forKey: key))
    }

    /// Reads the next element of an unkeyed container, the shape of an integer.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        .int(try container.decode(Int64.self))
    }
}

extension Double {
    /// Reads from a keyed container the shape of a number: an integer when it is integral and
    /// reads as one, as ``ModelValue``'s decoding keeps it. Any number reads as a `Double`.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
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
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue where Wrapped: ModelValueRepresentable {
        try container.decodeNil(forKey: key)
            ? .null : try Wrapped._decodeModelValue(in: container, forKey: key, checked: &checked)
    }

    /// Reads the next element of an unkeyed container, the shape of `null`, or the wrapped type's shape.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    where Wrapped: ModelValueRepresentable {
        try container.decodeNil() ? .null : try Wrapped._decodeModelValue(in: &container, checked: &checked)
    }
}

extension Array {
    /// Reads from a keyed container the shape of an array, each element by `Element`'s shape.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue where Element: ModelValueRepresentable {
        var elements = try container.nestedUnkeyedContainer(forKey: key)
        return try decodeElements(of: &elements, checked: &checked)
    }

    /// Reads the next element of an unkeyed container, the shape of an array, each element by `Element`'s shape.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    where Element: ModelValueRepresentable {
        var elements = try container.nestedUnkeyedContainer()
        return try decodeElements(of: &elements, checked: &checked)
    }

    private static func decodeElements(of container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    where Element: ModelValueRepresentable {
        var elements: [ModelValue] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd { elements.append(try Element._decodeModelValue(in: &container, checked: &checked)) }
        return .array(elements)
    }
}

extension Dictionary {
    /// Reads from a keyed container the shape of an object, each value by `Value`'s shape.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue where Key == String, Value: ModelValueRepresentable {
        .object(
            try ModelDictionary(
                decoding: try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key), valuesAs: Value.self,
                checked: &checked))
    }

    /// Reads the next element of an unkeyed container, the shape of an object, each value by `Value`'s shape.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    where Key == String, Value: ModelValueRepresentable {
        .object(
            try ModelDictionary(
                decoding: try container.nestedContainer(keyedBy: AnyCodingKey.self), valuesAs: Value.self,
                checked: &checked))
    }
}

extension ImmutableModel {
    /// Reads from a keyed container the shape of an object: the model's declared fields by
    /// their shapes, every other key kept; see ``ModelDictionary/init(decoding:checked:)``.
    public static func _decodeModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        switch CodableKeyListing.current {
        case .undeclared:
            .object(
                try ModelDictionary(
                    decoding: try container.nestedContainer(keyedBy: ModelCodingKey<Self>.self, forKey: key),
                    checked: &checked))
        case .every:
            .object(
                try ModelDictionary(
                    decoding: try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key), model: Self.self,
                    checked: &checked))
        }
    }

    /// Reads the next element of an unkeyed container, the shape of an object: the model's
    /// declared fields by their shapes, every other key kept.
    public static func _decodeModelValue(in container: inout any UnkeyedDecodingContainer, checked: inout Bool)
        throws -> ModelValue
    {
        switch CodableKeyListing.current {
        case .undeclared:
            .object(
                try ModelDictionary(
                    decoding: try container.nestedContainer(keyedBy: ModelCodingKey<Self>.self), checked: &checked))
        case .every:
            .object(
                try ModelDictionary(
                    decoding: try container.nestedContainer(keyedBy: AnyCodingKey.self), model: Self.self,
                    checked: &checked))
        }
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
