/// An unsigned integer of any size, for checking tables against exact arithmetic: 32-bit
/// limbs, least significant first.
struct ExactInteger: Comparable {
    private(set) var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    /// The 128-bit integer `high × 2^64 + low`.
    init(high: UInt64, low: UInt64) {
        self = ExactInteger(high) << 64 + ExactInteger(low)
    }

    private mutating func normalize() {
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
    }

    /// The number of bits up to the highest set bit; 0 for zero.
    var bitLength: Int {
        let top = limbs.count - 1
        return top * 32 + (32 - limbs[top].leadingZeroBitCount)
    }

    static func + (lhs: ExactInteger, rhs: ExactInteger) -> ExactInteger {
        var result = ExactInteger(0)
        result.limbs = Array(repeating: 0, count: max(lhs.limbs.count, rhs.limbs.count) + 1)
        var carry: UInt64 = 0
        for index in result.limbs.indices {
            let left = index < lhs.limbs.count ? UInt64(lhs.limbs[index]) : 0
            let right = index < rhs.limbs.count ? UInt64(rhs.limbs[index]) : 0
            let sum = left + right + carry
            result.limbs[index] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
        }
        result.normalize()
        return result
    }

    static func * (lhs: ExactInteger, rhs: ExactInteger) -> ExactInteger {
        var result = ExactInteger(0)
        result.limbs = Array(repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (i, left) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in rhs.limbs.enumerated() {
                let product = UInt64(left) * UInt64(right) + UInt64(result.limbs[i + j]) + carry
                result.limbs[i + j] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            result.limbs[i + rhs.limbs.count] = UInt32(carry)
        }
        result.normalize()
        return result
    }

    static func << (lhs: ExactInteger, rhs: Int) -> ExactInteger {
        var result = lhs
        result.limbs = Array(repeating: 0, count: rhs / 32) + lhs.limbs + [0]
        let bits = UInt32(rhs % 32)
        if bits > 0 {
            for index in (rhs / 32..<result.limbs.count).reversed() {
                let below = index > rhs / 32 ? result.limbs[index - 1] >> (32 - bits) : 0
                result.limbs[index] = result.limbs[index] << bits | below
            }
        }
        result.normalize()
        return result
    }

    static func < (lhs: ExactInteger, rhs: ExactInteger) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }
}
