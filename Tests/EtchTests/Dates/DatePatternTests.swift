import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// Custom `@dateFormat` patterns, read and written by Etch's own engine.
@Suite struct DatePatternTests {}

extension DatePatternTests {
    /// A pattern and the finest unit it writes.
    struct PatternCase: CustomTestStringConvertible, Sendable {
        enum Resolution: Sendable {
            case day
            case minute
            case second
            /// Seconds and this many fraction digits.
            case fraction(Int)
        }

        var pattern: String
        var resolution: Resolution
        var testDescription: String { pattern }
    }

    static let patterns: [PatternCase] = [
        .init(pattern: "yyyy-MM-dd", resolution: .day),
        .init(pattern: "yyyyMMdd", resolution: .day),
        .init(pattern: "d/M/yyyy", resolution: .day),
        .init(pattern: "MMM d, yyyy", resolution: .day),
        .init(pattern: "EEEE, MMMM d, yyyy", resolution: .day),
        .init(pattern: "yy-MM-dd", resolution: .day),
        .init(pattern: "yyyy-MM-dd HH:mm", resolution: .minute),
        .init(pattern: "yyyy-MM-dd'T'HH:mm:ssZ", resolution: .second),
        .init(pattern: "EEE MMM dd HH:mm:ss Z yyyy", resolution: .second),
        .init(pattern: "EEE, dd MMM yyyy HH:mm:ss zzz", resolution: .second),
        .init(pattern: "MM/dd/yyyy hh:mm:ss a", resolution: .second),
        .init(pattern: "h:mm a, d MMM yyyy", resolution: .minute),
        .init(pattern: "yyyyMMddHHmmss", resolution: .second),
        .init(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", resolution: .fraction(3)),
        .init(pattern: "yyyyMMddHHmmssSSS", resolution: .fraction(3)),
        .init(pattern: "yyyy-MM-dd HH:mm:ss.SSSSSSxxx", resolution: .fraction(6)),
        .init(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSZZZZZ", resolution: .fraction(9)),
        .init(pattern: "''yy'' 'at' H 'o''clock' m s S d L", resolution: .fraction(1)),
    ]

    /// Random dates from 1950 to 2049 (where `yy` reads back), at a pattern's resolution.
    static func dates(at resolution: PatternCase.Resolution, count: Int, seed: UInt64) -> [Date] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var whole = Int64.random(in: -631_152_000..<2_524_608_000, using: &random)
            var fraction: [UInt8] = []
            switch resolution {
            case .day: whole -= DecimalSeconds.floorDivide(whole, by: 86_400).remainder
            case .minute: whole -= DecimalSeconds.floorDivide(whole, by: 60).remainder
            case .second: break
            case .fraction(let digits):
                fraction = (0..<digits).map { _ in UInt8.random(in: 0x30...0x39, using: &random) }
            }
            return DecimalSeconds(whole: whole, fraction: fraction).date
        }
    }

