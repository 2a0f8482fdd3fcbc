extension ModelValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension ModelValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension ModelValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension ModelValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension ModelValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension ModelValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: ModelValue...) { self = .array(elements) }
}

extension ModelValue: ExpressibleByDictionaryLiteral {
    /// Makes an object; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, ModelValue)...) {
        self = .object(ModelDictionary(elements))
    }
}
