extension ShortDecimal {
    /// How a decimal compares with a binary number.
    enum Order {
        case below
        case equal
        case above
    }

    /// Compares the decimal with `binarySignificand × 2^binaryExponent`, which must be at
    /// least 2^-1075 and at most 2^1024, with a significand of at most 56 bits; `nil` when the
    /// table's 128 bits cannot tell (the two are within about 2^-126 of each other).
    func compare(toBinary binarySignificand: UInt64, exponent binaryExponent: Int) -> Order? {
        // Beyond the table the decimal is beyond every such binary number: at least 10^309
        // above, below 2^64 × 10^-343 < 2^-1075 below.
        if exponent > PowersOfFive.largestExponent { return .above }
        if exponent < PowersOfFive.smallestExponent { return .below }
        let product = DecimalProduct(significand: significand, exponent: exponent)
        // Both as multiples of 2^scale: the decimal is the product, at or a little above it,
        // below 2^192; the binary number is its significand shifted left.
        let shift = binaryExponent &- product.scale
        let top = shift &+ (64 &- binarySignificand.leadingZeroBitCount)
        if top <= 190 { return .above }
        if top > 192 { return .below }
        // Here the binary number has nothing below bit 128: it is `binaryHigh` × 2^128.
        let binaryHigh = binarySignificand &<< UInt64(shift &- 128)
        if product.high > binaryHigh { return .above }
        if product.high == binaryHigh {
            return product.middle == 0 && product.low == 0 && product.isExact ? .equal : .above
        }
        // The product is below, and the part the table dropped is less than one unit of `middle`.
        if binaryHigh &- product.high > 1 || product.isExact || product.middle != .max { return .below }
        return nil
    }

    /// Whether the decimal, which must have no trailing zeros in its significand and at most 17
    /// digits, is what `value.description` writes: the shortest decimal that reads back as
    /// `value` (a positive finite double), and of those the nearest to it.
    ///
    /// `value` must be the decimal's nearest double. Returns `nil` when exact arithmetic would
    /// be needed to tell, such as for a decimal exactly half way between `value` and a neighbour.
    ///
    /// The test needs no digits of `value`: the decimal is the shortest form when no decimal
    /// with one digit fewer reads back as `value` (and if any does, one of the two next to the
    /// decimal does), and it is the nearest of its length when `value` is closer to it than to
    /// its neighbours, that is within half a unit of its last digit.
    func isShortestForm(of value: Double) -> Bool? {
        let fraction = value.significandBitPattern
        let biasedExponent = Int(value.exponentBitPattern)
        let binarySignificand = biasedExponent == 0 ? fraction : fraction | 1 << 52
        let binaryExponent = max(biasedExponent, 1) &- 1075
        // The numbers half way to the neighbouring doubles, in quarters of the last place:
        // below a power of two the lower neighbour is only half as far away.
        let upperHalfWay = 4 &* binarySignificand &+ 2
        let lowerHalfWay = 4 &* binarySignificand &- (fraction == 0 && biasedExponent > 1 ? 1 : 2)

        // A decimal one digit shorter: a multiple of 10^(exponent + 1) next to this one. The
        // nearer one reads back as `value` more often, so it is asked first.
        let halfWays = (lower: lowerHalfWay, upper: upperHalfWay, exponent: binaryExponent &- 2)
        let upperIsNearer = significand % 10 >= 5
        switch shorterNeighbourReadsBack(upper: upperIsNearer, halfWays: halfWays) {
        case true: return false
        case false: break
        case nil: return nil
        }
        switch shorterNeighbourReadsBack(upper: !upperIsNearer, halfWays: halfWays) {
        case true: return false
        case false: break
        case nil: return nil
        }

        // The nearest of its length: `value` strictly between the decimal ± half a unit.
        let aboveHalf = ShortDecimal(significand: significand &* 10 &+ 5, exponent: exponent &- 1)
        switch aboveHalf.compare(toBinary: binarySignificand, exponent: binaryExponent) {
        case .below: return false
        case .above: break
        case .equal, nil: return nil
        }
        let belowHalf = ShortDecimal(significand: significand &* 10 &- 5, exponent: exponent &- 1)
        switch belowHalf.compare(toBinary: binarySignificand, exponent: binaryExponent) {
        case .above: return false
        case .below: break
        case .equal, nil: return nil
        }
        return true
    }

    /// Whether the multiple of 10^(exponent + 1) just above the decimal (`upper`) or just below
    /// it reads back as the same double: whether it is on the decimal's side of the number half
    /// way to the next double, `halfWays.upper` or `halfWays.lower` × 2^`halfWays.exponent`;
    /// `nil` when it is exactly there.
    @inline(__always)
    private func shorterNeighbourReadsBack(
        upper: Bool, halfWays: (lower: UInt64, upper: UInt64, exponent: Int)
    ) -> Bool? {
        let shorter = significand / 10 &+ (upper ? 1 : 0)
        // Zero, below a one-digit decimal, reads back as zero.
        if shorter == 0 { return false }
        let neighbour = ShortDecimal(significand: shorter, exponent: exponent &+ 1)
        switch neighbour.compare(toBinary: upper ? halfWays.upper : halfWays.lower, exponent: halfWays.exponent) {
        case .below: return upper
        case .above: return !upper
        case .equal, nil: return nil
        }
    }
}
