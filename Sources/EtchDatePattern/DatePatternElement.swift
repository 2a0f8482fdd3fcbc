/// One part of a date pattern: literal text, or a field of the date written in one way.
///
/// Fields follow the Unicode (ICU) date field symbols: `yyyy-MM-dd'T'HH:mm:ss.SSSZ`.
package enum DatePatternElement: Sendable, Hashable {
    /// Text written as it is and expected as it is: separators and quoted text.
    case literal(String)
    /// `y`, `yyy`, `yyyy`, …: the year, padded with zeros to at least this many digits.
    case year(minimumDigits: Int)
    /// `yy`: the last two digits of the year; reading maps them into 1950...2049.
    case twoDigitYear
    /// `M` or `MM` (also `L`, `LL`): the month as a number.
    case month(minimumDigits: Int)
    /// `MMM` (`Jan`) or `MMMM` (`January`): the month's English name.
    case monthName(DateNameWidth)
    /// `d` or `dd`: the day of the month.
    case day(minimumDigits: Int)
    /// `H` or `HH`: the hour, 0 to 23.
    case hour(minimumDigits: Int)
    /// `h` or `hh`: the hour on a 12-hour clock, 1 to 12, with `a`.
    case hour12(minimumDigits: Int)
    /// `m` or `mm`: the minute.
    case minute(minimumDigits: Int)
    /// `s` or `ss`: the second.
    case second(minimumDigits: Int)
    /// `S`, `SS`, `SSS`, …: the fraction of the second, in exactly this many digits.
    case fraction(digits: Int)
    /// `a`: `AM` or `PM`.
    case amPm
    /// `EEE` (`Mon`) or `EEEE` (`Monday`): the English weekday name, written, and read only
    /// to be skipped (the date's year, month and day decide the day).
    case weekday(DateNameWidth)
    /// `Z`, `x`, `X`, `z` and their longer forms: the offset from UTC (always zero when written).
    case zone(DateZoneStyle)
}

/// How long a month or weekday name is.
package enum DateNameWidth: Sendable, Hashable {
    /// `Jan`, `Mon`.
    case abbreviated
    /// `January`, `Monday`.
    case full
}

/// How a time-zone field writes UTC. Reading accepts any of these forms.
package enum DateZoneStyle: Sendable, Hashable {
    /// `x`: `+00`; `X`: `Z`.
    case hours(utcAsZ: Bool)
    /// `Z`, `ZZ`, `ZZZ`, `xx`: `+0000`; `XX`: `Z`.
    case basic(utcAsZ: Bool)
    /// `xxx`: `+00:00`; `XXX`, `ZZZZZ`: `Z`.
    case extended(utcAsZ: Bool)
    /// `z`, `zz`, `zzz`, `ZZZZ`: `GMT`.
    case gmt
}

/// The part of a date a field holds; a pattern holds each part at most once.
package enum DatePatternComponent: String, Sendable, Hashable, CaseIterable {
    case year
    case month
    case day
    case hour
    case minute
    case second
    case fraction = "fraction of a second"
    case amPm = "AM/PM marker"
    case weekday
    case zone = "time zone"
}

extension DatePatternElement {
    /// The part of the date this element holds; `nil` for literal text.
    package var component: DatePatternComponent? {
        switch self {
        case .literal: nil
        case .year, .twoDigitYear: .year
        case .month, .monthName: .month
        case .day: .day
        case .hour, .hour12: .hour
        case .minute: .minute
        case .second: .second
        case .fraction: .fraction
        case .amPm: .amPm
        case .weekday: .weekday
        case .zone: .zone
        }
    }

    /// Whether the element is written as digits (or, for a literal, starts with one), so
    /// that a number of varying width just before it could not be told apart from it.
    package var startsWithDigit: Bool {
        switch self {
        case .literal(let text): text.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false
        case .year, .twoDigitYear, .month, .day, .hour, .hour12, .minute, .second, .fraction: true
        case .monthName, .amPm, .weekday, .zone: false
        }
    }

    /// The number of digits the element always takes when another number follows it, or
    /// `nil` for an element whose width varies (or that is not a number).
    ///
    /// A year of four or more letters takes that many digits before another number, as in
    /// `yyyyMMdd`; years needing more digits do not read back in such a pattern.
    package var fixedDigits: Int? {
        switch self {
        case .year(let digits): digits >= 4 ? digits : nil
        case .twoDigitYear: 2
        case .month(let digits), .day(let digits), .hour(let digits), .hour12(let digits), .minute(let digits),
            .second(let digits):
            digits == 2 ? 2 : nil
        case .fraction(let digits): digits
        case .literal, .monthName, .amPm, .weekday, .zone: nil
        }
    }
}
