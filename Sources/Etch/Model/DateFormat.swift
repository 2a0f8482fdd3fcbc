import Foundation

/// How a `Date` field is written to and read from JSON; set with `@dateFormat` in a schema.
///
/// Every format writes what reads back as the same `Date`, to the last bit, within the dates
/// Etch supports (±2⁴² seconds around 1970); a custom pattern does so at its resolution (a
/// day for `"yyyy-MM-dd"`, a millisecond for `"…ss.SSS"`).
public enum DateFormat: Sendable, Hashable {
    /// ISO 8601 text in UTC, such as `2024-05-01T10:00:00Z`: milliseconds when the date has
    /// them (`.250`), more digits when it has more (`.123456789`). Fractions of any length
    /// and time-zone offsets are accepted on input.
    case iso8601
    /// A number of seconds since 1970-01-01T00:00:00Z, with as many fraction digits as the
    /// date needs (`1700000000.5`).
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01T00:00:00Z, with as many fraction digits as
    /// the date needs.
    case millisecondsSince1970
    /// Text in a Unicode date pattern, such as `"yyyy-MM-dd"` or `"EEE MMM dd HH:mm:ss Z yyyy"`,
    /// in UTC with English names.
    ///
    /// The patterns `etch` accepts in a schema are read and written by Etch's own pattern
    /// engine; any other pattern falls back to a `DateFormatter` with the POSIX locale.
    case custom(String)
}

extension DateFormat {
    /// Reads a date stored in this format.
    ///
    /// - Throws: ``ModelError`` when the value is not of the format's kind, does not follow
    ///   it, or names a date beyond ±2⁴² seconds around 1970.
    public func date(from modelValue: ModelValue) throws(ModelError) -> Date {
        try date(from: modelValue, compiled: nil)
    }

    /// Reads a date, with the custom pattern already compiled when there is one.
    func date(from modelValue: ModelValue, compiled: DatePatternFormat?) throws(ModelError) -> Date {
        switch self {
        case .iso8601:
            guard case .string(let text) = modelValue else { throw mismatch(modelValue) }
            guard let date = ISO8601.date(from: text), ISO8601.supportedSeconds.contains(date.timeIntervalSince1970)
            else {
                throw ModelError(.invalidValue(expected: "ISO 8601 Date", value: text.debugDescription))
            }
            return date
        case .secondsSince1970:
            return try date(from: modelValue, scale: 0)
        case .millisecondsSince1970:
            return try date(from: modelValue, scale: 3)
        case .custom(let pattern):
            guard case .string(let text) = modelValue else { throw mismatch(modelValue) }
            let date =
                if let format = compiled ?? DatePatternFormat.named(pattern) {
                    format.date(from: text)
                } else {
                    CustomDateFormatters.shared.date(from: text, pattern: pattern)
                }
            guard let date, ISO8601.supportedSeconds.contains(date.timeIntervalSince1970) else {
                throw ModelError(.invalidValue(expected: "Date as \"\(pattern)\"", value: text.debugDescription))
            }
            return date
        }
    }

    /// The stored form of a date in this format.
    public func modelValue(for date: Date) -> ModelValue {
        modelValue(for: date, compiled: nil)
    }

    /// The stored form of a date, with the custom pattern already compiled when there is one.
    func modelValue(for date: Date, compiled: DatePatternFormat?) -> ModelValue {
        switch self {
        case .iso8601:
            return .string(ISO8601.string(from: date))
        case .secondsSince1970:
            return number(DecimalSeconds(date), scale: 0)
        case .millisecondsSince1970:
            return number(DecimalSeconds(date), scale: 3)
        case .custom(let pattern):
            if let format = compiled ?? DatePatternFormat.named(pattern) { return .string(format.string(from: date)) }
            return .string(CustomDateFormatters.shared.string(from: date, pattern: pattern))
        }
    }

    /// A number of seconds (`scale` 0) or milliseconds (3) as the value that writes its
    /// exact decimal: an integer, a double whose shortest form it is, or its text.
    private func number(_ instant: DecimalSeconds, scale: Int) -> ModelValue {
        if instant.fraction.count <= scale {
            var value = instant.whole
            for index in 0..<scale {
                value = value * 10 + Int64(index < instant.fraction.count ? instant.fraction[index] &- 0x30 : 0)
            }
            return .int(value)
        }
        let text = instant.numberText(timesPowerOfTen: scale)
        return ModelValue(jsonNumber: text) ?? .double(Double(text) ?? 0)
    }

    /// Reads a number of seconds divided by `10^scale` from its exact decimal: an integer's
    /// digits, a double's shortest form, a kept number's text.
    private func date(from modelValue: ModelValue, scale: Int) throws(ModelError) -> Date {
        let decimal: DecimalText
        switch modelValue {
        case .int(let value): decimal = DecimalText(String(value))
        case .uint(let value): decimal = DecimalText(String(value))
        case .double(let value) where value.isFinite: decimal = DecimalText(value.description)
        case .number(let value): decimal = DecimalText(value.text)
        default: throw mismatch(modelValue)
        }
        guard let instant = DecimalSeconds(decimal, dividedByPowerOfTen: scale),
            DecimalSeconds.supportedWhole.contains(instant.whole),
            instant.whole < DecimalSeconds.supportedWhole.upperBound || instant.fraction.isEmpty
        else {
            throw ModelError(.invalidValue(expected: "Date within ±2^42 seconds of 1970", value: "\(modelValue)"))
        }
        return instant.date
    }

    private func mismatch(_ found: ModelValue) -> ModelError {
        ModelError(.typeMismatch(expected: "Date", found: found.kindDescription))
    }
}

extension Date: ModelValueRepresentable {
    /// `true`: a date reads in the context's format.
    @inlinable public static var _readsWithContext: Bool { true }

    /// Reads a date in the context's ``DateFormat``.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        self = try context.dateFormat.date(from: modelValue, compiled: context.datePattern)
    }

    /// Writes a date in the context's ``DateFormat``.
    public func modelValue(context: ModelValueContext) -> ModelValue {
        context.dateFormat.modelValue(for: self, compiled: context.datePattern)
    }

    /// `"Date"`, as error messages name this type.
    public static var typeDescription: String { "Date" }
    /// Shown unquoted in ISO 8601 UTC whatever the context's format, such as `2024-05-01T12:00:00Z`;
    /// a fraction of a second appears when not zero.
    public var fieldDescription: String { ISO8601.string(from: self) }
}
