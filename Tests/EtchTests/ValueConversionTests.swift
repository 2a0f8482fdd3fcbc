import Foundation
import Testing

@testable import Etch

@Suite struct ValueConversionTests {}

extension ValueConversionTests {
    struct DateCase: CustomTestStringConvertible, Sendable {
        var text: String
        var seconds: Double?
        var testDescription: String { text }
    }

    static let isoCases = [
        DateCase(text: "1970-01-01T00:00:00Z", seconds: 0),
        DateCase(text: "2024-02-29T23:59:59Z", seconds: 1_709_251_199),
        DateCase(text: "2024-05-01T10:00:00.250Z", seconds: 1_714_557_600.25),
        DateCase(text: "2024-05-01T12:00:00+02:00", seconds: 1_714_557_600),
        DateCase(text: "2024-05-01T05:30:00-0430", seconds: 1_714_557_600),
        DateCase(text: "2024-05-01 10:00:00z", seconds: 1_714_557_600),
        DateCase(text: "1969-12-31T23:59:59Z", seconds: -1),
        DateCase(text: "2024-05-01", seconds: 1_714_521_600),
        DateCase(text: "2023-02-29T00:00:00Z", seconds: nil),
        DateCase(text: "2024-13-01T00:00:00Z", seconds: nil),
        DateCase(text: "2024-05-01T10:00:00", seconds: nil),
        DateCase(text: "2024-05-01T10:00Z", seconds: nil),
        DateCase(text: "2024-05-01T10:00:00.Z", seconds: nil),
        DateCase(text: "", seconds: nil),
        DateCase(text: "2024-05-01T10:00:00Zjunk", seconds: nil),
    ]

    @Test(arguments: isoCases)
    func readsISO8601(_ testCase: DateCase) {
        let date = ISO8601.date(from: testCase.text)
        #expect(date?.timeIntervalSince1970 == testCase.seconds)
    }

    @Test(arguments: [0, 1.5, -1, 1_714_557_600.25, -62_135_596_800, 253_402_300_799.999])
    func writesISO8601ThatReadsBack(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let text = ISO8601.string(from: date)
        let back = try #require(ISO8601.date(from: text))
        #expect(
            back.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern, "\(text)")
    }

    @Test func dateFormatsStoreTheirWireForm() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        #expect(DateFormat.iso8601.modelValue(for: date) == "2023-11-14T22:13:20.500Z")
        #expect(DateFormat.secondsSince1970.modelValue(for: date) == 1_700_000_000.5)
        #expect(DateFormat.millisecondsSince1970.modelValue(for: date) == 1_700_000_000_500)
        #expect(DateFormat.custom("yyyy-MM-dd").modelValue(for: date) == "2023-11-14")
        #expect(
            try DateFormat.custom("yyyy-MM-dd").date(from: "2023-11-14") == Date(timeIntervalSince1970: 1_699_920_000))
        #expect(throws: ModelError(.invalidValue(expected: "ISO 8601 Date", value: "\"soon\""))) {
            try DateFormat.iso8601.date(from: "soon")
        }
    }

    @Test func integersAreRangeChecked() throws {
        #expect(try Int(modelValue: .double(3)) == 3)
        #expect(throws: ModelError.self) { try Int(modelValue: .double(3.5)) }
        #expect(throws: ModelError.self) { try UInt(modelValue: .int(-1)) }
        #expect(throws: ModelError.self) { try Int64(modelValue: .uint(UInt64.max)) }
        #expect(try UInt(modelValue: .uint(UInt64.max)) == UInt.max)
        #expect(UInt(5).modelValue == .int(5))
    }

    @Test func stringBackedScalarsRejectMalformedText() {
        #expect(throws: ModelError(.invalidValue(expected: "UUID", value: "\"nope\""))) { try UUID(modelValue: "nope") }
        #expect(throws: ModelError(.invalidValue(expected: "base64 Data", value: "\"%%%\""))) {
            try Data(modelValue: "%%%")
        }
        #expect(throws: ModelError(.invalidValue(expected: "Decimal", value: "\"1.2.3\""))) {
            try Decimal(modelValue: "1.2.3")
        }
        #expect(throws: ModelError(.typeMismatch(expected: "URL", found: "number"))) { try URL(modelValue: 5) }
    }

    @Test func decimalsKeepEveryDigit() throws {
        let text = "12345678901234567890.123456789"
        let decimal = try Decimal(modelValue: .string(text))
        #expect(decimal.modelValue == .string(text))
        #expect(try Decimal(modelValue: 0.1) == Decimal(string: "0.1"))
    }

    @Test func collectionErrorsCarryTheirPosition() {
        #expect(throws: ModelError(.typeMismatch(expected: "Int", found: "string"), at: [.key("b"), .index(1)])) {
            try [String: [Int]](modelValue: ["a": [1], "b": [2, "x"]])
        }
    }

    @Test func errorDescriptionsNameThePlace() {
        let error = ModelError(
            .typeMismatch(expected: "String", found: "number"), at: [.key("owner"), .key("tags"), .index(2)],
            modelName: "Room")
        #expect(error.description == #"Room: at "owner.tags[2]": expected String, found number"#)
    }
}
