/// SplitMix64: a small, fast random number generator whose sequence depends only on its
/// seed, so generated benchmark data is the same on every run and every machine.
package struct SeededGenerator: RandomNumberGenerator {
    /// The position in the sequence. The methods are inlinable, as they were when each program
    /// had its own copy, since timed closures draw from the generator.
    @usableFromInline var state: UInt64

    /// Makes a generator; equal seeds give equal sequences.
    @inlinable package init(seed: UInt64) { state = seed }

    @inlinable package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with the given probability.
    @inlinable package mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }

    /// A uniformly chosen element of a non-empty array.
    @inlinable package mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }

    /// An integer in `range`.
    @inlinable package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
