import Foundation
import Synchronization

/// How a `Date` field is written to and read from JSON; set with `@dateFormat` in a schema.
public enum DateFormat: Sendable, Hashable {
    /// ISO 8601 text in UTC, such as `2024-05-01T10:00:00Z`; fractional seconds and
    /// time-zone offsets are accepted on input.
    case iso8601
    /// A number of seconds since 1970-01-01T00:00:00Z.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01T00:00:00Z.
    case millisecondsSince1970
    /// Text in a `DateFormatter` pattern, such as `"yyyy-MM-dd"`, in UTC with the POSIX locale.
    case custom(String)
}

extension DateFormat {
    /// Reads a date stored in this format.
    public func date(from modelValue: ModelValue) throws(ModelError) -> Date {
        switch self {
        case .iso8601:
            guard case .string(let text) = modelValue else { throw mismatch(modelValue) }
            guard let date = ISO8601.date(from: text), ISO8601.supportedSeconds.contains(date.timeIntervalSince1970)
            else {
                throw ModelError(.invalidValue(expected: "ISO 8601 Date", value: text.debugDescription))
            }
            return date
        case .secondsSince1970:
            return try dateInRange(seconds: try number(modelValue), modelValue)
        case .millisecondsSince1970:
            return try dateInRange(seconds: try number(modelValue) / 1000, modelValue)
        case .custom(let pattern):
            guard case .string(let text) = modelValue else { throw mismatch(modelValue) }
            guard let date = CustomDateFormatters.shared.date(from: text, pattern: pattern) else {
                throw ModelError(.invalidValue(expected: "Date as \"\(pattern)\"", value: text.debugDescription))
            }
            return date
        }
    }

    /// The stored form of a date in this format.
    public func modelValue(for date: Date) -> ModelValue {
        switch self {
        case .iso8601:
            return .string(ISO8601.string(from: date))
        case .secondsSince1970:
            // Microseconds at most: `Date` counts from 2001, so 1970-based seconds carry
            // rounding noise below that (0.1 comes back as 0.10000002384185791).
            return wholeOrFraction((Self.clamped(date) * 1_000_000).rounded() / 1_000_000)
        case .millisecondsSince1970:
            return wholeOrFraction((Self.clamped(date) * 1000).rounded())
        case .custom(let pattern):
            return .string(CustomDateFormatters.shared.string(from: date, pattern: pattern))
        }
    }

    /// The date's seconds since 1970, brought within the range Etch reads back.
    private static func clamped(_ date: Date) -> Double {
        let seconds = date.timeIntervalSince1970
        if seconds.isNaN { return 0 }
        return min(max(seconds, ISO8601.supportedSeconds.lowerBound), ISO8601.supportedSeconds.upperBound)
    }

    private func dateInRange(seconds: Double, _ modelValue: ModelValue) throws(ModelError) -> Date {
        guard ISO8601.supportedSeconds.contains(seconds) else {
            throw ModelError(.invalidValue(expected: "Date within ±2^42 seconds of 1970", value: "\(modelValue)"))
        }
        return Date(timeIntervalSince1970: seconds)
    }

    private func wholeOrFraction(_ value: Double) -> ModelValue {
        if let whole = Int64(exactly: value) { return .int(whole) }
        return .double(value)
    }

    private func number(_ modelValue: ModelValue) throws(ModelError) -> Double {
        switch modelValue {
        case .int(let value): return Double(value)
        case .uint(let value): return Double(value)
        case .double(let value): return value
        case .number(let value): return value.doubleValue
        default: throw mismatch(modelValue)
        }
    }

    private func mismatch(_ found: ModelValue) -> ModelError {
        ModelError(.typeMismatch(expected: "Date", found: found.kindDescription))
    }
}

extension Date: ModelValueRepresentable {
    /// Reads a date in the context's ``DateFormat``.
    public init(modelValue: ModelValue, context: ModelValueContext) throws(ModelError) {
        self = try context.dateFormat.date(from: modelValue)
    }

    /// Writes a date in the context's ``DateFormat``.
    public func modelValue(context: ModelValueContext) -> ModelValue {
        context.dateFormat.modelValue(for: self)
    }

    /// `"Date"`, as error messages name this type.
    public static var typeDescription: String { "Date" }
    /// Shown unquoted in ISO 8601 UTC whatever the context's format, such as `2024-05-01T12:00:00Z`;
    /// milliseconds appear when not zero.
    public var fieldDescription: String { ISO8601.string(from: self) }
}

/// `DateFormatter`s for custom patterns, made once per pattern. `DateFormatter` is
/// documented as thread-safe for formatting and parsing once configured, but it is not
/// `Sendable`; the mutex serializes use so no formatter is shared across threads at once.
final class CustomDateFormatters: Sendable {
    static let shared = CustomDateFormatters()

    private struct Cache: ~Copyable {
        var formatters: [String: DateFormatter] = [:]

        mutating func formatter(for pattern: String) -> DateFormatter {
            if let formatter = formatters[pattern] { return formatter }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = pattern
            formatters[pattern] = formatter
            return formatter
        }
    }

    private let cache = Mutex(Cache())

    func date(from text: String, pattern: String) -> Date? {
        cache.withLock { $0.formatter(for: pattern).date(from: text) }
    }

    func string(from date: Date, pattern: String) -> String {
        cache.withLock { $0.formatter(for: pattern).string(from: date) }
    }
}
