import Foundation

extension String: ModelValueRepresentable {
    /// Reads a string; throws for other kinds.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string(let value) = modelValue else { throw Self.mismatch(modelValue) }
        self = value
    }

    /// Reads a checked value with no call, for getters.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        guard case .string(let value) = checkedModelValue else { preconditionFailure("Etch: a checked value changed") }
        self = value
    }

    /// Checks the kind in place, for validation.
    @inlinable
    public static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string = modelValue else { throw mismatch(modelValue) }
    }

    /// Writes a JSON string.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .string(self) }

    /// `"String"`, as error messages name this type.
    public static var typeDescription: String { "String" }
    /// Shown quoted and escaped like a Swift literal, such as `"Ada"`.
    public var fieldDescription: String { debugDescription }
}

extension Bool: ModelValueRepresentable {
    /// Reads `true` or `false`; throws for other kinds.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .bool(let value) = modelValue else { throw Self.mismatch(modelValue) }
        self = value
    }

    /// Reads a checked value with no call, for getters.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        guard case .bool(let value) = checkedModelValue else { preconditionFailure("Etch: a checked value changed") }
        self = value
    }

    /// Checks the kind in place, for validation.
    @inlinable
    public static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .bool = modelValue else { throw mismatch(modelValue) }
    }

    /// Writes a JSON boolean.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .bool(self) }

    /// `"Bool"`, as error messages name this type.
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
    case .number(let value):
        // A kept number holds no integer that `Int64` or `UInt64` could.
        throw ModelError(.invalidValue(expected: expected, value: "\(value.shortText), not an integer in range"))
    default:
        throw ModelError(.typeMismatch(expected: expected, found: modelValue.kindDescription))
    }
}

extension Int: ModelValueRepresentable {
    /// Reads a checked value, with no call when it is held as ``ModelValue/int(_:)``.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        if case .int(let value) = checkedModelValue, let result = Int(exactly: value) {
            self = result
        } else {
            self = Self._converting(checkedModelValue, context: context)
        }
    }

    /// Reads an integer, or an integral double, that fits in `Int`; throws for other kinds or out-of-range values.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .int(let value) = modelValue, let exact = Int(exactly: value) {
            self = exact
        } else {
            self = try readInteger(modelValue, as: Int.self)
        }
    }

    /// Writes a JSON integer.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .int(Int64(self)) }

    /// Checks an integer in place, and any other value by reading it, for validation.
    @inlinable
    public static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .int(let value) = modelValue, Int(exactly: value) != nil { return }
        _ = try Self(modelValue: modelValue, context: context)
    }

    /// `"Int"`, as error messages name this type.
    public static var typeDescription: String { "Int" }
}

extension Int64: ModelValueRepresentable {
    /// Reads a checked value, with no call when it is held as ``ModelValue/int(_:)``.
    @inlinable
    public init(_checked checkedModelValue: __shared ModelValue, context: ModelValueContext, proof: _CheckedProof) {
        if case .int(let value) = checkedModelValue, let result = Int64(exactly: value) {
            self = result
        } else {
            self = Self._converting(checkedModelValue, context: context)
        }
    }

    /// Reads an integer, or an integral double, that fits in `Int64`; throws for other kinds or
    /// out-of-range values.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .int(let value) = modelValue {
            self = value
        } else {
            self = try readInteger(modelValue, as: Int64.self)
        }
    }

    /// Writes a JSON integer.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .int(self) }

    /// Checks an integer in place, and any other value by reading it, for validation.
    @inlinable
    public static func _validate(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        if case .int(let value) = modelValue, Int64(exactly: value) != nil { return }
        _ = try Self(modelValue: modelValue, context: context)
    }

    /// `"Int64"`, as error messages name this type.
    public static var typeDescription: String { "Int64" }
}

extension UInt: ModelValueRepresentable {
    /// Reads a non-negative integer, or an integral double, that fits in `UInt`; throws for other
    /// kinds or out-of-range values.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        self = try readInteger(modelValue, as: UInt.self)
    }

    /// Writes a JSON integer, held as `.uint` only when above `Int64.max`.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .integer(UInt64(self)) }

    /// `"UInt"`, as error messages name this type.
    public static var typeDescription: String { "UInt" }
}

