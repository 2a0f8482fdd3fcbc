/// A stable least-significant-digit radix sort of 64-bit keys, for ranking a batch's
/// integer sort keys.
///
/// A batch's keys are sorted to rank them; for 10k integer keys a comparison sort makes
/// some 130k comparisons, each a branch the processor cannot guess, while this makes a
/// counting pass and a scatter pass per digit, and skips the digits that every key shares
/// (a key below a million has 20 significant bits: two passes of 11).
///
/// Integer keys become `UInt64`s in the same order (see ``orderedBits(of:as:descending:)``),
/// so one sort serves every integer type and both directions.
@usableFromInline
package enum RadixSort {
    /// Bits sorted per pass: 2048 counters, which stay in the first-level cache.
    @usableFromInline static var digitBits: Int { 11 }

    /// The positions of `keys` in ascending order of the keys; equal keys keep their order.
    ///
    /// - Complexity: O(*n*) for *n* keys, times the number of digits in which they differ
    ///   (at most 6).
    @inlinable
    package static func sortedPositions(of keys: [UInt64]) -> [Int] {
        let count = keys.count
        let digitCount = (64 + digitBits - 1) / digitBits
        let radix = 1 << digitBits
        let mask = UInt64(radix - 1)
        // Every digit's counts in one pass over the keys.
        var counts = [Int](repeating: 0, count: digitCount * radix)
        counts.withUnsafeMutableBufferPointer { counts in
            for key in keys {
                for digit in 0..<digitCount {
                    counts[digit * radix + Int(truncatingIfNeeded: (key >> UInt64(digit * digitBits)) & mask)] += 1
                }
            }
        }
        var keys = keys
        var positions = Array(0..<count)
        var scratchKeys = [UInt64](repeating: 0, count: count)
        var scratchPositions = [Int](repeating: 0, count: count)
        for digit in 0..<digitCount {
            let shift = UInt64(digit * digitBits)
            // A digit that every key shares leaves the order as it is.
            let first = Int(truncatingIfNeeded: ((keys.first ?? 0) >> shift) & mask)
            if counts[digit * radix + first] == count { continue }
            // Where each digit value's keys start, then each key to its place, in order.
            var starts = [Int](repeating: 0, count: radix)
            var total = 0
            for value in 0..<radix {
                starts[value] = total
                total += counts[digit * radix + value]
            }
            keys.withUnsafeBufferPointer { keys in
                positions.withUnsafeBufferPointer { positions in
                    scratchKeys.withUnsafeMutableBufferPointer { outKeys in
                        scratchPositions.withUnsafeMutableBufferPointer { outPositions in
                            starts.withUnsafeMutableBufferPointer { starts in
                                for index in 0..<count {
                                    let value = Int(truncatingIfNeeded: (keys[index] >> shift) & mask)
                                    let target = starts[value]
                                    starts[value] = target + 1
                                    outKeys[target] = keys[index]
                                    outPositions[target] = positions[index]
                                }
                            }
                        }
                    }
                }
            }
            swap(&keys, &scratchKeys)
            swap(&positions, &scratchPositions)
        }
        return positions
    }

    /// `keys` as `UInt64`s in the same order, or reversed when `descending`, if their type
    /// is `Integer`; `nil` otherwise.
    ///
    /// A signed key has its sign bit flipped, which puts the negative ones first; a
    /// descending key is complemented. Where `Value` is known, the type check is decided
    /// when compiling.
    @inlinable @inline(__always)
    static func orderedBits<Value, Integer: FixedWidthInteger>(
        of keys: UnsafeBufferPointer<Value>, as _: Integer.Type, descending: Bool
    ) -> [UInt64]? {
        guard Value.self == Integer.self else { return nil }
        let signBit: UInt64 = Integer.isSigned ? 1 << 63 : 0
        let flip: UInt64 = descending ? ~0 : 0
        return keys.withMemoryRebound(to: Integer.self) { keys in
            keys.map { UInt64(truncatingIfNeeded: Int64(truncatingIfNeeded: $0)) ^ signBit ^ flip }
        }
    }

    /// `keys` as `UInt64`s in the same order (reversed when `descending`) when `Value` is
    /// one of the standard library's integer types; `nil` for any other type.
    @inlinable
    static func orderedBits<Value>(of keys: UnsafeBufferPointer<Value>, descending: Bool) -> [UInt64]? {
        orderedBits(of: keys, as: Int.self, descending: descending)
            ?? orderedBits(of: keys, as: Int64.self, descending: descending)
            ?? orderedBits(of: keys, as: Int32.self, descending: descending)
            ?? orderedBits(of: keys, as: Int16.self, descending: descending)
            ?? orderedBits(of: keys, as: Int8.self, descending: descending)
            ?? orderedBits(of: keys, as: UInt.self, descending: descending)
            ?? orderedBits(of: keys, as: UInt64.self, descending: descending)
            ?? orderedBits(of: keys, as: UInt32.self, descending: descending)
            ?? orderedBits(of: keys, as: UInt16.self, descending: descending)
            ?? orderedBits(of: keys, as: UInt8.self, descending: descending)
    }
}
