extension ModelValue: ExpressibleByNilLiteral {
    /// Makes `.null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension ModelValue: ExpressibleByBooleanLiteral {
    /// Makes `.bool` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension ModelValue: ExpressibleByIntegerLiteral {
    /// Makes `.int` from an integer literal.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension ModelValue: ExpressibleByFloatLiteral {
    /// Makes `.double` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension ModelValue: ExpressibleByStringLiteral {
    /// Makes `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension ModelValue: ExpressibleByArrayLiteral {
    /// Makes `.array` from the elements, in order.
    public init(arrayLiteral elements: ModelValue...) { self = .array(elements) }
}

extension ModelValue: ExpressibleByDictionaryLiteral {
    /// Makes an object; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, ModelValue)...) {
        self = .object(ModelDictionary(elements))
    }
}