extension Double: ModelValueRepresentable {
    /// Reads any number, an integer as the nearest `Double`; throws for other kinds.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        switch modelValue {
        case .double(let value): self = value
        case .number(let value): self = value.doubleValue
        case .int(let value): self = Double(value)
        case .uint(let value): self = Double(value)
        default: throw Self.mismatch(modelValue)
        }
    }

    /// Writes a JSON number held as `.double`.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { .double(self) }

    /// `"Double"`, as error messages name this type.
    public static var typeDescription: String { "Double" }
}

extension Float: ModelValueRepresentable {
    /// Reads any number as `Double`, then rounds it to `Float`; throws for other kinds or finite
    /// values beyond `Float`'s range.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        let double = try Double(modelValue: modelValue, context: context)
        let float = Float(double)
        guard float.isFinite || !double.isFinite else {
            throw ModelError(.invalidValue(expected: "Float", value: "\(double), out of range"))
        }
        self = float
    }

    /// Writes a `.double` made from the shortest decimal text, so `0.1 as Float` is written as `0.1`.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue {
        // Through the shortest decimal text, so 0.1 as Float is written as 0.1.
        .double(Double("\(self)") ?? Double(self))
    }

    /// `"Float"`, as error messages name this type.
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
            // Below Decimal's smallest exponent a number is zero for all it can hold.
            if abs(value) < 1e-120 {
                self = 0
                return
            }
            guard let decimal = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN
            else {
                throw ModelError(.invalidValue(expected: "Decimal", value: "\(value), out of range"))
            }
            self = decimal
        case .number(let value):
            // From the digits, not through a Double; below Decimal's range a number is zero.
            let decimal = DecimalText(value.text)
            if decimal.digits.count + decimal.exponent < -120 {
                self = 0
                return
            }
            guard let exact = Decimal(string: value.text, locale: Locale(identifier: "en_US_POSIX")), !exact.isNaN
            else {
                throw ModelError(.invalidValue(expected: "Decimal", value: "\(value.shortText), out of range"))
            }
            self = exact
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

    /// `"Decimal"`, as error messages name this type.
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

    /// `"Data"`, as error messages name this type.
    public static var typeDescription: String { "Data" }
}

extension URL: ModelValueRepresentable {
    /// Reads a string that `URL(string:)` accepts; throws for other kinds or malformed URLs.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string(let text) = modelValue else { throw Self.mismatch(modelValue) }
        guard let url = URL(string: text) else {
            throw ModelError(.invalidValue(expected: "URL", value: text.debugDescription))
        }
        self = url
    }

    /// Writes the URL's `absoluteString`.
    public func modelValue(context: ModelValueContext) -> ModelValue { .string(absoluteString) }

    /// `"URL"`, as error messages name this type.
    public static var typeDescription: String { "URL" }
    /// Shown as its `absoluteString`, quoted, such as `"https://example.com/a"`.
    public var fieldDescription: String { absoluteString.debugDescription }
}

extension UUID: ModelValueRepresentable {
    /// Reads a UUID string such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`; throws for other kinds
    /// or malformed text.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        guard case .string(let text) = modelValue else { throw Self.mismatch(modelValue) }
        guard let uuid = UUID(uuidString: text) else {
            throw ModelError(.invalidValue(expected: "UUID", value: text.debugDescription))
        }
        self = uuid
    }

    /// Writes the uppercase `uuidString`.
    public func modelValue(context: ModelValueContext) -> ModelValue { .string(uuidString) }

    /// `"UUID"`, as error messages name this type.
    public static var typeDescription: String { "UUID" }
    /// Shown as its uppercase `uuidString`, quoted.
    public var fieldDescription: String { uuidString.debugDescription }
}

extension ModelValue: ModelValueRepresentable {
    /// Takes any value unchanged; never throws.
    @inlinable
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) { self = modelValue }

    /// Writes the value unchanged.
    @inlinable
    public func modelValue(context: ModelValueContext) -> ModelValue { self }

    /// `"JSON"`, as error messages name this type.
    public static var typeDescription: String { "JSON" }
}
