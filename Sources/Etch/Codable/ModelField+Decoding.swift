/// A declared field as a model's `Codable` conformance reads it: by its type's JSON shape.
protocol _CodableModelField: _AnyModelField {
    /// Whether an absent key passes the field's check: it has a default, or is optional.
    var isValidWhenAbsent: Bool { get }

    /// Whether `null` passes the field's check: it is optional.
    var acceptsNull: Bool { get }

    /// Reads the field's value by its type's JSON shape; see
    /// ``ModelValueRepresentable/_decodeModelValue(in:forKey:checked:)``.
    func decodeValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue

    /// Reads the value of a key that may be absent; see
    /// ``ModelValueRepresentable/_decodePresentModelValue(in:forKey:checked:)``.
    func decodePresentValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue?
}

extension ModelField: _CodableModelField {
    /// Whether an absent key passes the field's check: it has a default, or is optional.
    var isValidWhenAbsent: Bool {
        defaultValue != nil || Value.valueForMissingKey != nil
    }

    /// Whether `null` passes the field's check: it reads as `nil` for optionals.
    var acceptsNull: Bool {
        Value.valueForMissingKey != nil
    }

    /// Reads the value of a key that may be absent, by its type's JSON shape.
    func decodePresentValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue? {
        try Value._decodePresentModelValue(in: container, forKey: key, checked: &checked)
    }

    /// Reads the field's value by its type's JSON shape.
    func decodeValue<Container: KeyedDecodingContainerProtocol>(
        in container: Container, forKey key: Container.Key, checked: inout Bool
    ) throws -> ModelValue {
        try Value._decodeModelValue(in: container, forKey: key, checked: &checked)
    }
}
