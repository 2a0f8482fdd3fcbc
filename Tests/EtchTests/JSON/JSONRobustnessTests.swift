import EtchTestSupport
import Foundation
import Testing

@testable import Etch

@Suite struct JSONRobustnessTests {}

extension JSONRobustnessTests {
    static let document = """
        \u{FEFF}{"id": 12, "name": "Zo\\u00eb \\uD83D\\uDE00 é", "values": [1, -2.5e-3, 18446744073709551615, true, false, null],
         "nested": {"a": [{"b": {}}, []], "c\\n": "x\\ty"}, "big": 1e308, "text": "日本語"}
        """

    @Test func deepNestingFailsWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000)
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: deep) }
        #expect(error?.kind == .tooDeep)
        #expect(error?.column == 513)
        #expect(error?.message == "arrays and objects nest deeper than the limit of 512 levels")
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let json = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try ModelValue(jsonString: json) }
        let objects = String(repeating: #"{"a":"#, count: 10) + "1" + String(repeating: "}", count: 10)
        #expect(throws: Never.self) { try ModelValue(jsonString: objects, options: JSONReadingOptions(maxDepth: 10)) }
        #expect(throws: JSONError.self) {
            try ModelValue(jsonString: objects, options: JSONReadingOptions(maxDepth: 9))
        }
    }

    @Test func veryDeepNestingWithAHighLimitDoesNotOverflowTheStack() throws {
        let count = 100_000
        let json = String(repeating: "[", count: count) + String(repeating: "]", count: count)
        var value = try ModelValue(jsonString: json, options: JSONReadingOptions(maxDepth: count))
        var depth = 0
        // Unwrap level by level so the value is not destroyed recursively.
        while case .array(let elements) = value, let first = elements.first {
            value = first
            depth += 1
        }
        #expect(depth == count - 1)
    }

    @Test func everyPrefixFailsCleanly() throws {
        let bytes = Array(Self.document.utf8)
        #expect(throws: Never.self) { try ModelValue(jsonBytes: bytes) }
        for length in 0..<bytes.count {
            do {
                _ = try ModelValue(jsonBytes: bytes[..<length])
            } catch {
                #expect(error.line >= 1 && error.column >= 1 && error.offset <= length)
            }
        }
    }

    @Test func randomMutationsSucceedOrFailCleanly() throws {
        let original = Array(Self.document.utf8)
        let interesting =
            Array(#"{}[]",:\u0123456789-+.eE tfn"#.utf8) + [0x00, 0x1F, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xFF]
        var generator = SeededGenerator(seed: 20_240_601)
        var failures = 0
        for _ in 0..<5000 {
            var bytes = original
            for _ in 0...Int.random(in: 0..<4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] = interesting.randomElement(using: &generator)!
                case 1: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 2: bytes.remove(at: position)
                default: bytes.insert(interesting.randomElement(using: &generator)!, at: position)
                }
            }
            do {
                let value = try ModelValue(jsonBytes: bytes)
                _ = try? value.jsonData()
            } catch {
                failures += 1
                #expect(error.line >= 1 && error.column >= 1 && error.offset <= bytes.count)
                _ = error.description
            }
        }
        #expect(failures > 1000)
    }
}
