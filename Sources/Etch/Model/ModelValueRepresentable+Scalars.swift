import Foundation

extension String: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string(let value) = modelValue else { throw Self.mismatch(modelValue) }
        self = value
    }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .string(self) }

    public static var typeDescription: String { "String" }
    public var fieldDescription: String { debugDescription }
}

extension Bool: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .bool(let value) = modelValue else { throw Self.mismatch(modelValue) }
        self = value
    }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .bool(self) }

    public static var typeDescription: String { "Bool" }
}

/// Reads an integer of any width from an integer or an integral double, with range checks.
@inlinable
func readInteger<T: FixedWidthInteger>(_ modelValue: ModelValue, as type: T.Type) throws(ModelError) -> T {
    let expected = "\(T.self)"
    switch modelValue {
    case .int(let value):
        guard let result = T(exactly: value) else {
            throw ModelError(.invalidValue(expected: expected, value: "\(value), out of range"))
        }
        return result
    case .uint(let value):
        guard let result = T(exactly: value) else {
            throw ModelError(.invalidValue(expected: expected, value: "\(value), out of range"))
        }
        return result
    case .double(let value):
        guard let result = T(exactly: value) else {
            throw ModelError(.invalidValue(expected: expected, value: "\(value), not an integer in range"))
        }
        return result
    default:
        throw ModelError(.typeMismatch(expected: expected, found: modelValue.kindDescription))
    }
}

extension Int: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .int(let value) = modelValue, let exact = Int(exactly: value) {
            self = exact
        } else {
            self = try readInteger(modelValue, as: Int.self)
        }
    }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .int(Int64(self)) }

    public static var typeDescription: String { "Int" }
}

extension Int64: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .int(let value) = modelValue {
            self = value
        } else {
            self = try readInteger(modelValue, as: Int64.self)
        }
    }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .int(self) }

    public static var typeDescription: String { "Int64" }
}

extension UInt: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        self = try readInteger(modelValue, as: UInt.self)
    }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .integer(UInt64(self)) }

    public static var typeDescription: String { "UInt" }
}

extension Double: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        switch modelValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        case .uint(let value): self = Double(value)
        default: throw Self.mismatch(modelValue)
        }
    }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .double(self) }

    public static var typeDescription: String { "Double" }
}

extension Float: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        let double = try Double(modelValue: modelValue, context: context)
        let float = Float(double)
        guard float.isFinite || !double.isFinite else {
            throw ModelError(.invalidValue(expected: "Float", value: "\(double), out of range"))
        }
        self = float
    }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue {
        // Through the shortest decimal text, so 0.1 as Float is written as 0.1.
        .double(Double("\(self)") ?? Double(self))
    }

    public static var typeDescription: String { "Float" }
}

extension Decimal: ModelValueRepresentable {
    /// Reads a decimal from a string (exact; `"NaN"` is NaN) or a number.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        switch modelValue {
        case .string("NaN"):
            self = .nan
        case .string(let text):
            guard Self.isDecimalNumber(text),
                let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
            else {
                throw ModelError(.invalidValue(expected: "Decimal", value: text.debugDescription))
            }
            self = value
        case .int(let value): self = Decimal(value)
        case .uint(let value): self = Decimal(value)
        case .double(let value):
            guard let decimal = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN
            else {
                throw ModelError(.invalidValue(expected: "Decimal", value: "\(value), out of range"))
            }
            self = decimal
        default: throw Self.mismatch(modelValue)
        }
    }

    /// Whether `text` is a whole decimal number in JSON's grammar: `Decimal(string:)`
    /// alone accepts any numeric prefix, so `"1.2.3"` would read as 1.2.
    static func isDecimalNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == 0x2D { bytes = bytes.dropFirst() }
        guard digits() > 0 else { return false }
        if bytes.first == 0x2E {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == 0x65 || bytes.first == 0x45 {
            bytes = bytes.dropFirst()
            if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// Writes the decimal as a string, which keeps every digit; NaN as `"NaN"`, which reads back.
    public func modelValue(context: ModelValueContext) -> ModelValue { .string(isNaN ? "NaN" : description) }

    public static var typeDescription: String { "Decimal" }
}

extension Data: ModelValueRepresentable {
    /// Reads base64 text.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string(let text) = modelValue else { throw Self.mismatch(modelValue) }
        guard let data = Data(base64Encoded: text) else {
            throw ModelError(.invalidValue(expected: "base64 Data", value: text.debugDescription))
        }
        self = data
    }

    /// Writes base64 text.
    public func modelValue(context: ModelValueContext) -> ModelValue { .string(base64EncodedString()) }

    public static var typeDescription: String { "Data" }
}

extension URL: ModelValueRepresentable {
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string(let text) = modelValue else { throw Self.mismatch(modelValue) }
        guard let url = URL(string: text) else {
            throw ModelError(.invalidValue(expected: "URL", value: text.debugDescription))
        }
        self = url
    }

    public func modelValue(context: ModelValueContext) -> ModelValue { .string(absoluteString) }

    public static var typeDescription: String { "URL" }
    public var fieldDescription: String { absoluteString.debugDescription }
}

extension UUID: ModelValueRepresentable {
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string(let text) = modelValue else { throw Self.mismatch(modelValue) }
        guard let uuid = UUID(uuidString: text) else {
            throw ModelError(.invalidValue(expected: "UUID", value: text.debugDescription))
        }
        self = uuid
    }

    public func modelValue(context: ModelValueContext) -> ModelValue { .string(uuidString) }

    public static var typeDescription: String { "UUID" }
    public var fieldDescription: String { uuidString.debugDescription }
}

extension ModelValue: ModelValueRepresentable {
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) { self = modelValue }

    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { self }

    public static var typeDescription: String { "JSON" }
}
