import Foundation

/// A fast ISO 8601 reader and writer for the formats JSON APIs use, without `DateFormatter`.
enum ISO8601 {
    /// The dates Etch reads and writes: ±2⁴² seconds around 1970 (years -137,000 to
    /// 141,000), as in ``DecimalSeconds/supportedWhole``.
    static let supportedSeconds: ClosedRange<Double> = -4_398_046_511_104...4_398_046_511_104

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`; also accepts a space or a
    /// lowercase `t` between date and time, a date alone (midnight UTC), and the expanded
    /// years `±YYYYYY` that ``string(from:)`` writes for years outside 0...9999. A fraction
    /// of any length reads exactly, rounded once to the nearest `Date`.
    static func date(from text: String) -> Date? {
        if let date = text.utf8.withContiguousStorageIfAvailable({ parse($0) }) { return date }
        return Array(text.utf8).withUnsafeBufferPointer { parse($0) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let digit = bytes[position + offset] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            position += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }
        var yearSign = 0
        if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
            yearSign = bytes[position] == 0x2D ? -1 : 1
            position += 1
        }
        guard let yearDigits = digits(yearSign == 0 ? 4 : 6) else { return nil }
        let year = yearSign == 0 ? yearDigits : yearSign * yearDigits
        guard expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        if position == bytes.count {
            return DecimalSeconds.date(whole: Int64(days) * 86_400, fraction: EmptyCollection())
        }
        guard position < bytes.count, [0x54, 0x74, 0x20].contains(bytes[position]) else { return nil }
        position += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = position..<position
        if position < bytes.count, bytes[position] == 0x2E || bytes[position] == 0x2C {
            position += 1
            let start = position
            while position < bytes.count, bytes[position] &- 0x30 < 10 { position += 1 }
            guard position > start else { return nil }
            fraction = start..<position
        }
        var offset = 0
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case 0x5A, 0x7A:
            position += 1
        case 0x2B, 0x2D:
            let sign = bytes[position] == 0x2D ? -1 : 1
            position += 1
            guard let hours = digits(2) else { return nil }
            _ = expect(0x3A)
            guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        guard position == bytes.count else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return DecimalSeconds.date(whole: Int64(seconds), fraction: UnsafeBufferPointer(rebasing: bytes[fraction]))
    }

    /// Writes UTC with `Z`, and a fraction only when the date has one: three digits for a
    /// whole number of milliseconds (`.250`), else as many as reading back the same `Date`
    /// takes (`.123456789`). Years outside 0...9999 are written expanded (`+011476-08-15T…`);
    /// dates beyond ``supportedSeconds`` (or not finite) are written as its nearest end.
    static func string(from date: Date) -> String {
        let instant = DecimalSeconds(date)
        let (days, secondOfDay) = DecimalSeconds.floorDivide(instant.whole, by: 86_400)
        let (year, month, day) = civilFromDays(Int(days))
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let yearText = (0...9999).contains(year) ? pad(year, 4) : (year < 0 ? "-" : "+") + pad(abs(year), 6)
        var text = "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T"
        text +=
            "\(pad(Int(secondOfDay / 3600), 2)):\(pad(Int(secondOfDay / 60 % 60), 2)):\(pad(Int(secondOfDay % 60), 2))"
        if !instant.fraction.isEmpty {
            var fraction = instant.fraction
            while fraction.count < 3 { fraction.append(0x30) }
            text += "." + String(decoding: fraction, as: UTF8.self)
        }
        return text + "Z"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a number of days since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
