import Etch
import Foundation
import Testing

/// Models decoded and encoded by Foundation's coders, as a property of a user's `Codable`
/// type: declared fields are read by their types, every other key is kept, and the result
/// is the model Etch's own reader makes.
@Suite struct CodablePathTests {}

extension CodablePathTests {
    static let payloads: [(String, String)] = [
        (
            "scalars",
            #"{"id": 9007199254740993, "text": "a \"quoted\" text", "count": -3, "big": null, "unsigned": 18446744073709551615, "ratio": 2, "scale": 1.5, "flag": false, "created_at": "2024-02-29T12:00:00Z", "elapsed": 1.25, "link": "https://example.com/a?b=c", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "price": 12.5, "extra": {"deep": [1, "two", null, true, 3.5, {"x": []}]}, "unknown_object": {"a": 1}, "unknown_array": [1, [2, [3]]], "unknown_number": 0.1, "unknown_bool": true, "unknown_null": null}"#
        ),
        (
            "collections",
            #"{"id": "c1", "tags": ["a", "b"], "matrix": [[1, 2], [], [3]], "scores": {"x": 1.5, "y": 2}, "maybe_names": ["a", null], "children": [{"id": "c2", "level": "high", "extra_child_key": 7}], "parent": {"id": "c0"}, "best": 1, "others": [2, 3], "level": "low", "levels": ["high", "low"], "later": {"added": "by a newer server"}}"#
        ),
        (
            "attributes",
            #"{"ID": "a1", "meta": {"stats": {"views": 3, "likes": 4}, "other": true}, "iso": "2024-01-01T00:00:00Z", "seconds": 1700000000.5, "milliseconds": [1700000000000, 1700000000001], "day": "2024-03-01", "category": "books", "slug": "a-one", "rank": 2}"#
        ),
    ]

    static func check<Model: ImmutableModel & Equatable>(_ type: Model.Type, _ json: String) throws {
        let data = Data(json.utf8)
        let own = try Model(jsonData: data)
        let decoded = try JSONDecoder().decode(Model.self, from: data)
        #expect(decoded.dictionary == own.dictionary, "\(Model.self): JSONDecoder and Etch's reader differ")
        // Foundation's decoders do not tell the order of an object's keys; every key is kept.
        #expect(Set(decoded.dictionary.keys) == Set(own.dictionary.keys), "\(Model.self): every key")
        let encoded = try JSONEncoder().encode(decoded)
        #expect(try Model(jsonData: encoded) == own, "\(Model.self): a JSONEncoder round trip")
    }

    @Test func foundationsCodersMakeTheModelEtchsReaderMakes() throws {
        try Self.check(Scalars.self, Self.payloads[0].1)
        try Self.check(Collections.self, Self.payloads[1].1)
        try Self.check(Attributes.self, Self.payloads[2].1)
    }

    @Test func aModelInsideAUsersCodableType() throws {
        struct Envelope: Codable {
            var page: Int
            var items: [Collections]
            var main: Scalars?
        }
        let json = #"{"page": 2, "items": [\#(Self.payloads[1].1)], "main": \#(Self.payloads[0].1)}"#
        let envelope = try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
        #expect(envelope.items.first == (try Collections(jsonData: Data(Self.payloads[1].1.utf8))))
        #expect(envelope.main?.dictionary["unknown_array"] == [1, [2, [3]]])
        let again = try JSONDecoder().decode(Envelope.self, from: try JSONEncoder().encode(envelope))
        #expect(again.items == envelope.items && again.main == envelope.main)
    }

    @Test func aFieldOfTheWrongShapeIsTheModelsError() throws {
        let json = #"{"id": "c1", "children": [{"id": 5}]}"#
        #expect {
            try JSONDecoder().decode(Collections.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["children", "0", "id"]
                && (context.underlyingError as? ModelError)?.keyPath == [.key("children"), .index(0), .key("id")]
        }
    }
}
