import EtchDatePattern
import Foundation

/// A custom `@dateFormat` pattern compiled once into the steps that read and write it, so
/// that a custom-pattern date costs about as much as an ISO 8601 one and needs no
/// `DateFormatter`. Dates are in UTC; names are English.
///
/// Made from a ``DatePattern``, the grammar the schema checker uses too, so every pattern
/// `etch` accepts compiles here.
@usableFromInline
final class DatePatternFormat: Sendable {
    /// The pattern as written.
    let pattern: String
    /// What to read and write, in order.
    let steps: [Step]

    /// One element of the pattern, with how reading it knows where it ends.
    enum Step: Sendable {
        /// Text written as is.
        case literal([UInt8])
        /// A number: padded to `minimumDigits` when written; read in exactly `fixedDigits`
        /// digits when another number follows, else in as many as come (a year may have a `-`).
        case number(NumberField, minimumDigits: Int, fixedDigits: Int?)
        /// `yy`: two digits, read into 1950...2049; a longer number is read as the year itself.
        case twoDigitYear(isFixed: Bool)
        /// Exactly `digits` digits when written (truncated); read in exactly that many when a
        /// number follows, else in as many as come.
        case fraction(digits: Int, isFixed: Bool)
        /// An English month name.
        case monthName(DateNameWidth)
        /// An English weekday name, read and skipped.
        case weekday(DateNameWidth)
        /// `AM` or `PM`.
        case amPm
        /// A UTC offset; written as zero.
        case zone(DateZoneStyle)
    }

    /// The numeric fields.
    enum NumberField: Sendable {
        case year
        case month
        case day
        case hour
        case hour12
        case minute
        case second
    }

    /// Compiles a checked pattern.
    init(_ checked: DatePattern, pattern: String) {
        self.pattern = pattern
        let elements = checked.elements
        var steps: [Step] = []
        for (index, element) in elements.enumerated() {
            let nextIsNumber = index + 1 < elements.count && elements[index + 1].startsWithDigit
            let fixed = nextIsNumber ? element.fixedDigits : nil
            switch element {
            case .literal(let text): steps.append(.literal(Array(text.utf8)))
            case .year(let digits): steps.append(.number(.year, minimumDigits: digits, fixedDigits: fixed))
            case .twoDigitYear: steps.append(.twoDigitYear(isFixed: nextIsNumber))
            case .month(let digits): steps.append(.number(.month, minimumDigits: digits, fixedDigits: fixed))
            case .monthName(let width): steps.append(.monthName(width))
            case .day(let digits): steps.append(.number(.day, minimumDigits: digits, fixedDigits: fixed))
            case .hour(let digits): steps.append(.number(.hour, minimumDigits: digits, fixedDigits: fixed))
            case .hour12(let digits): steps.append(.number(.hour12, minimumDigits: digits, fixedDigits: fixed))
            case .minute(let digits): steps.append(.number(.minute, minimumDigits: digits, fixedDigits: fixed))
            case .second(let digits): steps.append(.number(.second, minimumDigits: digits, fixedDigits: fixed))
            case .fraction(let digits): steps.append(.fraction(digits: digits, isFixed: nextIsNumber))
            case .amPm: steps.append(.amPm)
            case .weekday(let width): steps.append(.weekday(width))
            case .zone(let style): steps.append(.zone(style))
            }
        }
        self.steps = steps
    }

    /// The compiled pattern, made once per pattern; `nil` for a pattern the grammar refuses.
    static func named(_ pattern: String) -> DatePatternFormat? {
        if let known = cache.withLock({ $0[pattern] }) { return try? known.get() }
        let compiled = Result { () throws(DatePatternError) in
            DatePatternFormat(try DatePattern(pattern), pattern: pattern)
        }
        cache.withLock { cache in
            // A bound, for code that makes patterns at run time.
            if cache.count >= 256 { cache.removeAll() }
            cache[pattern] = compiled
        }
        return try? compiled.get()
    }

    private static let cache = Locked<[String: Result<DatePatternFormat, DatePatternError>]>([:])
}