    @Test(arguments: patterns)
    func datesAtThePatternsResolutionReadBackBitForBit(_ testCase: PatternCase) throws {
        let format = DateFormat.custom(testCase.pattern)
        let context = ModelValueContext(dateFormat: format)
        #expect(context.datePattern != nil, "Etch's engine compiles \(testCase.pattern)")
        for date in Self.dates(at: testCase.resolution, count: 2000, seed: 3) {
            let stored = date.modelValue(context: context)
            let back = try Date(modelValue: stored, context: context)
            #expect(
                back.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern,
                "\(testCase.pattern): \(date) wrote \(stored), read \(back)")
        }
    }

    @Test(
        arguments: patterns.filter {
            if case .fraction(let digits) = $0.resolution { digits <= 3 } else { true }
        })
    func writesWhatDateFormatterWrites(_ testCase: PatternCase) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = testCase.pattern
        let format = DateFormat.custom(testCase.pattern)
        for date in Self.dates(at: testCase.resolution, count: 300, seed: 4) {
            #expect(format.modelValue(for: date) == .string(formatter.string(from: date)), "\(date)")
        }
    }

    struct ReadCase: CustomTestStringConvertible, Sendable {
        var pattern: String
        var text: String
        /// The ISO 8601 text of the date read, or `nil` when the text must not read.
        var expected: String?
        var testDescription: String { "\(pattern) \(text)" }
    }

    static let reads: [ReadCase] = [
        .init(
            pattern: "EEE MMM dd HH:mm:ss Z yyyy", text: "Wed Oct 10 20:19:24 +0000 2018",
            expected: "2018-10-10T20:19:24Z"),
        .init(
            pattern: "EEE MMM dd HH:mm:ss Z yyyy", text: "Wed Oct 10 20:19:24 -0130 2018",
            expected: "2018-10-10T21:49:24Z"),
        .init(
            pattern: "EEE, dd MMM yyyy HH:mm:ss zzz", text: "Wed, 21 Oct 2015 07:28:00 GMT",
            expected: "2015-10-21T07:28:00Z"),
        .init(pattern: "yyyy-MM-dd'T'HH:mm:ssXXX", text: "2024-05-01T12:00:00+02:00", expected: "2024-05-01T10:00:00Z"),
        .init(pattern: "yyyy-MM-dd'T'HH:mm:ssXXX", text: "2024-05-01T12:00:00Z", expected: "2024-05-01T12:00:00Z"),
        .init(pattern: "yyyy-MM-dd", text: "2024-5-1", expected: "2024-05-01T00:00:00Z"),
        .init(pattern: "MMMM d, yyyy", text: "march 5, 2024", expected: "2024-03-05T00:00:00Z"),
        .init(pattern: "MMM d, yyyy", text: "September 5, 2024", expected: "2024-09-05T00:00:00Z"),
        .init(pattern: "hh:mm a dd/MM/yyyy", text: "12:30 AM 01/02/2024", expected: "2024-02-01T00:30:00Z"),
        .init(pattern: "hh:mm a dd/MM/yyyy", text: "12:30 pm 01/02/2024", expected: "2024-02-01T12:30:00Z"),
        .init(pattern: "yy-MM-dd", text: "49-12-31", expected: "2049-12-31T00:00:00Z"),
        .init(pattern: "yy-MM-dd", text: "50-01-01", expected: "1950-01-01T00:00:00Z"),
        .init(pattern: "yyyyMMddHHmmssSSS", text: "20240501100000250", expected: "2024-05-01T10:00:00.250Z"),
        .init(
            pattern: "yyyy-MM-dd HH:mm:ss.SSS", text: "2024-05-01 10:00:00.123456789",
            expected: "2024-05-01T10:00:00.1234568Z"),
        .init(pattern: "yyyy-MM-dd", text: "2023-02-29", expected: nil),
        .init(pattern: "yyyy-MM-dd", text: "2024-05-01 ", expected: nil),
        .init(pattern: "yyyy-MM-dd", text: "2024/05/01", expected: nil),
        .init(pattern: "yyyyMMdd", text: "202405", expected: nil),
        .init(pattern: "hh:mm a dd/MM/yyyy", text: "13:30 PM 01/02/2024", expected: nil),
        .init(pattern: "HH:mm yyyy-MM-dd", text: "24:00 2024-01-01", expected: nil),
        .init(pattern: "EEE yyyy-MM-dd", text: "Fun 2024-01-01", expected: nil),
        .init(pattern: "yyyy-MM-dd'T'HH:mm:ssZ", text: "2024-05-01T10:00:00+5", expected: nil),
        .init(pattern: "yyyy-MM-dd", text: "", expected: nil),
    ]

    @Test(arguments: reads)
    func reads(_ testCase: ReadCase) throws {
        let format = DateFormat.custom(testCase.pattern)
        if let expected = testCase.expected {
            let date = try format.date(from: .string(testCase.text))
            #expect(ISO8601.string(from: date) == expected)
        } else {
            #expect(throws: ModelError.self) { try format.date(from: .string(testCase.text)) }
        }
    }

    @Test func aPatternTheEngineRefusesFallsBackToDateFormatter() throws {
        // `etch` refuses 'w' in a schema; hand-written formats still work through Foundation.
        let format = DateFormat.custom("yyyy-MM-dd 'week' w")
        #expect(DatePatternFormat.named("yyyy-MM-dd 'week' w") == nil)
        let date = try format.date(from: "2024-05-01 week 18")
        #expect(ISO8601.string(from: date) == "2024-05-01T00:00:00Z")
    }

    @Test func contextsCompareByTheirFormat() {
        var context = ModelValueContext(dateFormat: .custom("yyyy"))
        context.dateFormat = .custom("yyyy-MM-dd")
        #expect(context == ModelValueContext(dateFormat: .custom("yyyy-MM-dd")))
        #expect(context.datePattern?.pattern == "yyyy-MM-dd")
        #expect(context.hashValue == ModelValueContext(dateFormat: .custom("yyyy-MM-dd")).hashValue)
    }
}
