// The reads of a key that may be absent (an optional field, or one with a default) on the
// Codable path. A hand-written `Codable` type reads such a key with `decodeIfPresent`, one
// lookup; looking for the key and then reading it takes two, and a `null` check three.
// Scalars read the same way here; `nil` then stands for an absent key or a `null`, and the
// caller tells them apart (looking for the key) only then.

extension ModelValueRepresentable {
    /// Looks for the key, then reads `null` or the type's shape.
    public static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? {
        guard container.contains(key) else { return nil }
        if try container.decodeNil(forKey: key) { return .null }
        return try _decodeModelValue(in: container, forKey: key, checked: &checked)
    }
}

extension String {
    /// Reads a string, or `nil` for an absent key or `null`.
    public static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? {
        try container.decodeIfPresent(String.self, forKey: key).map(ModelValue.string)
    }
}

extension Bool {
    /// Reads a boolean, or `nil` for an absent key or `null`.
    public static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? {
        try container.decodeIfPresent(Bool.self, forKey: key).map(ModelValue.bool)
    }
}

extension Int {
    /// Reads an integer, or `nil` for an absent key or `null`; it is proved an `Int` where
    /// `Int` holds every `Int64`.
    public static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? {
        guard let value = try container.decodeIfPresent(Int64.self, forKey: key) else { return nil }
        if Int(exactly: value) == nil { checked = false }
        return .int(value)
    }
}

extension Int64 {
    /// Reads an integer, or `nil` for an absent key or `null`.
    public static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? {
        try container.decodeIfPresent(Int64.self, forKey: key).map(ModelValue.int)
    }
}

extension Double {
    /// Reads a number, or `nil` for an absent key or `null`, kept as
    /// ``_decodeModelValue(in:forKey:checked:)`` keeps it.
    public static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? {
        guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
        return ModelValue.decodedNumber(value) {
            try? container.decode(Int64.self, forKey: key)
        } unsigned: {
            try? container.decode(UInt64.self, forKey: key)
        }
    }
}

extension Optional {
    /// Reads the wrapped type's shape, or `nil` for an absent key or `null`.
    public static func _decodePresentModelValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? where Wrapped: ModelValueRepresentable {
        try Wrapped._decodePresentModelValue(in: container, forKey: key, checked: &checked)
    }
}
