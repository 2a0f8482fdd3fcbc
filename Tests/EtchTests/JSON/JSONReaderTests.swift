import Foundation
import Testing

@testable import Etch

@Suite struct JSONReaderTests {}

/// A document that must read as `expected`.
struct ValidCase: CustomTestStringConvertible, Sendable {
    let id: String
    let json: String
    let expected: ModelValue
    var testDescription: String { id }
}

/// A document that must fail at a given place with a given message.
struct InvalidCase: CustomTestStringConvertible, Sendable {
    let id: String
    let json: String
    let line: Int
    let column: Int
    let keyPath: String
    let message: String
    var testDescription: String { id }
}

extension JSONReaderTests {
    static let validCases: [ValidCase] = [
        ValidCase(id: "null", json: "null", expected: .null),
        ValidCase(id: "true with whitespace", json: " \t\r\ntrue\n ", expected: true),
        ValidCase(
            id: "every kind of whitespace after a single space", json: "[1, \t2 \r, \n3 ,  \n  4]",
            expected: [1, 2, 3, 4]),
        ValidCase(id: "false", json: "false", expected: false),
        ValidCase(id: "zero", json: "0", expected: .int(0)),
        ValidCase(id: "negative zero", json: "-0", expected: .double(-0.0)),
        ValidCase(id: "negative zero double", json: "-0.0", expected: .double(-0.0)),
        ValidCase(id: "integer", json: "-123", expected: .int(-123)),
        ValidCase(id: "fraction", json: "1.5", expected: .double(1.5)),
        ValidCase(id: "exponent", json: "1E+2", expected: .double(100)),
        ValidCase(id: "negative exponent", json: "25e-1", expected: .double(2.5)),
        ValidCase(id: "string", json: #""héllo 🌍""#, expected: "héllo 🌍"),
        ValidCase(id: "empty string", json: #""""#, expected: ""),
        ValidCase(id: "empty array", json: "[ ]", expected: []),
        ValidCase(id: "empty object", json: "{ }", expected: [:]),
        ValidCase(
            id: "nested", json: #"{"a": [1, {"b": null}], "c": {}}"#, expected: ["a": [1, ["b": nil]], "c": [:]]),
        ValidCase(id: "duplicate keys, last wins", json: #"{"a": 1, "b": 2, "a": 3}"#, expected: ["a": 3, "b": 2]),
        ValidCase(id: "byte order mark", json: "\u{FEFF}[1]", expected: [1]),
        ValidCase(id: "all simple escapes", json: #""\"\\\/\b\f\n\r\t""#, expected: "\"\\/\u{8}\u{C}\n\r\t"),
        ValidCase(id: "unicode escapes", json: #""\u0041\u00e9\u4E2D""#, expected: "Aé中"),
        ValidCase(id: "surrogate pair", json: #""\uD83D\uDE00!""#, expected: "😀!"),
        ValidCase(id: "escaped NUL", json: #""a\u0000b""#, expected: "a\u{0}b"),
        ValidCase(id: "escapes mixed with UTF-8", json: #""é\n€""#, expected: "é\n€"),
        ValidCase(id: "escaped key", json: #"{"a\nb": 1}"#, expected: ["a\nb": 1]),
    ]

    @Test(arguments: validCases)
    func readsValidDocument(_ testCase: ValidCase) throws {
        let value = try ModelValue(jsonString: testCase.json)
        #expect(value == testCase.expected)
        if case .double(let expected) = testCase.expected, case .double(let actual) = value {
            #expect(actual.sign == expected.sign)
        }
        #expect(try ModelValue(jsonData: Data(testCase.json.utf8)) == value)
        #expect(try ModelValue(jsonBytes: Array(testCase.json.utf8)) == value)
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(
            id: "empty", json: "", line: 1, column: 1, keyPath: "", message: "unexpected end of input, expected a value"
        ),
        InvalidCase(
            id: "whitespace only", json: "  ", line: 1, column: 3, keyPath: "",
            message: "unexpected end of input, expected a value"),
        InvalidCase(
            id: "two values", json: "1 2", line: 1, column: 3, keyPath: "",
            message: "unexpected character '2', expected the end of the input after the top-level value"),
        InvalidCase(
            id: "trailing comma in array", json: "[1,]", line: 1, column: 4, keyPath: "[1]",
            message: "unexpected character ']', expected a value"),
        InvalidCase(
            id: "trailing comma in object", json: #"{"a":1,}"#, line: 1, column: 8, keyPath: "",
            message: "unexpected character '}', expected a string key"),
        InvalidCase(
            id: "missing value", json: "{\"statuses\": [{}, {}, {}, {\"user\": {\n\"name\":\n   }}]}", line: 3,
            column: 4, keyPath: "statuses[3].user.name", message: "unexpected character '}', expected a value"),
        InvalidCase(
            id: "missing colon", json: #"{"a" 1}"#, line: 1, column: 6, keyPath: "a",
            message: "unexpected character '1', expected ':' after the key"),
        InvalidCase(
            id: "missing comma", json: "[1 2]", line: 1, column: 4, keyPath: "[0]",
            message: "unexpected character '2', expected ',' or ']'"),
        InvalidCase(
            id: "unclosed array", json: "[1", line: 1, column: 3, keyPath: "[0]",
            message: "unexpected end of input, expected ',' or ']'"),
        InvalidCase(
            id: "unclosed object", json: #"{"a":1"#, line: 1, column: 7, keyPath: "a",
            message: "unexpected end of input, expected ',' or '}'"),
        InvalidCase(
            id: "single quotes", json: "['a']", line: 1, column: 2, keyPath: "[0]",
            message: "unexpected character ''', expected a value"),
        InvalidCase(
            id: "unquoted key", json: "{a:1}", line: 1, column: 2, keyPath: "",
            message: "unexpected character 'a', expected a string key"),
        InvalidCase(
            id: "comment", json: "[1 // one\n]", line: 1, column: 4, keyPath: "[0]",
            message: "unexpected character '/', expected ',' or ']'"),
        InvalidCase(
            id: "leading zero", json: "[01]", line: 1, column: 2, keyPath: "[0]",
            message: "numbers must not have leading zeros"),
        InvalidCase(
            id: "leading plus", json: "+1", line: 1, column: 1, keyPath: "",
            message: "unexpected character '+', expected a value"),
        InvalidCase(
            id: "bare minus", json: "-", line: 1, column: 2, keyPath: "",
            message: "unexpected end of input, expected a digit"),
        InvalidCase(
            id: "dot without digits", json: "1.", line: 1, column: 3, keyPath: "",
            message: "unexpected end of input, expected a digit after '.'"),
        InvalidCase(
            id: "leading dot", json: ".5", line: 1, column: 1, keyPath: "",
            message: "unexpected character '.', expected a value"),
        InvalidCase(
            id: "empty exponent", json: "1e+", line: 1, column: 4, keyPath: "",
            message: "unexpected end of input, expected a digit in the exponent"),
        InvalidCase(
            id: "NaN", json: "NaN", line: 1, column: 1, keyPath: "",
            message: "unexpected character 'N', expected a value"),
        InvalidCase(
            id: "Infinity", json: "-Infinity", line: 1, column: 2, keyPath: "",
            message: "unexpected character 'I', expected a digit"),
        InvalidCase(
            id: "too large", json: "[1e400]", line: 1, column: 2, keyPath: "[0]",
            message: "number 1e400 is too large for a Double"),
        InvalidCase(
            id: "bad literal", json: "[tru]", line: 1, column: 5, keyPath: "[0]",
            message: "unexpected character ']', expected 'true'"),
        InvalidCase(
            id: "capital literal", json: "True", line: 1, column: 1, keyPath: "",
            message: "unexpected character 'T', expected a value"),
        InvalidCase(
            id: "literal cut short", json: "[1, fals", line: 1, column: 9, keyPath: "[1]",
            message: "unexpected end of input, expected 'false'"),
        InvalidCase(
            id: "literal wrong in its fifth byte", json: "[falsy]", line: 1, column: 6, keyPath: "[0]",
            message: "unexpected character 'y', expected 'false'"),
        InvalidCase(
            id: "control character after a space", json: "{\"a\": \u{1}1}", line: 1, column: 7, keyPath: "a",
            message: "unexpected character U+0001, expected a value"),
        InvalidCase(
            id: "control character after a newline", json: "[1,\n\u{1F}2]", line: 2, column: 1, keyPath: "[1]",
            message: "unexpected character U+001F, expected a value"),
        InvalidCase(
            id: "unterminated string", json: #"["abc"#, line: 1, column: 6, keyPath: "[0]",
            message: "unexpected end of input in a string, expected '\"'"),
        InvalidCase(
            id: "raw newline in string", json: "{\"a\": \"x\ny\"}", line: 1, column: 9, keyPath: "a",
            message: "control character U+000A in a string must be escaped"),
        InvalidCase(
            id: "raw tab in key", json: "{\"a\tb\": 1}", line: 1, column: 4, keyPath: "",
            message: "control character U+0009 in a string must be escaped"),
        InvalidCase(
            id: "bad escape", json: #"["\x"]"#, line: 1, column: 3, keyPath: "[0]",
            message: "invalid escape sequence: '\\' followed by character 'x'"),
        InvalidCase(
            id: "short unicode escape", json: #"["\u12"]"#, line: 1, column: 7, keyPath: "[0]",
            message: "unexpected character '\"' in a \\u escape, expected 4 hex digits"),
        InvalidCase(
            id: "lone high surrogate", json: #"["\uD83D"]"#, line: 1, column: 3, keyPath: "[0]",
            message: "lone high surrogate \\uD83D in a string"),
        InvalidCase(
            id: "high surrogate then letter", json: #"["\uD83Dx"]"#, line: 1, column: 3, keyPath: "[0]",
            message: "lone high surrogate \\uD83D in a string"),
        InvalidCase(
            id: "two high surrogates", json: #"["\uD83D\uD83D"]"#, line: 1, column: 3, keyPath: "[0]",
            message: "lone high surrogate \\uD83D in a string"),
        InvalidCase(
            id: "lone low surrogate", json: #"["\uDE00"]"#, line: 1, column: 3, keyPath: "[0]",
            message: "lone low surrogate \\uDE00 in a string"),
        InvalidCase(
            id: "CRLF lines", json: "[\r\n1,\r\n?]", line: 3, column: 1, keyPath: "[1]",
            message: "unexpected character '?', expected a value"),
        InvalidCase(
            id: "after byte order mark", json: "\u{FEFF}[?]", line: 1, column: 2, keyPath: "[0]",
            message: "unexpected character '?', expected a value"),
        InvalidCase(
            id: "control character outside string", json: "[\u{1}]", line: 1, column: 2, keyPath: "[0]",
            message: "unexpected character U+0001, expected a value"),
    ]

    @Test(arguments: invalidCases)
    func rejectsInvalidDocument(_ testCase: InvalidCase) {
        let error = #expect(throws: JSONError.self) { try ModelValue(jsonString: testCase.json) }
        #expect(error?.kind == .syntax || error?.kind == .numberOutOfRange)
        #expect(error?.message == testCase.message)
        #expect(error?.line == testCase.line)
        #expect(error?.column == testCase.column)
        #expect(error?.keyPath.keyPathDescription == (testCase.keyPath.isEmpty ? "(root)" : testCase.keyPath))
    }

    @Test func errorDescriptionShowsLineColumnAndKeyPath() {
        let error = #expect(throws: JSONError.self) {
            try ModelValue(jsonString: "{\"statuses\": [{}, {}, {}, {\"user\": {\"name\": \n\n  }}]}")
        }
        #expect(
            error?.description
                == #"line 3, column 3 (at "statuses[3].user.name"): unexpected character '}', expected a value"#)
        #expect(error?.offset == 48)
    }
}
