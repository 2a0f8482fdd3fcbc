import Foundation

/// An instant as exact decimal seconds since 1970-01-01T00:00:00Z: the whole seconds,
/// rounded down, and the decimal digits of the fraction after them.
///
/// Etch writes dates through it so that what it writes reads back as the same `Date`, bit
/// for bit: a `Date` is a `Double` of seconds since 2001, and its shortest decimal (the one
/// `Double.description` prints) reads back as that `Double`; moved to 1970 by a whole number
/// of seconds, it stays exact. Reading rounds the exact decimal to the nearest `Double`.
struct DecimalSeconds: Sendable, Equatable {
    /// Seconds since 1970, rounded down (towards the past).
    var whole: Int64
    /// The ASCII digits of the fraction of a second after ``whole``, without trailing zeros:
    /// `[0x32, 0x35]` for a quarter of a second; empty for a whole second.
    var fraction: [UInt8]

    /// Seconds between 1970-01-01 and 2001-01-01, the epoch of `Date`.
    static let secondsFrom1970To2001: Int64 = 978_307_200

    /// The dates Etch reads and writes: ±2⁴² seconds around 1970.
    static let supportedWhole: ClosedRange<Int64> = -4_398_046_511_104...4_398_046_511_104

    /// Digits of a fraction beyond this many cannot change which `Double` a decimal rounds to,
    /// except by being non-zero: longer fractions keep this many and a final `1`.
    static let significantFractionDigits = 1100

    init(whole: Int64, fraction: [UInt8]) {
        self.whole = whole
        self.fraction = fraction
    }

    /// The shortest decimal that reads back as `date`, brought within the supported range
    /// (a date beyond it, or not finite, is its nearest end; `nan` is 1970). `-0.0` reads
    /// back as `0.0`, the same instant.
    init(_ date: Date) {
        let seconds = date.timeIntervalSinceReferenceDate
        let offset = Double(Self.secondsFrom1970To2001)
        if seconds.isNaN {
            self.init(whole: 0, fraction: [])
            return
        }
        if seconds <= Double(Self.supportedWhole.lowerBound) - offset {
            self.init(whole: Self.supportedWhole.lowerBound, fraction: [])
            return
        }
        if seconds >= Double(Self.supportedWhole.upperBound) - offset {
            self.init(whole: Self.supportedWhole.upperBound, fraction: [])
            return
        }
        // Most dates are whole milliseconds: try three digits before the shortest decimal.
        let milliseconds = Int64((seconds * 1000).rounded()) + Self.secondsFrom1970To2001 * 1000
        let (whole, remainder) = Self.floorDivide(milliseconds, by: 1000)
        let candidate = DecimalSeconds(whole: whole, fraction: Self.trimmed(Self.digits(of: remainder, width: 3)))
        if candidate.date.timeIntervalSinceReferenceDate == seconds {
            self = candidate
            return
        }
        // `description` is the shortest decimal that reads back as `seconds`.
        self = DecimalSeconds(DecimalText(seconds.description), plus: Self.secondsFrom1970To2001) ?? candidate
    }

    /// The `Date` nearest to this decimal.
    var date: Date { Self.date(whole: whole, fraction: fraction) }

    /// The `Date` nearest to `whole` seconds since 1970 plus the fraction `0.<fraction>`,
    /// rounded once, to the nearest `Double` of seconds since 2001 (ties to even).
    ///
    /// - Parameter fraction: ASCII digits; trailing zeros are allowed.
    static func date<Digits: BidirectionalCollection<UInt8>>(whole: Int64, fraction: Digits) -> Date {
        let since2001 = whole - secondsFrom1970To2001
        var digits = fraction[...]
        while let last = digits.last, last == 0x30 { digits.removeLast() }
        if digits.isEmpty { return Date(timeIntervalSinceReferenceDate: Double(since2001)) }
        // Fast path: `since2001 * 10^k + fraction` and `10^k` are exact doubles, and one
        // division rounds correctly.
        let count = digits.count
        if count <= 15 {
            let scale = powersOfTen[count]
            var numerator: Int64 = 0
            for digit in digits { numerator = numerator * 10 + Int64(digit &- 0x30) }
            let limit: Int64 = 1 << 53
            let (scaled, overflow) = since2001.multipliedReportingOverflow(by: Int64(scale))
            if !overflow, scaled.magnitude < UInt64(limit), (scaled + numerator).magnitude < UInt64(limit) {
                return Date(timeIntervalSinceReferenceDate: Double(scaled + numerator) / scale)
            }
        }
        // Otherwise the exact decimal text, which `Double(_:)` rounds correctly.
        var text = ""
        if since2001 >= 0 {
            text = "\(since2001)."
            text.unicodeScalars.append(contentsOf: digits.map { Unicode.Scalar($0) })
        } else {
            // since2001 + 0.f == -((|since2001| - 1) + (1 - 0.f))
            text = "-\(since2001.magnitude - 1)."
            text.unicodeScalars.append(contentsOf: tensComplement(digits).map { Unicode.Scalar($0) })
        }
        return Date(timeIntervalSinceReferenceDate: Double(text) ?? Double(since2001))
    }

    /// `10^0` through `10^15`, exact.
    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// `1 - 0.<digits>` as the digits of a fraction: `25` gives `75`. The digits must not
    /// end in zero.
    static func tensComplement(_ digits: some BidirectionalCollection<UInt8>) -> [UInt8] {
        var result = digits.map { 0x39 - ($0 &- 0x30) }
        if let last = result.indices.last { result[last] += 1 }
        return result
    }

    /// The ASCII digits of `value`, padded with zeros to `width`.
    static func digits(of value: Int64, width: Int) -> [UInt8] {
        var digits = Array(String(value.magnitude).utf8)
        if digits.count < width { digits.insert(contentsOf: repeatElement(0x30, count: width - digits.count), at: 0) }
        return digits
    }

    /// `digits` without its trailing zeros.
    static func trimmed(_ digits: [UInt8]) -> [UInt8] {
        var digits = digits
        while digits.last == 0x30 { digits.removeLast() }
        return digits
    }

    /// Division rounding towards negative infinity, with a non-negative remainder.
    static func floorDivide(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
