import Testing

@testable import Etch

@Suite struct PowersOfFiveTests {}

extension PowersOfFiveTests {
    /// Every entry is 5^q's 128 leading bits rounded down, and `binaryExponent` places it:
    /// `T × 2^(e - 127) ≤ 5^q < (T + 1) × 2^(e - 127)`, with the top bit of `T` set.
    @Test func everyEntryIsTheTruncatedPowerOfFive() {
        #expect(PowersOfFive.table.count == 2 * (PowersOfFive.largestExponent - PowersOfFive.smallestExponent + 1))
        var powers = [ExactInteger(1)]
        for _ in 0..<max(-PowersOfFive.smallestExponent, PowersOfFive.largestExponent) {
            powers.append(powers[powers.count - 1] * ExactInteger(5))
        }
        for q in PowersOfFive.smallestExponent...PowersOfFive.largestExponent {
            let (high, low) = PowersOfFive.entry(q)
            #expect(high >> 63 == 1, "5^\(q): top bit")
            let entry = ExactInteger(high: high, low: low)
            let next = entry + ExactInteger(1)
            let shift = PowersOfFive.binaryExponent(q) - 127
            let power = powers[abs(q)]
            // Multiply out the negative powers of two (and of five) so only integers remain.
            let holds: Bool
            let exact: Bool
            if q >= 0, shift >= 0 {
                holds = entry << shift <= power && power < next << shift
                exact = entry << shift == power
            } else if q >= 0 {
                holds = entry <= power << -shift && power << -shift < next
                exact = entry == power << -shift
            } else {
                // 5^q = 1 / 5^-q, and shift < 0 for every negative q.
                let one = ExactInteger(1) << -shift
                holds = entry * power <= one && one < next * power
                exact = entry * power == one
            }
            #expect(holds, "5^\(q): entry or binary exponent")
            #expect(exact == PowersOfFive.isExact(q), "5^\(q): exactness")
        }
    }
}
