import EtchTestSupport
import Testing

@testable import Etch

/// The reader first tries the keys that followed the previous one before
/// (``JSONKeyCache/predictedIDs(after:opensObject:)``); wrong guesses must read exactly as if
/// there had been none.
@Suite struct JSONKeyPredictionTests {
    /// Objects to read as elements of one large array, as ``JSONShapeTests`` reads them.
    typealias PredictionCase = JSONShapeTests.ShapeCase

    static let cases: [PredictionCase] = [
        PredictionCase(
            id: "a longer and a shorter key than expected",
            objects: (0..<100).map { $0.isMultiple(of: 2) ? #"{"id":\#($0),"x":1}"# : #"{"id_str":"\#($0)","x":1}"# }),
        PredictionCase(
            id: "three keys taking turns after one, more than the two guesses",
            objects: (0..<120).map { #"{"k":1,"\#(["a", "bb", "a", "ccc", "bb"][$0 % 5])":2,"z":3}"# }),
        PredictionCase(
            id: "a key of the expected length with other bytes",
            objects: (0..<100).map { $0.isMultiple(of: 3) ? #"{"k":1,"abc":2}"# : #"{"k":1,"abd":2}"# }),
        PredictionCase(
            id: "the expected key written with escapes",
            objects: (0..<60).map {
                [#"{"id":1,"x":2}"#, #"{"i\u0064":1,"\u0078":2}"#, #"{"id\n":1,"x\"":2}"#][$0 % 3]
            }),
        PredictionCase(
            id: "long keys that differ only inside",
            objects: (0..<60).map {
                let middle = $0.isMultiple(of: 2) ? "a" : "b"
                return #"{"\#(String(repeating: "k", count: 20))\#(middle)\#(String(repeating: "k", count: 20))":1}"#
            }),
        PredictionCase(
            id: "composed and decomposed accents",
            objects: (0..<60).map { $0.isMultiple(of: 2) ? "{\"caf\u{E9}\":1}" : "{\"cafe\u{301}\":1}" }),
        PredictionCase(
            id: "nested objects that open with other keys",
            objects: (0..<80).map {
                [
                    #"{"a":{"x":1},"b":2}"#, #"{"a":{"y":1},"b":2}"#, #"{"a":[{"x":1},{"y":2},{}],"b":{"b":{"b":3}}}"#,
                    #"{"a":{}}"#,
                ][$0 % 4]
            }),
        PredictionCase(
            id: "an empty key and a repeated key",
            objects: (0..<60).map { $0.isMultiple(of: 2) ? #"{"":1,"a":2}"# : #"{"a":1,"a":2,"":3}"# }),
    ]

    @Test(arguments: cases)
    func everyObjectReadsAsItDoesAlone(_ testCase: PredictionCase) throws {
        _ = try JSONShapeTests.readTogether(testCase.objects)
    }

    @Test(arguments: [1, 2, 3])
    func randomObjectsReadAsTheyDoAlone(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let keys = [
            "id", "id_str", "i", "", "ab", "abc", "abd", #"a\u0062"#, #"a\"b"#, "caf\u{E9}", "cafe\u{301}",
            String(repeating: "x", count: 20), String(repeating: "x", count: 21), String(repeating: "y", count: 60),
        ]
        func object(depth: Int) -> String {
            let members = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                let key = keys.randomElement(using: &generator)!
                let value: String
                switch Int.random(in: 0..<(depth < 3 ? 4 : 2), using: &generator) {
                case 0: value = "1"
                case 1: value = "\"v\""
                case 2: value = object(depth: depth + 1)
                default: value = "[" + object(depth: depth + 1) + "," + object(depth: depth + 1) + "]"
                }
                return "\"\(key)\":\(value)"
            }
            return "{" + members.joined(separator: Bool.random(using: &generator) ? "," : " ,\n ") + "}"
        }
        _ = try JSONShapeTests.readTogether((0..<300).map { _ in object(depth: 0) })
    }

    @Test func aKeyCutShortByTheEndOfTheInputFailsAsWithoutAGuess() {
        let objects = Array(repeating: #"{"id":1,"name":2}"#, count: 300).joined(separator: ",")
        for cut in [#"{"id":1,"na"#, #"{"id":1,"name"#, #"{"id"#, #"{"i"#] {
            let document = "[" + objects + "," + cut
            let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: document) }
            #expect(error?.message == "unexpected end of input in a string, expected '\"'")
            #expect(error?.column == document.utf8.count + 1)
        }
        let document = "[" + objects + #",{"id":1,"name":2"#
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: document) }
        #expect(error?.message == "unexpected end of input, expected ',' or '}'")
    }
}
