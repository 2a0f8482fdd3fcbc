import EtchDatePattern
import Foundation

extension DatePatternFormat {
    /// Reads a date written in the pattern, or `nil` when the text does not follow it or
    /// names no date (February 30th, the hour 13 PM).
    func date(from text: String) -> Date? {
        if let date = text.utf8.withContiguousStorageIfAvailable({ read($0) }) { return date }
        return Array(text.utf8).withUnsafeBufferPointer { read($0) }
    }

    /// The fields read so far; what the pattern does not hold is 1970-01-01 00:00:00 UTC.
    private struct Fields {
        var year = 1970
        var month = 1
        var day = 1
        var hour = 0
        var hour12: Int?
        var isPM = false
        var minute = 0
        var second = 0
        var fraction = 0..<0
        var offset = 0
    }

    private func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var fields = Fields()
        var position = 0
        for step in steps {
            switch step {
            case .literal(let text):
                guard position + text.count <= bytes.count else { return nil }
                for byte in text {
                    guard bytes[position] == byte else { return nil }
                    position += 1
                }
            case .number(let field, _, let fixed):
                let isYear = field == .year
                let digits = fixed.map { $0...$0 } ?? (isYear ? 1...9 : 1...2)
                guard let value = Self.number(in: bytes, at: &position, digits: digits, signed: isYear) else {
                    return nil
                }
                switch field {
                case .year: fields.year = value
                case .month: fields.month = value
                case .day: fields.day = value
                case .hour: fields.hour = value
                case .hour12: fields.hour12 = value
                case .minute: fields.minute = value
                case .second: fields.second = value
                }
            case .twoDigitYear(let isFixed):
                let start = position
                guard let value = Self.number(in: bytes, at: &position, digits: isFixed ? 2...2 : 1...9, signed: true)
                else { return nil }
                fields.year = position - start == 2 ? (value < 50 ? 2000 + value : 1900 + value) : value
            case .fraction(let digits, let isFixed):
                let start = position
                let end = isFixed ? min(start + digits, bytes.count) : bytes.count
                while position < end, bytes[position] &- 0x30 < 10 { position += 1 }
                guard position > start, !isFixed || position - start == digits else { return nil }
                fields.fraction = start..<position
            case .monthName:
                guard let index = DateNames.read(DateNames.months, in: bytes, at: &position) else { return nil }
                fields.month = index + 1
            case .weekday:
                guard DateNames.read(DateNames.weekdays, in: bytes, at: &position) != nil else { return nil }
            case .amPm:
                if DateNames.matches(Self.am, count: 2, in: bytes, at: position) {
                    fields.isPM = false
                } else if DateNames.matches(Self.pm, count: 2, in: bytes, at: position) {
                    fields.isPM = true
                } else {
                    return nil
                }
                position += 2
            case .zone:
                guard let offset = Self.offset(in: bytes, at: &position) else { return nil }
                fields.offset = offset
            }
        }
        guard position == bytes.count else { return nil }
        return Self.date(fields, fraction: bytes)
    }

    private static let am = Array("AM".utf8)
    private static let pm = Array("PM".utf8)

    /// The date of the fields, or `nil` when one is out of its range.
    private static func date(_ fields: Fields, fraction bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var hour = fields.hour
        if let hour12 = fields.hour12 {
            guard (1...12).contains(hour12) else { return nil }
            hour = hour12 % 12 + (fields.isPM ? 12 : 0)
        }
        guard (1...12).contains(fields.month),
            (1...ISO8601.daysIn(month: fields.month, year: fields.year)).contains(fields.day),
            hour < 24, fields.minute < 60, fields.second <= 60
        else { return nil }
        let days = ISO8601.daysFromCivil(year: fields.year, month: fields.month, day: fields.day)
        let seconds = days * 86_400 + hour * 3600 + fields.minute * 60 + fields.second - fields.offset
        return DecimalSeconds.date(
            whole: Int64(seconds), fraction: UnsafeBufferPointer(rebasing: bytes[fields.fraction]))
    }

    /// A number at `position`, of as many digits as come within `digits`; a `-` first when
    /// `signed`.
    private static func number(
        in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, digits: ClosedRange<Int>, signed: Bool
    ) -> Int? {
        var isNegative = false
        if signed, position < bytes.count, bytes[position] == 0x2D {
            isNegative = true
            position += 1
        }
        let start = position
        let end = min(start + digits.upperBound, bytes.count)
        var value = 0
        while position < end {
            let digit = bytes[position] &- 0x30
            guard digit < 10 else { break }
            value = value * 10 + Int(digit)
            position += 1
        }
        guard digits.contains(position - start) else { return nil }
        return isNegative ? -value : value
    }

    /// A UTC offset in seconds, in any of the forms patterns write: `Z`, `+05`, `+0530`,
    /// `+05:30`, `GMT`, `UTC`, `GMT+05:30`.
    private static func offset(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int? {
        guard position < bytes.count else { return nil }
        if bytes[position] | 0x20 == 0x7A {  // Z or z
            position += 1
            return 0
        }
        var isNamed = false
        for name in zoneNames where DateNames.matches(name, count: name.count, in: bytes, at: position) {
            position += name.count
            isNamed = true
            break
        }
        guard position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D else {
            return isNamed ? 0 : nil
        }
        let sign = bytes[position] == 0x2D ? -1 : 1
        position += 1
        guard let hours = number(in: bytes, at: &position, digits: isNamed ? 1...2 : 2...2, signed: false), hours < 24
        else { return nil }
        var minutes = 0
        if position < bytes.count, bytes[position] == 0x3A { position += 1 }
        if position + 1 < bytes.count, bytes[position] &- 0x30 < 10, bytes[position + 1] &- 0x30 < 10 {
            minutes = Int(bytes[position] &- 0x30) * 10 + Int(bytes[position + 1] &- 0x30)
            position += 2
        } else if bytes[position - 1] == 0x3A {
            return nil
        }
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// The names of UTC that offsets may start with, longest first.
    private static let zoneNames = ["GMT", "UTC", "UT"].map { Array($0.utf8) }
}
