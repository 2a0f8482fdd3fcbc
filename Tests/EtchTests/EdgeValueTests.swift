import Foundation
import Testing

@testable import Etch

/// Values at the edges of their types: whatever a model writes, it reads back.
@Suite struct EdgeValueTests {}

extension EdgeValueTests {
    @Test(arguments: [300_000_000_000.0, -70_000_000_000, 4.3e12, -4.3e12, 8.64e12, 1e300, -.infinity, .nan, 0.1])
    func datesFarFromNowRoundTripOrClamp(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        for format in [DateFormat.iso8601, .secondsSince1970, .millisecondsSince1970] {
            let stored = format.modelValue(for: date)
            let back = try format.date(from: stored)
            let limit = 4_398_046_511_104.0
            // Within the range, the same `Date` to the last bit; beyond it, the nearest end.
            let expected =
                abs(seconds) < limit
                ? date : Date(timeIntervalSince1970: seconds.isNaN ? 0 : min(max(seconds, -limit), limit))
            #expect(
                back.timeIntervalSinceReferenceDate.bitPattern == expected.timeIntervalSinceReferenceDate.bitPattern,
                "\(format) \(stored)")
            #expect(format.modelValue(for: back) == stored, "a second write changes \(stored)")
        }
        _ = date.fieldDescription  // never traps
    }

    @Test func expandedYearsAreWrittenAndRead() throws {
        let date = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(ISO8601.string(from: date) == "+011476-08-15T05:20:00Z")
        #expect(ISO8601.date(from: "+011476-08-15T05:20:00Z") == date)
        #expect(ISO8601.date(from: "-000100-01-01T00:00:00Z") != nil)
        #expect(throws: ModelError.self) { try DateFormat.secondsSince1970.date(from: 1e17) }
    }

    @Test func decimalNaNRoundTripsAndOutOfRangeNumbersThrow() throws {
        let nan = Decimal.nan
        #expect(nan.modelValue == "NaN")
        #expect(try Decimal(modelValue: "NaN").isNaN)
        #expect(throws: ModelError.self) { try Decimal(modelValue: 1e300) }
        #expect(throws: ModelError.self) { try Decimal(modelValue: "1e300") }
    }

    @Test func floatOverflowThrowsInsteadOfBecomingInfinity() throws {
        #expect(throws: ModelError(.invalidValue(expected: "Float", value: "1e+300, out of range"))) {
            try Float(modelValue: 1e300)
        }
        #expect(try Float(modelValue: 3.5) == 3.5)
    }

    @Test func integralDoublesEqualAndHashLikeIntegers() {
        #expect(ModelValue.int(1) == .double(1.0))
        #expect(ModelValue.int(1).hashValue == ModelValue.double(1.0).hashValue)
        #expect(ModelValue.uint(UInt64.max) != .double(Double(UInt64.max)))
        #expect(ModelValue.double(1.5) != .int(1))
        #expect(ModelValue.double(-0.0) == .int(0))
    }

    @Test func copyingAnUnchangedNumberOrAnAbsentDefaultKeepsTheModelEqual() throws {
        let decoded = try TaskItem(dictionary: ["id": "t1", "title": "x", "rank": 1.0])
        #expect(decoded.copyWith(rank: decoded.rank) == decoded)
        #expect(decoded.copyWith(views: 0) == decoded)
        #expect(decoded.copyWith(views: 0)["stats"] == nil)
        #expect(decoded.copyWith(views: 1)["stats"] == ["views": 1])
        #expect(decoded == (try TaskItem(dictionary: ["id": "t1", "title": "x", "rank": 1])))
    }

    @Test func nullForADefaultedFieldReadsAsTheDefault() throws {
        let item = try TaskItem(dictionary: ["id": "t1", "title": "x", "rank": nil, "tags": nil])
        #expect(item.rank == 0)
        #expect(item.tags == [])
        #expect(item["rank"] == .null)
        #expect(throws: ModelError.self) { try TaskItem(dictionary: ["id": "t1", "title": nil]) }
    }

    @Test func secondsAreWrittenWithoutRoundingNoise() {
        #expect(DateFormat.secondsSince1970.modelValue(for: Date(timeIntervalSince1970: 0.1)) == 0.1)
    }

    @Test func tinyNumbersAreZeroDecimals() throws {
        #expect(try Decimal(modelValue: .double(.leastNonzeroMagnitude)) == 0)
        #expect(try Decimal(modelValue: 1e-100) == Decimal(string: "1e-100"))
    }

    @Test func nanEqualsItselfSoModelsHoldingItDo() {
        #expect(ModelValue.double(.nan) == .double(.nan))
        #expect(ModelValue.double(.nan).hashValue == ModelValue.double(-.nan).hashValue)
    }

    @Test func keysThatSwiftCountsEqualAreTwoKeysWhenTheirBytesDiffer() {
        let kelvin = ModelDictionary(keys: ["K", "\u{212A}"], values: [1, "x"])
        #expect(kelvin.count == 2 && kelvin["K"] == 1 && kelvin["\u{212A}"] == "x")
        let accents = ModelDictionary(keys: ["\u{E9}", "a", "e\u{301}"], values: [1, 2, 3])
        #expect(accents.count == 3 && accents["\u{E9}"] == 1 && accents["e\u{301}"] == 3)
        #expect(accents == ModelDictionary(keys: ["a", "e\u{301}", "\u{E9}"], values: [2, 3, 1]))
        #expect(accents != ModelDictionary(keys: ["a", "\u{E9}", "e\u{301}"], values: [2, 3, 1]))
    }

    @Test func aJSONFieldWithADefaultCanHoldNull() {
        let field = ModelField<ModelValue>("extra", key: "extra", default: "x")
        var dictionary = ModelDictionary()
        dictionary[_checked: field] = .null
        #expect(dictionary[_checked: field] == .null)
        #expect(dictionary["extra"] == .null)
    }

    @Test func anOptionalWithADefaultCanBeSetToNil() {
        let field = ModelField<Int?>("limit", key: "limit", default: 5)
        var dictionary = ModelDictionary()
        #expect(dictionary[_checked: field] == 5)
        dictionary[_checked: field] = nil
        #expect(dictionary[_checked: field] == nil)
        #expect(dictionary["limit"] == .null)
        var made = ModelDictionary()
        made.set(nil, for: field)
        #expect(made[_checked: field] == nil)
        var plain = ModelDictionary()
        plain.set(nil, for: ModelField<Int?>("other", key: "other"))
        #expect(plain.isEmpty)
    }
}
