import Foundation
import Testing

@testable import Etch

@Suite struct JSONWriterTests {}

extension JSONWriterTests {
    static let sample: ModelValue = [
        "name": "Ada",
        "tags": ["a", 2, 2.5, nil, true],
        "empty": [],
        "nested": ["zeta": [:], "alpha": .uint(.max), "Beta": -7],
    ]

    @Test func compactOutputKeepsStoredKeyOrder() throws {
        #expect(
            try Self.sample.jsonString()
                == #"{"name":"Ada","tags":["a",2,2.5,null,true],"empty":[],"nested":{"zeta":{},"alpha":18446744073709551615,"Beta":-7}}"#
        )
    }

    @Test func prettyPrintedOutputIndentsByTwoSpaces() throws {
        let expected = """
            {
              "name": "Ada",
              "tags": [
                "a",
                2,
                2.5,
                null,
                true
              ],
              "empty": [],
              "nested": {
                "zeta": {},
                "alpha": 18446744073709551615,
                "Beta": -7
              }
            }
            """
        #expect(try Self.sample.jsonString(options: .prettyPrinted) == expected)
    }

    @Test func sortedKeysOrderByUTF8Bytes() throws {
        let value: ModelValue = ["b": 1, "a": 2, "B": 3, "é": 4, "z": 5, "aa": 6]
        #expect(try value.jsonString(options: .sortedKeys) == #"{"B":3,"a":2,"aa":6,"b":1,"z":5,"é":4}"#)
        let pretty = try Self.sample.jsonString(options: [.sortedKeys, .prettyPrinted])
        #expect(pretty.hasPrefix("{\n  \"empty\": [],\n  \"name\": \"Ada\",\n  \"nested\": {\n    \"Beta\": -7,\n"))
    }

    @Test func scalarsAtTheTopLevel() throws {
        #expect(try ModelValue.null.jsonString() == "null")
        #expect(try ModelValue.int(.min).jsonString() == "-9223372036854775808")
        #expect(try ModelValue.double(0.1).jsonString() == "0.1")
        #expect(try ModelValue.double(.greatestFiniteMagnitude).jsonString() == "1.7976931348623157e+308")
        #expect(try ModelValue.double(.leastNonzeroMagnitude).jsonString() == "5e-324")
        #expect(try ModelValue.string("").jsonData() == Data(#""""#.utf8))
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan])
    func nonFiniteNumbersCannotBeWritten(_ number: Double) {
        let value: ModelValue = ["a": [1, ["b": .double(number)]]]
        let error = #expect(throws: JSONError.self) { try value.jsonData() }
        #expect(error?.kind == .unwritableValue)
        #expect(error?.keyPath == [.key("a"), .index(1), .key("b")])
        #expect(error?.description == #"(at "a[1].b"): cannot write the non-finite number \#(number) as JSON"#)
    }
}
