/// The exact value of a JSON number's text, as significant digits and a power of ten:
/// `-12.50e1` is `-(125 × 10^0)`. Two texts with the same value compare equal.
struct DecimalText: Hashable {
    /// Whether a minus sign came first; ignored by `==` for zero.
    private(set) var isNegative = false
    /// The significant digits as ASCII, without leading or trailing zeros; empty for zero.
    private(set) var digits: [UInt8] = []
    /// The power of ten that the digits, read as an integer, are multiplied by.
    private(set) var exponent = 0
    /// Whether the text had neither a fraction nor an exponent; not part of the value.
    private(set) var isIntegerLiteral = true

    /// Exponents are clamped here, far beyond any `Double` or `Decimal`, so that adding the
    /// digit count never overflows.
    private static let exponentLimit = 1 << 40

    /// Reads `text`, or returns `nil` when it is not a number in JSON's grammar.
    init?(validating text: String) {
        var utf8 = Array(text.utf8)[...]
        if utf8.first == UInt8(ascii: "-") {
            isNegative = true
            utf8 = utf8.dropFirst()
        }
        let integer = utf8.prefix(while: Self.isDigit)
        guard !integer.isEmpty, integer.count == 1 || integer.first != UInt8(ascii: "0") else { return nil }
        utf8 = utf8.dropFirst(integer.count)
        var fraction: ArraySlice<UInt8> = []
        if utf8.first == UInt8(ascii: ".") {
            isIntegerLiteral = false
            fraction = utf8.dropFirst().prefix(while: Self.isDigit)
            guard !fraction.isEmpty else { return nil }
            utf8 = utf8.dropFirst(1 + fraction.count)
        }
        var written = 0
        if let marker = utf8.first, marker | 0x20 == UInt8(ascii: "e") {
            isIntegerLiteral = false
            utf8 = utf8.dropFirst()
            var isNegativeExponent = false
            if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                isNegativeExponent = sign == UInt8(ascii: "-")
                utf8 = utf8.dropFirst()
            }
            let exponentDigits = utf8.prefix(while: Self.isDigit)
            guard !exponentDigits.isEmpty else { return nil }
            utf8 = utf8.dropFirst(exponentDigits.count)
            for digit in exponentDigits where written < Self.exponentLimit {
                written = written * 10 + Int(digit &- UInt8(ascii: "0"))
            }
            if isNegativeExponent { written = -written }
        }
        guard utf8.isEmpty else { return nil }

        var all = Array(integer)
        all.append(contentsOf: fraction)
        let leading = all.prefix { $0 == UInt8(ascii: "0") }.count
        let trailing = all.reversed().prefix { $0 == UInt8(ascii: "0") }.count
        guard leading < all.count else { return }  // zero
        digits = Array(all[leading..<(all.count - trailing)])
        exponent = written - fraction.count + trailing
    }

    /// Reads text known to be a JSON number (a `Double`'s description); an unreadable text
    /// reads as zero.
    init(_ text: String) {
        self = DecimalText(validating: text) ?? DecimalText()
    }

    private init() {}

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Whether the value is zero (of either sign).
    var isZero: Bool { digits.isEmpty }

    /// The value as ``ModelValue/int(_:)`` or ``ModelValue/uint(_:)`` when it is a whole
    /// number that one of them holds.
    var integerValue: ModelValue? {
        guard !digits.isEmpty, exponent >= 0, digits.count + exponent <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + repeatElement(UInt8(ascii: "0"), count: exponent) {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit &- UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        if !isNegative { return .integer(magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return .int(Int64(bitPattern: 0 &- magnitude))
    }

    static func == (lhs: DecimalText, rhs: DecimalText) -> Bool {
        lhs.digits == rhs.digits && lhs.exponent == rhs.exponent && (lhs.isZero || lhs.isNegative == rhs.isNegative)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digits)
        hasher.combine(exponent)
        hasher.combine(!isZero && isNegative)
    }
}
