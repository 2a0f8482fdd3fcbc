import EtchTestSupport
import Foundation
import Testing

@testable import Etch

@Suite struct JSONNumberTests {}

/// A number's text and the value it must read as.
struct NumberCase: CustomTestStringConvertible, Sendable {
    let text: String
    let expected: ModelValue
    var testDescription: String { text }
}

extension JSONNumberTests {
    static let integerCases: [NumberCase] = [
        NumberCase(text: "9223372036854775807", expected: .int(.max)),
        NumberCase(text: "-9223372036854775808", expected: .int(.min)),
        NumberCase(text: "9223372036854775808", expected: .uint(1 << 63)),
        NumberCase(text: "18446744073709551615", expected: .uint(.max)),
        NumberCase(text: "9007199254740993", expected: .int(9_007_199_254_740_993)),
        NumberCase(text: "9007199254740993.0", expected: .int(9_007_199_254_740_993)),
        NumberCase(text: "12345678901234567.5e1", expected: .int(123_456_789_012_345_675)),
    ]

    @Test(arguments: integerCases)
    func integersAreExactOverTheWholeRange(_ testCase: NumberCase) throws {
        let value = try ModelValue(jsonString: testCase.text)
        #expect(value == testCase.expected)
        #expect(value.debugDescription == testCase.expected.debugDescription)
    }

    /// Numbers that no integer and no double's shortest form hold exactly keep their text.
    static let keptCases: [String] = [
        "18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
        "0.1000000000000000055511151231257827", "1e-400", "-1E-400", "2.2250738585072011e-308",
        "123456789.123456789e-5", "1.00000000000000000000000000000001", "9007199254740993.5",
    ]

    @Test(arguments: keptCases)
    func numbersNoOtherCaseHoldsKeepTheirText(_ text: String) throws {
        let value = try ModelValue(jsonString: "[\(text)]")
        guard case .number(let number)? = value[0] else {
            Issue.record("\(text) read as \(value.debugDescription)")
            return
        }
        #expect(number.text == text)
        #expect(number.doubleValue == Double(text))
        #expect(try value.jsonString() == "[\(text)]")
        #expect(value[0] != .double(Double(text)!))
        #expect(ModelValue(jsonNumber: text) == value[0])
    }

    @Test func keptNumbersCompareByValue() throws {
        let a = try ModelValue(jsonString: "1.50000000000000000001")
        let b = try ModelValue(jsonString: "15.0000000000000000001000e-1")
        let c = try ModelValue(jsonString: "1.50000000000000000002")
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(ModelValue(jsonNumber: "1e2") == .int(100))
        #expect(ModelValue(jsonNumber: "0.5") == .double(0.5))
        #expect(ModelValue(jsonNumber: "01") == nil && ModelValue(jsonNumber: "1.") == nil)
        #expect(ModelValue(jsonNumber: "1e400") == nil && ModelValue(jsonNumber: "NaN") == nil)
    }

    @Test func keptNumbersReadAsTypes() throws {
        let context = ModelValueContext()
        let tiny = try #require(ModelValue(jsonNumber: "1e-400"))
        #expect(try Double(modelValue: tiny, context: context) == 0)
        #expect(try Decimal(modelValue: tiny, context: context) == 0)
        let long = try #require(ModelValue(jsonNumber: "0.1000000000000000055511151231257827"))
        #expect(try Double(modelValue: long, context: context) == 0.1)
        #expect(
            try Decimal(modelValue: long, context: context)
                == Decimal(string: "0.1000000000000000055511151231257827", locale: Locale(identifier: "en_US_POSIX")))
        let huge = try #require(ModelValue(jsonNumber: "123456789012345678901234567890"))
        #expect(throws: ModelError.self) { try Int64(modelValue: huge, context: context) }
        #expect(throws: ModelError.self) { try UInt(modelValue: huge, context: context) }
        #expect(try Decimal(modelValue: huge, context: context).description == "123456789012345678901234567890")
    }

    static let doubleCases: [NumberCase] = [
        NumberCase(text: "0.1", expected: .double(0.1)),
        NumberCase(text: "1e23", expected: .double(1e23)),
        NumberCase(text: "5e-324", expected: .double(.leastNonzeroMagnitude)),
        NumberCase(text: "2.225073858507201e-308", expected: .double(Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))),
        NumberCase(text: "2.2250738585072014e-308", expected: .double(.leastNormalMagnitude)),
        NumberCase(text: "1.7976931348623157e308", expected: .double(.greatestFiniteMagnitude)),
        NumberCase(text: "0.30000000000000004", expected: .double(0.1 + 0.2)),
        NumberCase(text: "-1.5E-3", expected: .double(-0.0015)),
        NumberCase(text: "1.0000000000000000000", expected: .double(1)),
        NumberCase(text: "1000000000000000000000000e-24", expected: .double(1)),
        // Kept as text, and read as the nearest double.
        NumberCase(text: "4.9406564584124654e-324", expected: .double(.leastNonzeroMagnitude)),
        NumberCase(text: "123456789.123456789e-5", expected: .double(1234.56789123456789)),
        NumberCase(text: "1.00000000000000000000000000000001", expected: .double(1)),
        NumberCase(text: "1e-400", expected: .double(0)),
    ]

    @Test(arguments: doubleCases)
    func doublesAreCorrectlyRounded(_ testCase: NumberCase) throws {
        let value = try ModelValue(jsonString: testCase.text)
        guard case .double(let expected) = testCase.expected else {
            Issue.record("a double case expects a double")
            return
        }
        let read = try Double(modelValue: value, context: ModelValueContext())
        #expect(read.bitPattern == expected.bitPattern)
    }

    @Test func randomDoublesRoundTripBitForBit() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var doubles: [Double] = [
            0.1, 1e23, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude,
            2.0, 1e-5, 1e16, 123_456_789_012_345_680, -0.0, 0.0, .pi, 1 / 3, Double(bitPattern: 0x4340_0000_0000_0001),
        ]
        for _ in 0..<20_000 {
            let bits = generator.next()
            let double = Double(bitPattern: bits)
            if double.isFinite { doubles.append(double) }
            // Also numbers of everyday magnitudes, where the fast path applies.
            doubles.append(Double(Int64(bitPattern: bits) % 10_000_000) / 1000)
        }
        for _ in 0..<2000 {
            doubles.append(Double(bitPattern: generator.next() & 0x000F_FFFF_FFFF_FFFF))  // subnormals
        }
        let value = ModelValue.array(doubles.map(ModelValue.double))
        let text = try value.jsonString()
        guard case .array(let read) = try ModelValue(jsonString: text) else {
            Issue.record("expected an array")
            return
        }
        #expect(read.count == doubles.count)
        for (written, readBack) in zip(doubles, read) {
            guard case .double(let double) = readBack, double.bitPattern == written.bitPattern else {
                Issue.record("\(written) read back as \(readBack)")
                return
            }
        }
    }

    @Test func integralDoublesStayDoubles() throws {
        let value: ModelValue = [.double(2), .double(-0.0), .double(1e16), .double(1e-5)]
        let text = try value.jsonString()
        #expect(text == "[2.0,-0.0,1e+16,1e-05]")
        let read = try ModelValue(jsonString: text)
        #expect(read == value)
        #expect(read[0].map { if case .double = $0 { true } else { false } } == true)
    }
}
