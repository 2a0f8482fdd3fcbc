import Testing

@testable import Etch

@Suite struct FloatParsingTests {}

/// What a number's text reads as, written down from the reader before it had a fast path for
/// long numbers, so that the fast path is seen to change nothing.
enum NumberReading: Sendable {
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    /// ``ModelValue/number(_:)``, keeping the text, with this nearest double.
    case kept(Double)
    /// Beyond a double's range: the reader throws.
    case outOfRange
}

/// A number's text and how it reads.
struct TrickyNumber: CustomTestStringConvertible, Sendable {
    let text: String
    let reading: NumberReading
    var testDescription: String { text }

    init(_ text: String, _ reading: NumberReading) {
        self.text = text
        self.reading = reading
    }
}

extension FloatParsingTests {
    /// Ties, boundaries of the subnormal and overflow ranges, 16 to 20 digits, canada.json's
    /// coordinates; each as the reader read it before.
    static let trickyNumbers: [TrickyNumber] = [
        TrickyNumber("0", .int(0)),
        TrickyNumber("-0", .double(-0.0)),
        TrickyNumber("0.0", .double(0.0)),
        TrickyNumber("-0.0", .double(-0.0)),
        TrickyNumber("0e-400", .double(0.0)),
        TrickyNumber("-0.0e999", .double(-0.0)),
        TrickyNumber("1e-400", .kept(0.0)),
        TrickyNumber("-1E-400", .kept(-0.0)),
        TrickyNumber("0.1", .double(0.1)),
        TrickyNumber("0.30000000000000004", .double(0.30000000000000004)),
        TrickyNumber("0.30000000000000005", .kept(0.30000000000000004)),
        TrickyNumber("0.3000000000000000444", .kept(0.30000000000000004)),
        TrickyNumber("0.300000000000000044408920985006", .kept(0.30000000000000004)),
        TrickyNumber("-65.613616999999977", .kept(-65.61361699999998)),
        TrickyNumber("43.420273000000009", .kept(43.42027300000001)),
        TrickyNumber("-65.61361699999998", .double(-65.61361699999998)),
        TrickyNumber("-65.625", .double(-65.625)),
        TrickyNumber("9007199254740992", .int(9007199254740992)),
        TrickyNumber("9007199254740993", .int(9007199254740993)),
        TrickyNumber("9007199254740993.0", .int(9007199254740993)),
        TrickyNumber("9007199254740993e0", .int(9007199254740993)),
        TrickyNumber("9.007199254740993e15", .int(9007199254740993)),
        TrickyNumber("9007199254740994.0", .double(9.007199254740994e+15)),
        TrickyNumber("9007199254740995.0", .int(9007199254740995)),
        TrickyNumber("18014398509481985e1", .int(180143985094819850)),
        TrickyNumber("123456789012345678", .int(123456789012345678)),
        TrickyNumber("1234567890123456789e-10", .kept(123456789.01234567)),
        TrickyNumber("12345678901234567.5e1", .int(123456789012345675)),
        TrickyNumber("12345678901234567e3", .double(1.2345678901234567e+19)),
        TrickyNumber("1.2345678901234567e19", .double(1.2345678901234567e+19)),
        TrickyNumber("9999999999999999999", .uint(9999999999999999999)),
        TrickyNumber("99999999999999999999", .kept(1e+20)),
        TrickyNumber("0.9999999999999999999", .kept(1.0)),
        TrickyNumber("0.99999999999999999", .kept(1.0)),
        TrickyNumber("0.9999999999999999", .double(0.9999999999999999)),
        TrickyNumber("9.999999999999999999e307", .kept(1e+308)),
        TrickyNumber("999999999999999999999999e-24", .kept(1.0)),
        TrickyNumber("2.2250738585072011e-308", .kept(Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))),
        TrickyNumber("2.2250738585072012e-308", .kept(2.2250738585072014e-308)),
        TrickyNumber("2.2250738585072014e-308", .double(2.2250738585072014e-308)),
        TrickyNumber("2.225073858507201e-308", .double(Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))),
        TrickyNumber("2.2250738585072009e-308", .kept(Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))),
        TrickyNumber("4.9e-324", .kept(Double(bitPattern: 0x0000_0000_0000_0001))),
        TrickyNumber("5e-324", .double(Double(bitPattern: 0x0000_0000_0000_0001))),
        TrickyNumber("4.9406564584124654e-324", .kept(Double(bitPattern: 0x0000_0000_0000_0001))),
        TrickyNumber("2.4703282292062327e-324", .kept(0.0)),
        TrickyNumber("2.4703282292062328e-324", .kept(Double(bitPattern: 0x0000_0000_0000_0001))),
        TrickyNumber("1e-323", .double(Double(bitPattern: 0x0000_0000_0000_0002))),
        TrickyNumber("1.5e-323", .double(Double(bitPattern: 0x0000_0000_0000_0003))),
        TrickyNumber("123.456e-310", .double(Double(bitPattern: 0x0008_E09F_EADC_910E))),
        TrickyNumber("1e23", .double(1e+23)),
        TrickyNumber("1.0e23", .double(1e+23)),
        TrickyNumber("9.999999999999999e22", .kept(1e+23)),
        TrickyNumber("1e22", .double(1e+22)),
        TrickyNumber("8.98846567431158e307", .double(8.98846567431158e+307)),
        TrickyNumber("8.988465674311579e307", .double(8.988465674311579e+307)),
        TrickyNumber("8.98846567431158e+307", .double(8.98846567431158e+307)),
        TrickyNumber("1.7976931348623157e308", .double(1.7976931348623157e+308)),
        TrickyNumber("1.7976931348623158e308", .kept(1.7976931348623157e+308)),
        TrickyNumber("1.7976931348623157E+308", .double(1.7976931348623157e+308)),
        TrickyNumber("100000000000000000000000", .double(1e+23)),
        TrickyNumber("1e308", .double(1e+308)),
        TrickyNumber("1.5e300", .double(1.5e+300)),
        TrickyNumber("3.14159265358979323846", .kept(3.141592653589793)),
        TrickyNumber("2.718281828459045", .double(2.718281828459045)),
        TrickyNumber("2.7182818284590452", .kept(2.718281828459045)),
        TrickyNumber("2.71828182845904523", .kept(2.718281828459045)),
        TrickyNumber("1e-7", .double(1e-07)),
        TrickyNumber("1.0000000000000002", .double(1.0000000000000002)),
        TrickyNumber("1.00000000000000002", .kept(1.0)),
        TrickyNumber("1.0000000000000000000", .double(1.0)),
        TrickyNumber("1000000000000000000000000e-24", .double(1.0)),
        TrickyNumber("123456789.123456789e-5", .kept(1234.567891234568)),
        TrickyNumber("-9223372036854775808", .int(-9223372036854775808)),
        TrickyNumber("-9223372036854775809", .kept(-9.223372036854776e+18)),
        TrickyNumber("9223372036854775808", .uint(9223372036854775808)),
        TrickyNumber("18446744073709551615", .uint(18446744073709551615)),
        TrickyNumber("18446744073709551616", .kept(1.8446744073709552e+19)),
        TrickyNumber("-18446744073709551615", .kept(-1.8446744073709552e+19)),
        TrickyNumber("1e19", .double(1e+19)),
        TrickyNumber("1.8446744073709552e19", .double(1.8446744073709552e+19)),
        TrickyNumber("7.2057594037927933e16", .int(72057594037927933)),
        TrickyNumber("4503599627370496.5", .kept(4503599627370496.0)),
        TrickyNumber("4503599627370497.5", .kept(4503599627370498.0)),
        TrickyNumber("1.7976931348623159e308", .outOfRange),
        TrickyNumber("1e309", .outOfRange),
        TrickyNumber("-1e309", .outOfRange),
    ]

    @Test(arguments: trickyNumbers)
    func trickyNumbersReadAsBefore(_ number: TrickyNumber) throws {
        let read: ModelValue
        do {
            read = try #require(try ModelValue(jsonString: "[\(number.text)]")[0])
        } catch let error as JSONError {
            guard case .outOfRange = number.reading else { throw error }
            #expect(error.kind == .numberOutOfRange)
            return
        }
        switch (number.reading, read) {
        case (.double(let expected), .double(let value)):
            #expect(value.bitPattern == expected.bitPattern)
        case (.int(let expected), .int(let value)):
            #expect(value == expected)
        case (.uint(let expected), .uint(let value)):
            #expect(value == expected)
        case (.kept(let expected), .number(let value)):
            #expect(value.text == number.text)
            #expect(value.doubleValue.bitPattern == expected.bitPattern)
        default:
            Issue.record("\(number.text) read as \(read.debugDescription), expected \(number.reading)")
        }
    }
}
