import EtchTestSupport
import Testing

@testable import Etch

/// The reader checks the UTF-8 of strings itself and then makes them without the standard
/// library checking again, so its check must agree with the standard library's on every input.
@Suite struct JSONUTF8Tests {}

extension JSONUTF8Tests {
    /// Scalars of every encoded length, at the edges of the ranges the rules single out.
    static let scalars: [Unicode.Scalar] = [
        "a", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "\u{FFF}", "\u{1000}", "\u{D7FF}", "\u{E000}", "€",
        "あ", "\u{FFFF}", "\u{10000}", "😀", "\u{3FFFF}", "\u{40000}", "\u{10FFFF}",
    ]

    /// Bytes that break UTF-8 alone or where they land, and two that do not.
    static let breakers: [UInt8] = [
        0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x41, 0x7F,
    ]

    /// Whether the reader's check and the standard library's agree on `bytes`.
    static func agree(_ bytes: [UInt8]) -> Bool {
        let standard = String(validating: bytes, as: UTF8.self) != nil
        return bytes.withUnsafeBufferPointer { JSONReader.isValidUTF8($0) } == standard
    }

    @Test func agreesWithTheStandardLibraryOnEverySequenceOfUpToFourBytes() {
        // Every lead and second byte; after them, bytes at the edges of the continuation range.
        let followers: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0]
        var disagreements: [[UInt8]] = []
        func check(_ bytes: [UInt8]) {
            // Alone, as the last bytes of a string, with more after them, and after a
            // three-byte sequence (which the check takes with the next one, two at a time).
            let candidates = [bytes, bytes + [0x41, 0x41, 0x41], [0xE3, 0x81, 0x82] + bytes + [0x41, 0x41]]
            for candidate in candidates where !Self.agree(candidate) {
                disagreements.append(candidate)
            }
        }
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                check([lead, second])
                for third in followers {
                    check([lead, second, third])
                    for fourth in followers { check([lead, second, third, fourth]) }
                }
            }
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.prefix(5))")
    }

    @Test(arguments: [1, 2, 3, 4])
    func agreesWithTheStandardLibraryOnRandomTextBrokenAtEveryOffset(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            let length = Int.random(in: 0...40, using: &generator)
            while bytes.count < length {
                bytes += String(Self.scalars.randomElement(using: &generator)!).utf8
            }
            #expect(Self.agree(bytes))
            for offset in 0...bytes.count {
                let breaker = Self.breakers.randomElement(using: &generator)!
                var inserted = bytes
                inserted.insert(breaker, at: offset)
                #expect(Self.agree(inserted), "\(inserted)")
                guard offset < bytes.count else { continue }
                var replaced = bytes
                replaced[offset] = breaker
                #expect(Self.agree(replaced), "\(replaced)")
            }
        }
    }

    /// The string of a one-element array, or the key of a one-key object.
    static func onlyString(in value: ModelValue) -> String? {
        switch value {
        case .array(let elements):
            guard case .string(let string) = elements.first else { return nil }
            return string
        case .object(let object): return object.keys.first
        default: return nil
        }
    }

    @Test func readsRandomTextBrokenAtEveryOffsetAsTheStandardLibraryDoes() throws {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<100 {
            var bytes: [UInt8] = []
            while bytes.count < 30 {
                bytes += String(Self.scalars.randomElement(using: &generator)!).utf8
            }
            for offset in 0..<bytes.count {
                var broken = bytes
                broken[offset] = Self.breakers.randomElement(using: &generator)!
                let expected = String(validating: broken, as: UTF8.self)
                // As a value, as a key, and as a value with an escape after it.
                let documents: [(bytes: [UInt8], suffix: String)] = [
                    (Array("[\"".utf8) + broken + Array("\"]".utf8), ""),
                    (Array("{\"".utf8) + broken + Array("\":1}".utf8), ""),
                    (Array("[\"".utf8) + broken + Array(#"\n"]"#.utf8), "\n"),
                ]
                for (document, suffix) in documents {
                    guard let expected else {
                        let error = #expect(throws: JSONError.self) { try ModelValue(jsonBytes: document) }
                        #expect(error?.message.hasPrefix("invalid UTF-8 in a string") == true)
                        continue
                    }
                    let read = try #require(Self.onlyString(in: try ModelValue(jsonBytes: document)))
                    #expect(Array(read.utf8) == Array((expected + suffix).utf8))
                }
            }
        }
    }

    @Test func stringsMadeWithoutACheckBehaveAsOthers() throws {
        let value = try ModelValue(jsonString: #"["plain", "with \"escape\"", "é€😀", "e\u0301"]"#)
        let expected = ["plain", "with \"escape\"", "é€😀", "e\u{301}"]
        for (index, text) in expected.enumerated() {
            let element = try #require(value[index])
            let read = try #require(Self.onlyString(in: .array([element])))
            #expect(read == text)
            #expect(read.hashValue == text.hashValue)
            #expect(read.count == text.count)
            #expect(Array(read.unicodeScalars) == Array(text.unicodeScalars))
        }
        // Canonically equivalent strings are equal Swift strings, whichever way they were made.
        #expect(Self.onlyString(in: .array([value[3]!])) == "\u{E9}")
    }
}
