import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// Whatever date Etch writes reads back as the same `Date`, to the last bit of its `Double`.
@Suite struct DatePrecisionTests {}

extension DatePrecisionTests {
    /// The formats with no resolution of their own: every date within ±2⁴² s of 1970.
    static let exactFormats: [DateFormat] = [.iso8601, .secondsSince1970, .millisecondsSince1970]

    /// Seconds since 2001 (`Date`'s own count) of every kind: near now with any fraction,
    /// anywhere in the supported range, a few seconds around 2001 where a `Double` is finest,
    /// and the edges.
    static func randomDates(count: Int, seed: UInt64) -> [Date] {
        var random = SeededGenerator(seed: seed)
        let limit = 4_398_046_511_104.0 - 978_307_200
        var seconds: [Double] = [
            0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300, -1e-300, .ulpOfOne, 0.1, -0.1,
            limit.nextDown, -limit.nextDown, -978_307_200, -978_307_200.000_000_1, 1e-7, 123_456_789.123_456_789,
        ]
        for index in 0..<count {
            switch index % 5 {
            case 0: seconds.append(Double.random(in: 7e8...9e8, using: &random))
            case 1: seconds.append(Double.random(in: -limit...limit, using: &random))
            case 2: seconds.append(Double.random(in: -4...4, using: &random))
            case 3:
                // Any bit pattern of a finite double in range.
                let bits = random.next()
                let value = Double(bitPattern: bits)
                seconds.append(value.isFinite && abs(value) < limit ? value : Double(bits >> 22) - limit)
            default:
                // Microseconds, as databases store them.
                let micros = Int64.random(in: -2_000_000_000_000_000...4_000_000_000_000_000, using: &random)
                seconds.append(Date(timeIntervalSince1970: Double(micros) / 1e6).timeIntervalSinceReferenceDate)
            }
        }
        return seconds.map(Date.init(timeIntervalSinceReferenceDate:))
    }

    @Test(arguments: exactFormats)
    func everyDateReadsBackBitForBit(format: DateFormat) throws {
        for date in Self.randomDates(count: 5000, seed: 6) {
            let stored = format.modelValue(for: date)
            let back = try format.date(from: stored)
            #expect(
                back.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern,
                "\(format): \(date.timeIntervalSinceReferenceDate) wrote \(stored), read \(back.timeIntervalSinceReferenceDate)"
            )
            // Through JSON text too: what the wire carries is what reads back.
            let json = try ModelValue(jsonString: try ModelValue.array([stored]).jsonString())
            #expect(try format.date(from: json[0] ?? .null) == back, "\(format): \(stored) through JSON")
        }
    }

    @Test func wholeMillisecondsAreWrittenAsBefore() throws {
        let date = Date(timeIntervalSince1970: 1_795_167_000)
        #expect(DateFormat.iso8601.modelValue(for: date) == "2026-11-20T09:30:00Z")
        #expect(DateFormat.iso8601.modelValue(for: date + 0.25) == "2026-11-20T09:30:00.250Z")
        #expect(DateFormat.iso8601.modelValue(for: date + 0.001) == "2026-11-20T09:30:00.001Z")
        #expect(DateFormat.secondsSince1970.modelValue(for: date + 0.25) == 1_795_167_000.25)
        #expect(DateFormat.millisecondsSince1970.modelValue(for: date + 0.25) == 1_795_167_000_250)
    }

    @Test func subMillisecondDatesKeepTheirDigits() throws {
        let text = "2026-11-20T09:30:00.123456789Z"
        let date = try DateFormat.iso8601.date(from: .string(text))
        #expect(date.timeIntervalSinceReferenceDate == Double("816859800.123456789"))
        #expect(DateFormat.iso8601.modelValue(for: date) == "2026-11-20T09:30:00.1234568Z")
        #expect(try DateFormat.iso8601.date(from: DateFormat.iso8601.modelValue(for: date)) == date)
        let micro = try DateFormat.iso8601.date(from: "2026-11-20T09:30:00.000001Z")
        #expect(DateFormat.iso8601.modelValue(for: micro) == "2026-11-20T09:30:00.000001Z")
        #expect(DateFormat.secondsSince1970.modelValue(for: micro) == 1_795_167_000.000_001)
        #expect(DateFormat.millisecondsSince1970.modelValue(for: micro) == 1_795_167_000_000.001)
    }

    @Test func longFractionsRoundOnceToTheNearestDate() throws {
        // Halfway between two doubles near 2001, then just above it: ties go to even.
        let tiny = try DateFormat.iso8601.date(
            from: .string("2001-01-01T00:00:00." + String(repeating: "0", count: 323) + "5Z"))
        #expect(tiny.timeIntervalSinceReferenceDate == .leastNonzeroMagnitude)
        let digits = "1970-01-01T00:00:00.1000000000000000055511151231257827021181583404541015625Z"
        #expect(try DateFormat.iso8601.date(from: .string(digits)) == Date(timeIntervalSince1970: 0.1))
        let seconds = try DateFormat.secondsSince1970.date(from: ModelValue(jsonNumber: "978307200.0000000001")!)
        #expect(seconds.timeIntervalSinceReferenceDate == 1e-10)
        #expect(DateFormat.secondsSince1970.modelValue(for: seconds) == ModelValue(jsonNumber: "978307200.0000000001"))
        #expect(throws: ModelError.self) { try DateFormat.secondsSince1970.date(from: ModelValue(jsonNumber: "1e40")!) }
    }
}
