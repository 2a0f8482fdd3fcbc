import EtchTestSupport
import Foundation
import Testing

@testable import Etch

@Suite struct JSONStringTests {}

/// Bytes that must be rejected as invalid UTF-8 at a given column.
struct InvalidUTF8Case: CustomTestStringConvertible, Sendable {
    let id: String
    let bytes: [UInt8]
    let column: Int
    var testDescription: String { id }
}

extension JSONStringTests {
    static let invalidUTF8Cases: [InvalidUTF8Case] = [
        InvalidUTF8Case(id: "stray continuation byte", bytes: [0x80], column: 3),
        InvalidUTF8Case(id: "truncated two-byte sequence", bytes: [0xC3], column: 3),
        InvalidUTF8Case(id: "truncated before escape", bytes: [0xC3, 0x5C, 0x6E], column: 3),
        InvalidUTF8Case(id: "overlong two-byte", bytes: [0xC0, 0xAF], column: 3),
        InvalidUTF8Case(id: "overlong three-byte", bytes: [0xE0, 0x80, 0xAF], column: 3),
        InvalidUTF8Case(id: "encoded surrogate", bytes: [0xED, 0xA0, 0x80], column: 3),
        InvalidUTF8Case(id: "above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], column: 3),
        InvalidUTF8Case(id: "invalid lead byte", bytes: [0x41, 0xFF], column: 4),
        InvalidUTF8Case(id: "invalid after escape", bytes: [0x5C, 0x6E, 0xFE], column: 5),
        InvalidUTF8Case(
            id: "invalid between unicode escapes",
            bytes: Array(#"\u0041"#.utf8) + [0xE2, 0x82] + Array(#"\u00e9"#.utf8),
            column: 9),
    ]

    @Test(arguments: invalidUTF8Cases)
    func rejectsInvalidUTF8(_ testCase: InvalidUTF8Case) {
        let bytes = Array("[\"".utf8) + testCase.bytes + Array("\"]".utf8)
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonBytes: bytes) }
        #expect(error?.message.hasPrefix("invalid UTF-8 in a string") == true)
        #expect(error?.column == testCase.column)
        #expect(error?.keyPath == [.index(0)])
    }

    @Test func readsEveryKindOfValidUTF8() throws {
        let text = "aé€😀\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try ModelValue(jsonString: "\"\(text)\"") == .string(text))
        #expect(try ModelValue(jsonString: "\"\(text)\\n\(text)\"") == .string(text + "\n" + text))
    }

    @Test func writesEscapesAndReadsThemBack() throws {
        let text = "quote \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} del \u{7F} é 😀"
        let written = try ModelValue.string(text).jsonString()
        #expect(
            written == #""quote \" backslash \\ slash / newline \n tab \t nul \u0000 bell \u0007 del "# + "\u{7F} é 😀\""
        )
        #expect(try ModelValue(jsonString: written) == .string(text))
        #expect(try ModelValue.string("a/b").jsonString(options: .escapingSlashes) == #""a\/b""#)
    }

    @Test func everyScalarEscapeRoundTrips() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let raw = UInt32.random(in: 0...0x10FFFF, using: &generator)
            guard let scalar = Unicode.Scalar(raw) else { continue }
            let escaped: String
            if raw > 0xFFFF {
                let high = 0xD800 + ((raw - 0x10000) >> 10)
                let low = 0xDC00 + ((raw - 0x10000) & 0x3FF)
                escaped = "\\u" + String(high, radix: 16) + "\\u" + String(low, radix: 16, uppercase: true)
            } else {
                escaped = "\\u" + JSONReader.hex4(raw)
            }
            #expect(try ModelValue(jsonString: "\"\(escaped)\"") == .string(String(Character(scalar))))
        }
    }

    @Test func specialBytesAfterAnEscapeAreFoundAtEveryPositionOfAWord() throws {
        for position in 0..<20 {
            let run = String(repeating: "a", count: position)
            #expect(try ModelValue(jsonString: "\"\\n\(run)\\t\(run)é\"") == .string("\n\(run)\t\(run)é"))
            let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: "\"\\n\(run)\u{1}\"") }
            #expect(error?.column == position + 4)
        }
    }

    @Test func specialBytesAreFoundAtEveryPositionOfAWord() throws {
        for position in 0..<20 {
            let before = String(repeating: "a", count: position)
            let after = String(repeating: "é", count: 3)
            #expect(try ModelValue(jsonString: "\"\(before)\"") == .string(before))
            #expect(try ModelValue(jsonString: "\"\(before)\\n\(after)\"") == .string(before + "\n" + after))
            let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: "\"\(before)\u{1}\(after)\"") }
            #expect(error?.column == position + 2)
        }
    }
}

extension JSONStringTests {
    /// Random keys and values mixing ASCII, multibyte UTF-8, quotes, backslashes and control
    /// characters at every offset of the reader's eight-byte steps, in a document large enough
    /// for the key cache and shape cache, compact and pretty-printed, read back equal.
    @Test(arguments: [1, 2, 3])
    func randomStringsRoundTripAsKeysAndValues(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "bc", "é", "€", "😀", "\"", "\\", "\n", "\u{1}", " ", "/", "x_y", "0123456789"]
        func randomString() -> String {
            (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        var objects: [ModelValue] = []
        for _ in 0..<60 {
            var object = ModelDictionary()
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                object[randomString()] = Bool.random(using: &generator) ? .string(randomString()) : .int(7)
            }
            objects.append(.object(object))
        }
        let document = ModelValue.array(objects + objects)
        for options in [JSONWritingOptions(), .prettyPrinted] {
            let text = try document.jsonString(options: options)
            #expect(text.utf8.count > 4096)
            #expect(try ModelValue(jsonString: text) == document)
        }
    }
}
