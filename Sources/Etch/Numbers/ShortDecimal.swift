/// A positive decimal number whose significant digits fit 64 bits: `significand × 10^exponent`.
///
/// ``nearestDouble()`` rounds it to a `Double` without making a string, with Eisel and Lemire's
/// algorithm: the significand times 128 bits of the power of five (``DecimalProduct``) holds
/// enough of the value to round it correctly, and in the rare cases where the bits the table
/// drops could change the rounding, it gives up instead of guessing.
struct ShortDecimal {
    /// The significant digits as an integer; not zero.
    var significand: UInt64
    /// The power of ten the significand is multiplied by.
    var exponent: Int

    /// The `Double` nearest the decimal; `nil` when the table's 128 bits cannot tell which way
    /// to round (the bits it dropped could carry into the round bit: every bit of the product
    /// below the round bit, down to its last 64, is one), for a decimal exactly half way
    /// between two doubles, and for decimals that round to zero, to the least subnormal or to
    /// infinity. The caller reads those with a slower exact parser, so every `nil` costs
    /// time, never correctness.
    func nearestDouble() -> Double? {
        guard exponent >= PowersOfFive.smallestExponent, exponent <= PowersOfFive.largestExponent else { return nil }
        let product = DecimalProduct(significand: significand, exponent: exponent)
        let upperBit = Int(product.high >> 63)
        // The exponent of the last bit of a 53-bit significand taken from the product's top.
        var binaryExponent = product.scale &+ 138 &+ upperBit
        var kept = 53
        if binaryExponent < -1074 {
            // Subnormal: fewer bits above the smallest exponent.
            kept &-= -1074 &- binaryExponent
            binaryExponent = -1074
            guard kept >= 1 else { return nil }
        }
        // Every bit that decides the rounding is in the high word: the kept bits, the round bit
        // at `roundShift`, and at least 9 bits below it.
        let roundShift = UInt64(62 &+ upperBit &- kept)
        let belowMask: UInt64 = (1 &<< roundShift) &- 1
        var bits = product.high &>> (roundShift &+ 1)
        if product.high &>> roundShift & 1 == 0 {
            // Below half way, unless the part the table dropped (less than one unit of
            // `middle`) could carry into the round bit.
            if product.high & belowMask == belowMask, product.middle == .max { return nil }
        } else {
            // At or above half way; exactly half way only when nothing below is set and the
            // product is exact. Ties are rare (the decimal needs 16 or more digits), so they
            // are left to the slow path with the other rare cases.
            if product.high & belowMask == 0, product.middle == 0, product.low == 0, product.isExact { return nil }
            bits &+= 1
        }
        guard kept == 53 else {
            // A subnormal, or the least normal double when rounding carried into bit 52.
            return Double(bitPattern: bits)
        }
        if bits == 1 << 53 {
            bits = 1 << 52
            binaryExponent &+= 1
        }
        let biasedExponent = binaryExponent &+ 1075
        guard biasedExponent < 2047 else { return nil }
        return Double(bitPattern: UInt64(biasedExponent) << 52 | bits & ((1 << 52) - 1))
    }

    /// The same value with the trailing zeros of the significand moved into the exponent.
    func withoutTrailingZeros() -> ShortDecimal {
        var result = self
        while result.significand % 10 == 0 {
            result.significand /= 10
            result.exponent += 1
        }
        return result
    }
}
