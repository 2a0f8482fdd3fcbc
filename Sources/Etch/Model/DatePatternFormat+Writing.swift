import EtchDatePattern
import Foundation

extension DatePatternFormat {
    /// Writes a date in the pattern, in UTC. A fraction of a second beyond the pattern's
    /// `S` digits is cut, as `DateFormatter` does; dates beyond the years Etch supports are
    /// written as the nearest one it does.
    func string(from date: Date) -> String {
        let instant = DecimalSeconds(date)
        let (days, secondOfDay) = DecimalSeconds.floorDivide(instant.whole, by: 86_400)
        let (year, month, day) = ISO8601.civilFromDays(Int(days))
        let hour = Int(secondOfDay / 3600)
        var text: [UInt8] = []
        text.reserveCapacity(32)
        for step in steps {
            switch step {
            case .literal(let literal):
                text.append(contentsOf: literal)
            case .number(let field, let minimumDigits, _):
                let value: Int
                switch field {
                case .year: value = year
                case .month: value = month
                case .day: value = day
                case .hour: value = hour
                case .hour12: value = hour % 12 == 0 ? 12 : hour % 12
                case .minute: value = Int(secondOfDay / 60 % 60)
                case .second: value = Int(secondOfDay % 60)
                }
                Self.append(value, digits: minimumDigits, to: &text)
            case .twoDigitYear:
                Self.append(Int(DecimalSeconds.floorDivide(Int64(year), by: 100).remainder), digits: 2, to: &text)
            case .fraction(let digits, _):
                text.append(contentsOf: instant.fraction.prefix(digits))
                text.append(contentsOf: repeatElement(0x30, count: max(0, digits - instant.fraction.count)))
            case .monthName(let width):
                text.append(contentsOf: DateNames.name(DateNames.months[month - 1], width))
            case .weekday(let width):
                let weekday = Int(DecimalSeconds.floorDivide(days + 4, by: 7).remainder)
                text.append(contentsOf: DateNames.name(DateNames.weekdays[weekday], width))
            case .amPm:
                text.append(contentsOf: hour < 12 ? "AM".utf8 : "PM".utf8)
            case .zone(let style):
                text.append(contentsOf: Self.utc(style).utf8)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `value` in decimal, padded with zeros to `digits`, after a `-` when negative.
    private static func append(_ value: Int, digits: Int, to text: inout [UInt8]) {
        if value < 0 { text.append(0x2D) }
        var width = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            width += 1
            rest /= 10
        }
        text.append(contentsOf: repeatElement(0x30, count: max(digits, width)))
        var magnitude = value.magnitude
        for index in stride(from: text.count - 1, through: text.count - width, by: -1) {
            text[index] = 0x30 + UInt8(magnitude % 10)
            magnitude /= 10
        }
    }

    /// How a time-zone field writes UTC.
    private static func utc(_ style: DateZoneStyle) -> String {
        switch style {
        case .hours(utcAsZ: true), .basic(utcAsZ: true), .extended(utcAsZ: true): "Z"
        case .hours(utcAsZ: false): "+00"
        case .basic(utcAsZ: false): "+0000"
        case .extended(utcAsZ: false): "+00:00"
        case .gmt: "GMT"
        }
    }
}
