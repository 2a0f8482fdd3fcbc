import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// The radix sort that ranks a batch's integer keys, against the standard library's sort.
@Suite struct RadixSortTests {}

extension RadixSortTests {
    /// The positions of `keys` sorted the plain way, ties in their order.
    private static func expected<Value: Comparable>(_ keys: [Value], descending: Bool) -> [Int] {
        keys.indices.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return descending ? keys[lhs] > keys[rhs] : keys[lhs] < keys[rhs] }
            return lhs < rhs
        }
    }

    /// The first position where `actual` and `expected` differ, or `nil`: a short message
    /// where printing both arrays would print thousands of numbers.
    private static func firstDifference(_ actual: [Int], _ expected: [Int]) -> Int? {
        let common = Swift.min(actual.count, expected.count)
        return (0..<common).first { actual[$0] != expected[$0] } ?? (actual.count == expected.count ? nil : common)
    }

    /// Sorts `keys` both ways through the orders a batch uses, checking that the radix sort
    /// is the one that ran.
    private static func expectSortedLikeTheStandardSort<Value: FixedWidthInteger & SendableMetatype>(
        _ keys: [Value]
    ) {
        keys.withUnsafeBufferPointer { buffer in
            #expect(AscendingOrder<Value>().radixBits(of: buffer) != nil, "\(Value.self) sorts by radix")
            let ascending = AscendingOrder<Value>().sortedPositions(of: buffer)
            let descending = DescendingOrder<Value>().sortedPositions(of: buffer)
            #expect(firstDifference(ascending, expected(keys, descending: false)) == nil, "\(Value.self) ascending")
            #expect(firstDifference(descending, expected(keys, descending: true)) == nil, "\(Value.self) descending")
        }
    }

    /// Random keys of a type, some of them its extremes and many repeated.
    private static func keys<Value: FixedWidthInteger>(
        _: Value.Type, count: Int, using random: inout SeededGenerator
    ) -> [Value] {
        let pool =
            [Value.min, Value.max, 0, 1]
            + (0..<(count / 4 + 1)).map { _ in Value.random(in: .min ... .max, using: &random) }
        return (0..<count).map { _ in
            switch Int.random(in: 0..<3, using: &random) {
            case 0: Value.random(in: .min ... .max, using: &random)
            // Small values, negative ones for a signed type, differing only in low digits.
            case 1: Value(truncatingIfNeeded: Int.random(in: -300...300, using: &random))
            default: pool.randomElement(using: &random)!
            }
        }
    }

    @Test(arguments: [0, 1, 2, 3, 17, 1_000, 5_000])
    func integerKeysSortLikeTheStandardSort(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        Self.expectSortedLikeTheStandardSort(Self.keys(Int.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(Int64.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(Int32.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(Int16.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(Int8.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(UInt.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(UInt64.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(UInt32.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(UInt16.self, count: count, using: &random))
        Self.expectSortedLikeTheStandardSort(Self.keys(UInt8.self, count: count, using: &random))
    }

    @Test func keysThatShareEveryDigitButOneOrNoneKeepTheirOrder() {
        Self.expectSortedLikeTheStandardSort([Int](repeating: 42, count: 100))
        Self.expectSortedLikeTheStandardSort([Int.min, Int.max, Int.min, -1, 0, Int.max, -1])
        Self.expectSortedLikeTheStandardSort((0..<300).map { 1 << 40 | ($0 * 7919) % 300 })
        Self.expectSortedLikeTheStandardSort((0..<64).map { Int(bitPattern: 1 << UInt($0)) })
    }

    @Test func otherKeysAreCompared() {
        let titles = ["b", "a", "c", "a"]
        titles.withUnsafeBufferPointer { buffer in
            #expect(AscendingOrder<String>().radixBits(of: buffer) == nil)
            #expect(AscendingOrder<String>().sortedPositions(of: buffer) == [1, 3, 0, 2])
        }
        let scores = [2.5, -1, 2.5]
        scores.withUnsafeBufferPointer { buffer in
            #expect(DescendingOrder<Double>().radixBits(of: buffer) == nil)
            #expect(DescendingOrder<Double>().sortedPositions(of: buffer) == [0, 2, 1])
        }
    }
}
