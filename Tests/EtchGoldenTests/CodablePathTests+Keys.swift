import Etch
import Foundation
import Testing

/// `JSONDecoder` reads a model's declared keys by name and lists only the others; these
/// payloads check that nothing is lost or made up on the way: a `null` stays apart from an
/// absent key, a default leaves an absent key absent, and undeclared keys of every kind
/// survive a round trip through Foundation's coders.
extension CodablePathTests {
    /// A payload, and the keys its decoded model must hold, in order.
    struct KeyCase: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let keys: [String]
        var testDescription: String { name }
    }

    static let keyCases: [KeyCase] = [
        KeyCase(
            name: "only required keys", json: #"{"count": 1, "text": "t", "id": 1}"#, keys: ["id", "text", "count"]),
        KeyCase(
            name: "null optionals are kept, absent ones are not",
            json: #"{"id": 1, "text": "t", "count": 1, "big": null, "uuid": null}"#,
            keys: ["id", "text", "count", "big", "uuid"]),
        KeyCase(
            name: "optional numbers, null and integral",
            json: #"{"id": 1, "text": "t", "count": 1, "elapsed": 3, "scale": null, "big": -7}"#,
            keys: ["id", "text", "count", "big", "scale", "elapsed"]),
        KeyCase(
            name: "defaulted keys present and absent",
            json: #"{"id": 1, "text": "t", "count": 1, "flag": false, "ratio": 2.5}"#,
            keys: ["id", "text", "count", "ratio", "flag"]),
        KeyCase(
            name: "undeclared keys of every kind",
            json: #"""
                {"id": 1, "text": "t", "count": 1, "u_null": null, "u_true": true, "u_false": false, "u_int": -42,
                 "u_big": 18446744073709551615, "u_min": -9223372036854775808, "u_double": 0.125, "u_exp": 1e300,
                 "u_string": "é \"q\" \\ \n", "u_empty_string": "", "u_array": [], "u_object": {},
                 "u_mixed": [null, 1, 2.5, "s", false, [[]], {"k": [{"deep": null}]}], "big": 5}
                """#,
            keys: [
                "id", "text", "count", "big", "u_null", "u_true", "u_false", "u_int", "u_big", "u_min", "u_double",
                "u_exp", "u_string", "u_empty_string", "u_array", "u_object", "u_mixed",
            ]),
    ]

    @Test(arguments: keyCases)
    func everyKeyAndNoOtherIsKept(_ keyCase: KeyCase) throws {
        let data = Data(keyCase.json.utf8)
        let decoded = try JSONDecoder().decode(Scalars.self, from: data)
        let declared = decoded.dictionary.keys.prefix { !$0.hasPrefix("u_") }
        #expect(Array(declared) == keyCase.keys.filter { !$0.hasPrefix("u_") }, "declared keys in schema order")
        #expect(Set(decoded.dictionary.keys) == Set(keyCase.keys))
        #expect(decoded.dictionary.keys.count == keyCase.keys.count, "no key twice")
        try Self.check(Scalars.self, keyCase.json)
        let again = try JSONDecoder().decode(Scalars.self, from: try JSONEncoder().encode(decoded))
        #expect(again.dictionary == decoded.dictionary, "a JSONEncoder and JSONDecoder round trip")
    }

    @Test func aNullOptionalReadsAsNilAndStaysNull() throws {
        let decoded = try JSONDecoder().decode(
            Scalars.self, from: Data(#"{"id": 1, "text": "t", "count": 1, "big": null}"#.utf8))
        #expect(decoded.big == nil)
        #expect(decoded.dictionary["big"] == .null)
        #expect(decoded.dictionary["uuid"] == nil)
    }

    @Test func aNullForADefaultedFieldIsReadAsEtchsReaderReadsIt() throws {
        let data = Data(#"{"id": 1, "text": "t", "count": 1, "flag": null}"#.utf8)
        let decoded = Result { try JSONDecoder().decode(Scalars.self, from: data) }
        let read = Result { try Scalars(jsonData: data) }
        switch (decoded, read) {
        case (.success(let decoded), .success(let read)):
            #expect(decoded.dictionary == read.dictionary)
        case (.failure(let decoderError), .failure(let readerError)):
            guard case DecodingError.dataCorrupted(let context) = decoderError else {
                Issue.record("JSONDecoder threw \(decoderError), not dataCorrupted")
                return
            }
            let modelError = try #require(context.underlyingError as? ModelError)
            #expect(modelError.keyPath == [.key("flag")])
            #expect((readerError as? JSONError)?.kind == .model(modelError))
        default:
            Issue.record("JSONDecoder gave \(decoded), Etch's reader \(read)")
        }
    }
}
