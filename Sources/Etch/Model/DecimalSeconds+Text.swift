extension DecimalSeconds {
    /// The exact value `decimal / 10^scale + offset` seconds, or `nil` when its whole part
    /// has more than 18 digits (far beyond the dates Etch reads).
    ///
    /// - Parameters:
    ///   - decimal: A number's digits and power of ten.
    ///   - scale: How many powers of ten smaller the seconds are: 3 for milliseconds.
    ///   - offset: Whole seconds to add, such as the seconds from 1970 to 2001.
    init?(_ decimal: DecimalText, dividedByPowerOfTen scale: Int = 0, plus offset: Int64 = 0) {
        let digits = decimal.digits
        guard !digits.isEmpty else {
            self.init(whole: offset, fraction: [])
            return
        }
        let exponent = decimal.exponent - scale
        // Where the decimal point falls among the digits, counted from the first.
        let point = digits.count + exponent
        guard point <= 18 else { return nil }
        var magnitude: Int64 = 0
        for index in 0..<max(point, 0) {
            magnitude = magnitude * 10 + Int64(index < digits.count ? digits[index] &- 0x30 : 0)
        }
        // Beyond the significant digits only "not zero" matters, and the digits end in one
        // that is not zero: a longer fraction keeps them and a final 1.
        let limit = Self.significantFractionDigits
        var fraction: [UInt8]
        if exponent >= 0 {
            fraction = []
        } else if point >= 0 {
            fraction = Array(digits[point...])
        } else if -point >= limit {
            fraction = Array(repeating: 0x30, count: limit) + [0x31]
        } else {
            fraction = Array(repeating: 0x30, count: -point) + digits
        }
        if fraction.count > limit + 1 { fraction = Array(fraction.prefix(limit)) + [0x31] }
        if !decimal.isNegative {
            self.init(whole: magnitude + offset, fraction: fraction)
        } else if fraction.isEmpty {
            self.init(whole: offset - magnitude, fraction: [])
        } else {
            self.init(whole: offset - magnitude - 1, fraction: Self.tensComplement(fraction))
        }
    }

    /// The seconds times `10^scale` as JSON number text, such as `1700000000.5`, or
    /// `1700000000500` for milliseconds (`scale` 3).
    func numberText(timesPowerOfTen scale: Int = 0) -> String {
        let isNegative = whole < 0
        var magnitude = whole.magnitude
        var digits = fraction
        if whole < 0, !fraction.isEmpty {
            magnitude -= 1
            digits = Self.tensComplement(fraction)
        }
        let moved = Array(digits.prefix(scale)) + Array(repeating: 0x30, count: max(0, scale - digits.count))
        var integer = Array(String(magnitude).utf8) + moved
        while integer.count > 1, integer.first == 0x30 { integer.removeFirst() }
        let rest = Array(digits.dropFirst(scale))
        var text = isNegative && (integer != [0x30] || !rest.isEmpty) ? "-" : ""
        text += String(decoding: integer, as: UTF8.self)
        if !rest.isEmpty { text += "." + String(decoding: rest, as: UTF8.self) }
        return text
    }
}
