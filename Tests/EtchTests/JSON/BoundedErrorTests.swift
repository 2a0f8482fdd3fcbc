import Testing

@testable import Etch

/// Errors stay short whatever the input: long numbers, keys and key paths are cut with an
/// ellipsis, and options that cannot work are refused (issue 10).
@Suite struct BoundedErrorTests {}

extension BoundedErrorTests {
    @Test func aDepthErrorCutsItsKeyPath() {
        let json = String(repeating: #"{"a":["#, count: 300)
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: json) }
        #expect(error?.kind == .tooDeep)
        // The error keeps the whole path; its text shows both ends of it.
        #expect(error?.keyPath.count == 512)
        let text = error?.description ?? ""
        #expect(text.utf8.count < 200, "\(text)")
        #expect(text.contains(#"(at "a[0].a[0]…a[0].a[0]")"#), "\(text)")
    }

    @Test func longKeysInAKeyPathAreCut() {
        let key = String(repeating: "k", count: 100_000)
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: #"{"\#(key)": [1, }"#) }
        #expect(error?.keyPath == [.key(key), .index(1)])
        let text = error?.description ?? ""
        #expect(text.utf8.count < 200, "\(text)")
        #expect(text.contains(#"(at "\#(String(repeating: "k", count: 64))…[1]")"#), "\(text)")
    }

    @Test func keyPathsAreCutOnCharacterBoundaries() {
        let path: [KeyPathComponent] = [.key(String(repeating: "é", count: 100)), .key("b")]
        #expect(path.keyPathDescription == String(repeating: "é", count: 32) + "….b")
        let short: [KeyPathComponent] = (0..<8).map { .index($0) }
        #expect(short.keyPathDescription == "[0][1][2][3][4][5][6][7]")
    }

    /// Ten million digits after `start`: `1000…` and `-1e999…`.
    @Test(arguments: [("1", "0"), ("-1e", "9")])
    func aHugeOutOfRangeNumberHasAShortError(start: String, digit: Character) {
        let number = start + String(repeating: digit, count: 10_000_000)
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: "[" + number + "]") }
        #expect(error?.kind == .numberOutOfRange)
        #expect((error?.description.utf8.count ?? .max) < 200)
        #expect(error?.message == "number \(number.prefix(39))… is too large for a Double")
    }

    @Test(arguments: [0, -1, Int.min])
    func aMaximumDepthBelowOneIsRefused(maxDepth: Int) {
        for json in ["1", "[]", "{}", ""] {
            let error = #expect(throws: JSONError.self) {
                try ModelValue(jsonString: json, options: JSONReadingOptions(maxDepth: maxDepth))
            }
            #expect(error?.kind == .invalidOptions)
            #expect(error?.message == "JSONReadingOptions.maxDepth must be at least 1, not \(maxDepth)")
        }
    }
}
