import Foundation
import Testing

@testable import Etch

/// Values nested as deeply as the reader accepts (512 levels by default) on a thread with a
/// 512 KB stack, the default for secondary threads on Apple platforms, in a debug build:
/// writing, comparing, hashing, describing and freeing them must not recurse (issue 10).
@Suite struct DeepValueTests {
    /// Objects and arrays nested `levels` deep, alternating, around `innermost`:
    /// `{"a":[{"a":[…]}]}`.
    static func deepJSON(levels: Int = 512, innermost: String = "1") -> String {
        var text = ""
        for level in 0..<levels { text += level % 2 == 0 ? #"{"a":"# : "[" }
        text += innermost
        for level in (0..<levels).reversed() { text += level % 2 == 0 ? "}" : "]" }
        return text
    }

    static func deepValue(innermost: String = "1") throws -> ModelValue {
        try ModelValue(jsonString: deepJSON(innermost: innermost))
    }

    /// The result of `body`, run on a new thread with a 512 KB stack.
    static func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let result = Locked<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }
}

extension DeepValueTests {
    @Test func readingAndWritingADeepValue() throws {
        let json = Self.deepJSON()
        let written = Self.onSmallStack { () -> [String?] in
            let value = try? ModelValue(jsonString: json)
            return [
                try? value?.jsonString(),
                try? value?.jsonString(options: [.prettyPrinted, .sortedKeys, .escapingSlashes]),
                (try? value?.jsonData(options: .sortedKeys)).flatMap { String(data: $0, encoding: .utf8) },
            ]
        }
        #expect(written[0] == json)
        #expect(written[1]?.hasSuffix("\n  ]\n}") == true)
        #expect(written[2] == json)
    }

    @Test func prettyOutputOfADeepValueReadsBack() throws {
        let value = try Self.deepValue()
        let pretty = try value.jsonString(options: .prettyPrinted)
        #expect(try ModelValue(jsonString: pretty) == value)
        #expect(pretty.hasPrefix("{\n  \"a\": [\n    {\n      \"a\": ["))
    }

    @Test func comparingAndHashingDeepValues() throws {
        let first = try Self.deepValue()
        let second = try Self.deepValue()
        let different = try Self.deepValue(innermost: "2")
        let results = Self.onSmallStack { () -> [Bool] in
            guard case .object(let object) = first, case .object(let other) = second else { return [] }
            return [
                first == second, first != different, first.hashValue == second.hashValue,
                first.hashValue != different.hashValue, object == other, object.hashValue == other.hashValue,
            ]
        }
        #expect(results == Array(repeating: true, count: 6))
    }

    @Test func describingADeepValue() throws {
        let value = try Self.deepValue()
        let descriptions = Self.onSmallStack { () -> [String] in
            guard case .object(let object) = value else { return [] }
            return [value.description, value.debugDescription, object.description]
        }
        let json = Self.deepJSON()
        #expect(descriptions.count == 3)
        #expect(descriptions.first == json)
        #expect(descriptions.last == json)
        #expect(descriptions.dropFirst().first?.hasPrefix(#".object(["a": .array([.object(["a": .array(["#) == true)
        #expect(descriptions.dropFirst().first?.hasSuffix(".int(1)" + String(repeating: "])", count: 512)) == true)
    }

    @Test func aDeepValueThatCannotBeWrittenNamesItsPath() throws {
        var value = ModelValue.double(.nan)
        for level in 0..<512 { value = level % 2 == 0 ? .array([value]) : .object(["a": value]) }
        let deep = value
        let (error, description) = Self.onSmallStack { () -> (JSONError?, String) in
            let result = Result { () throws(JSONError) in try deep.jsonData() }
            guard case .failure(let error) = result else { return (nil, deep.description) }
            return (error, deep.description)
        }
        #expect(error?.kind == .unwritableValue)
        #expect(error?.keyPath.count == 512)
        #expect(error?.keyPath.first == .key("a") && error?.keyPath.last == .index(0))
        // Not writable as JSON, so described by its cases.
        #expect(description.hasSuffix(".double(nan)" + String(repeating: "])", count: 512)))
    }

    @Test func freeingADeepValue() {
        let json = Self.deepJSON()
        let freed = Self.onSmallStack { () -> Int in
            var count = 0
            for _ in 0..<3 where (try? ModelValue(jsonString: json)) != nil { count += 1 }
            return count
        }
        #expect(freed == 3)
    }
}
