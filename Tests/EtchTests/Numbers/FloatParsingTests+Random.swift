import Foundation
import Testing

@testable import Etch

extension FloatParsingTests {
    /// How many random numbers to check: 60,000 (one to three seconds in a debug build), or with
    /// `ETCH_FLOAT_EXHAUSTIVE=1` ten million, or `ETCH_FLOAT_COUNT`; `Scripts/float-check.sh`
    /// runs the large check. `ETCH_FLOAT_SEED` picks another sequence.
    static var randomCount: Int {
        let environment = ProcessInfo.processInfo.environment
        if let count = environment["ETCH_FLOAT_COUNT"].flatMap(Int.init) { return count }
        return environment["ETCH_FLOAT_EXHAUSTIVE"] == "1" ? 10_000_000 : 60_000
    }

    static var randomSeed: UInt64 {
        ProcessInfo.processInfo.environment["ETCH_FLOAT_SEED"].flatMap { UInt64($0) } ?? 0xF1_0A75
    }

    /// Every random number reads as the standard library's `Double(String)` rounds it, and as
    /// the same case as `ModelValue(jsonNumber:)`, which decides from the text and the double's
    /// description as the reader did before its fast path for long numbers.
    @Test func randomNumbersReadAsTheStandardLibraryReadsThem() throws {
        var generator = NumberTextGenerator(seed: Self.randomSeed)
        var tally = Tally()
        while tally.checked < Self.randomCount {
            var texts: [String] = []
            for _ in 0..<min(50_000, Self.randomCount - tally.checked) {
                let text = generator.next()
                tally.checked += 1
                guard let double = Double(text), DecimalText(validating: text) != nil else {
                    Issue.record("the generator made \(text), which is not a JSON number")
                    return
                }
                if double.isFinite {
                    texts.append(text)
                } else {
                    // Beyond a double's range; the whole document is refused.
                    tally.outOfRange += 1
                    #expect(throws: JSONError.self, "\(text)") { try ModelValue(jsonString: "[\(text)]") }
                }
            }
            guard case .array(let values) = try ModelValue(jsonString: "[" + texts.joined(separator: ",") + "]") else {
                Issue.record("expected an array")
                return
            }
            for (text, value) in zip(texts, values) where !check(text, readAs: value, tally: &tally) {
                Issue.record("\(text) read as \(value.debugDescription)")
                if tally.failures > 20 { return }
            }
        }
        print(tally.summary)
        #expect(tally.failures == 0)
    }

    /// Compares the reader with the standard library, the slow path's decision, and the fast
    /// path's parts on their own.
    private func check(_ text: String, readAs value: ModelValue, tally: inout Tally) -> Bool {
        let expected = ModelValue(jsonNumber: text)!
        let double = Double(text)!
        var same: Bool
        switch (value, expected) {
        case (.double(let read), .double(let wanted)):
            same = read.bitPattern == wanted.bitPattern && read.bitPattern == double.bitPattern
            tally.doubles += 1
        case (.number(let read), .number(let wanted)):
            same = read.text == text && read.doubleValue.bitPattern == wanted.doubleValue.bitPattern
            same = same && read.doubleValue.bitPattern == double.bitPattern
            tally.kept += 1
        case (.int(let read), .int(let wanted)):
            same = read == wanted
            tally.integers += 1
        case (.uint(let read), .uint(let wanted)):
            same = read == wanted
            tally.integers += 1
        default:
            same = false
        }
        if !same { tally.failures += 1 }
        // The parts cost as much as the rest: a quarter of the numbers is plenty.
        tally.compared += 1
        return same && (tally.compared % 4 != 0 || checkParts(text, double: double, tally: &tally))
    }

    /// `ShortDecimal` alone, for numbers of up to 19 significant digits: its double when it
    /// gives one, and its shortest-form test when it answers.
    private func checkParts(_ text: String, double: Double, tally: inout Tally) -> Bool {
        let decimal = DecimalText(text)
        guard !decimal.isZero, decimal.digits.count <= 19 else { return true }
        let digits = ShortDecimal(
            significand: UInt64(String(decoding: decimal.digits, as: UTF8.self))!, exponent: decimal.exponent)
        tally.short += 1
        guard let nearest = digits.nearestDouble() else {
            tally.undecidedNearest += 1
            return true
        }
        guard nearest.bitPattern == double.magnitude.bitPattern else {
            tally.failures += 1
            Issue.record("\(text): ShortDecimal gives \(nearest), Double(String) \(double)")
            return false
        }
        guard digits.significand < 100_000_000_000_000_000 else { return true }
        guard let isShortest = digits.isShortestForm(of: nearest) else {
            tally.undecidedShortest += 1
            return true
        }
        let described = DecimalText(nearest.description)
        let wanted = described.digits == decimal.digits && described.exponent == decimal.exponent
        guard isShortest == wanted else {
            tally.failures += 1
            Issue.record("\(text): isShortestForm says \(isShortest), \(nearest.description) says \(wanted)")
            return false
        }
        return true
    }
}

/// Counts for the random check's summary.
private struct Tally {
    var checked = 0
    var compared = 0
    var outOfRange = 0
    var doubles = 0
    var kept = 0
    var integers = 0
    var short = 0
    var undecidedNearest = 0
    var undecidedShortest = 0
    var failures = 0

    var summary: String {
        "FloatParsingTests: \(checked) random numbers, \(failures) failures: \(doubles) doubles, \(kept) kept as "
            + "text, \(integers) integers, \(outOfRange) out of range; of \(short) with at most 19 digits, "
            + "\(undecidedNearest) left to the slow parser, \(undecidedShortest) shortest-form tests undecided"
    }
}
