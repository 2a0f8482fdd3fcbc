import EtchTestSupport
import Foundation

/// Random JSON number texts that exercise every way of reading a number: doubles in their
/// shortest form and with more digits, random digit strings of 1 to 25 significant digits at
/// every exponent (subnormals, overflow), exact and near ties, runs of 9s and 0s, and
/// canada.json-like coordinates; written plainly or with exponents, with either sign.
struct NumberTextGenerator {
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func next() -> String {
        switch random.next() % 9 {
        case 0: return shortestDouble()
        case 1: return longDouble()
        case 2: return write(digits: digits(count: 1 + int(25)), exponent: int(700) - 370)
        case 3: return write(digits: digits(count: 1 + int(25)), exponent: int(60) - 360)  // subnormal
        case 4: return write(digits: digits(count: 1 + int(25)), exponent: int(30) + 285)  // overflow
        case 5: return tie()
        case 6: return write(digits: repeating(), exponent: int(60) - 40)
        case 7: return write(digits: digits(count: 15 + int(3)), exponent: -13 - int(4))  // coordinates
        default: return write(digits: digits(count: 1 + int(19)), exponent: int(50) - 30)
        }
    }

    private mutating func int(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    private mutating func sign() -> String { random.next() % 2 == 0 ? "-" : "" }

    /// A random finite double's description: what Swift and most JSON writers emit.
    private mutating func shortestDouble() -> String {
        while true {
            let double = Double(bitPattern: random.next())
            if double.isFinite { return double.description }
        }
    }

    /// A random double with 16 to 25 significant digits, as C's printf rounds them.
    private mutating func longDouble() -> String {
        var double = Double(bitPattern: random.next())
        if !double.isFinite { double = .greatestFiniteMagnitude }
        var text = String(format: "%.\(15 + int(10))e", double)
        // Nudge the last digit, to land next to the rounding boundaries.
        if random.next() % 2 == 0, let last = text.firstIndex(of: "e").map({ text.index(before: $0) }),
            let digit = text[last].wholeNumberValue, digit > 0, digit < 9
        {
            text.replaceSubrange(last...last, with: String(digit + (random.next() % 2 == 0 ? 1 : -1)))
        }
        return text
    }

    /// A number exactly half way between two doubles, or next to one: `(2m + 1) × 2^(e - 1)`
    /// with 53-bit `m`, an integer for e >= 1 and a short fraction for e down to -2.
    private mutating func tie() -> String {
        let significand = (random.next() >> 11) | 1 << 52
        let binaryExponent = int(13) - 2
        let nudge = [0, 0, 1, -1][int(4)]
        if binaryExponent >= 1 {
            let value = (2 * significand + 1) << UInt64(binaryExponent - 1)
            return write(digits: String(UInt64(Int64(value) + Int64(nudge))), exponent: 0)
        }
        // (2m + 1) / 2^(1 - e) = (2m + 1) × 5^(1 - e) / 10^(1 - e)
        var scaled = 2 * significand + 1
        for _ in 0..<(1 - binaryExponent) { scaled *= 5 }
        return write(digits: String(UInt64(Int64(scaled) + Int64(nudge))), exponent: binaryExponent - 1)
    }

    /// `count` random digits, the first not zero.
    private mutating func digits(count: Int) -> String {
        var text = String(1 + int(9))
        for _ in 1..<count { text += String(int(10)) }
        return text
    }

    /// Runs of 9s or of 0s, such as 99999999999999999 and 100000000000000001.
    private mutating func repeating() -> String {
        let count = 1 + int(24)
        switch int(3) {
        case 0: return String(repeating: "9", count: count)
        case 1: return "1" + String(repeating: "0", count: count) + String(1 + int(9))
        default: return String(repeating: "9", count: count) + String(int(10))
        }
    }

    /// `sign digits × 10^exponent` in one of several spellings.
    private mutating func write(digits: String, exponent: Int) -> String {
        let marker = ["e", "E", "e+", "e"][int(4)]
        func withExponent(_ value: Int) -> String { (value < 0 ? String(marker.prefix(1)) : marker) + String(value) }
        switch int(3) {
        case 0:
            return sign() + digits + withExponent(exponent)
        case 1:
            let scientific = exponent + digits.count - 1
            let fraction = digits.dropFirst()
            return sign() + digits.prefix(1) + (fraction.isEmpty ? "" : "." + fraction) + withExponent(scientific)
        default:
            let point = digits.count + exponent  // digits before the point
            if point > 40 || point < -40 { return sign() + digits + withExponent(exponent) }
            if point <= 0 { return sign() + "0." + String(repeating: "0", count: -point) + digits }
            if point >= digits.count {
                return sign() + digits + String(repeating: "0", count: point - digits.count) + ".0"
            }
            return sign() + digits.prefix(point) + "." + digits.dropFirst(point)
        }
    }
}
