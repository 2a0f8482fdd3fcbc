import Foundation

/// `DateFormatter`s for the custom patterns Etch's own pattern engine does not read (which
/// the schema checker refuses, so only hand-written `DateFormat.custom` values meet them),
/// made once per pattern. `DateFormatter` is documented as thread-safe for formatting and
/// parsing once configured, but it is not `Sendable`; the mutex serializes use so no
/// formatter is shared across threads at once.
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
            if formatters.count >= 256 { formatters.removeAll() }
            formatters[pattern] = formatter
            return formatter
        }
    }

    private let cache = Locked(Cache())

    func date(from text: String, pattern: String) -> Date? {
        cache.withLock { $0.formatter(for: pattern).date(from: text) }
    }

    func string(from date: Date, pattern: String) -> String {
        cache.withLock { $0.formatter(for: pattern).string(from: date) }
    }
}
