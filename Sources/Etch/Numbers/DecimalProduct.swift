/// The value of a decimal `w × 10^q` as a 192-bit binary number: `w`, shifted left until its
/// top bit is set, times the table's 128 bits of `5^q`.
///
/// The product is exact when ``isExact``; otherwise the table's entry was rounded down, and
/// the true value is above the product by less than 2^64 units of ``low`` (less than one unit
/// of ``middle``). Its top bit is bit 191 or bit 190.
struct DecimalProduct {
    /// The most significant 64 bits.
    let high: UInt64
    /// The next 64 bits.
    let middle: UInt64
    /// The least significant 64 bits.
    let low: UInt64
    /// The power of two of the lowest bit: the decimal is about `(high, middle, low) × 2^scale`.
    let scale: Int
    /// Whether the product is the decimal's value exactly.
    let isExact: Bool

    /// Multiplies `significand` (not zero) by the power of five of `exponent`, which must be in
    /// the table's range.
    @inline(__always)
    init(significand: UInt64, exponent: Int) {
        let shift = significand.leadingZeroBitCount
        let normalized = significand &<< UInt64(shift)
        let power = PowersOfFive.entry(exponent)
        let upper = normalized.multipliedFullWidth(by: power.high)
        let lower = normalized.multipliedFullWidth(by: power.low)
        let (middle, carry) = upper.low.addingReportingOverflow(lower.high)
        // No overflow: the product is below 2^192.
        high = upper.high &+ (carry ? 1 : 0)
        self.middle = middle
        low = lower.low
        // w × 10^q = (w × 2^shift) × 5^q × 2^(q - shift), and 5^q ≈ entry × 2^(floor(q log2 5) - 127).
        scale = exponent &+ PowersOfFive.binaryExponent(exponent) &- 127 &- shift
        isExact = PowersOfFive.isExact(exponent)
    }
}
