import Etch
import Foundation
import Testing

/// `JSONDecoder` skips the check of a field whose typed read proves its value fits; these
/// payloads read by their fields' shapes (or fail to), yet do not fit the model, and must
/// throw the very error Etch's own reader throws.
extension CodablePathTests {
    /// A payload that does not fit its model, and the key path of the offending value.
    struct Misfit: CustomTestStringConvertible, Sendable {
        let name: String
        let keyPath: [KeyPathComponent]
        /// Decodes the payload with `JSONDecoder` and with Etch's reader, returning both errors.
        let errors: @Sendable () -> (decoder: (any Error)?, reader: (any Error)?)
        var testDescription: String { name }

        init<Model: ImmutableModel>(_ name: String, _: Model.Type, _ json: String, at keyPath: [KeyPathComponent]) {
            self.name = name
            self.keyPath = keyPath
            self.errors = {
                let data = Data(json.utf8)
                let decoder = Result { try JSONDecoder().decode(Model.self, from: data) }
                let reader = Result { try Model(jsonData: data) }
                return (decoder.failure, reader.failure)
            }
        }
    }

    static let misfits: [Misfit] = [
        Misfit(
            "a date that does not parse", Attributes.self, #"{"ID": "a1", "slug": "s", "iso": "yesterday"}"#,
            at: [.key("iso")]),
        Misfit(
            "a date in an array", Attributes.self, #"{"ID": "a1", "slug": "s", "milliseconds": [1, "x"]}"#,
            at: [.key("milliseconds"), .index(1)]),
        Misfit(
            "a dotted key's value", Attributes.self,
            #"{"ID": "a1", "slug": "s", "meta": {"stats": {"views": "many"}}}"#,
            at: [.key("meta"), .key("stats"), .key("views")]),
        Misfit(
            "an Int beyond Int64", Scalars.self, #"{"id": 1, "text": "t", "count": 18446744073709551615}"#,
            at: [.key("count")]),
        Misfit(
            "a negative UInt", Scalars.self, #"{"id": 1, "text": "t", "count": 1, "unsigned": -1}"#,
            at: [.key("unsigned")]),
        Misfit(
            "a Float out of range", Scalars.self, #"{"id": 1, "text": "t", "count": 1, "scale": 1e300}"#,
            at: [.key("scale")]),
        Misfit(
            "a malformed UUID", Scalars.self, #"{"id": 1, "text": "t", "count": 1, "uuid": "u-u-i-d"}"#,
            at: [.key("uuid")]),
        Misfit(
            "a string for an optional Int64", Scalars.self, #"{"id": 1, "text": "t", "count": 1, "big": "x"}"#,
            at: [.key("big")]),
        Misfit("a missing required key", Scalars.self, #"{"text": "t", "count": 1}"#, at: [.key("id")]),
        Misfit(
            "a missing key two models down", Collections.self,
            #"{"id": "c1", "children": [{"id": "c2"}, {"id": "c3", "children": [{}]}]}"#,
            at: [.key("children"), .index(1), .key("children"), .index(0), .key("id")]),
        Misfit(
            "a wrong element in a nested model", Collections.self,
            #"{"id": "c1", "parent": {"id": "c0", "tags": ["a", 2]}}"#,
            at: [.key("parent"), .key("tags"), .index(1)]),
        Misfit(
            "a wrong map value", Collections.self, #"{"id": "c1", "scores": {"x": "high"}}"#,
            at: [.key("scores"), .key("x")]),
        Misfit(
            "a union variant missing a field", Feed.self,
            #"{"items": [{"type": "post", "id": "p1", "text": "hi"}, {"type": "advert", "id": "a1"}]}"#,
            at: [.key("items"), .index(1), .key("sponsor")]),
        Misfit(
            "a union variant's field of the wrong shape", Feed.self,
            #"{"pinned": {"type": "post", "id": "p1", "text": 5}}"#,
            at: [.key("pinned"), .key("text")]),
        Misfit("a union decoded on its own", FeedItem.self, #"{"type": "advert", "id": "a1"}"#, at: [.key("sponsor")]),
    ]

    @Test(arguments: misfits)
    func aValueThatDoesNotFitThrowsTheReadersError(_ misfit: Misfit) throws {
        let (decoderError, readerError) = misfit.errors()
        guard case DecodingError.dataCorrupted(let context) = try #require(decoderError) else {
            Issue.record("JSONDecoder threw \(String(describing: decoderError)), not dataCorrupted")
            return
        }
        let modelError = try #require(context.underlyingError as? ModelError)
        #expect(modelError.keyPath == misfit.keyPath)
        let expectedPath = misfit.keyPath.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == expectedPath)
        let readerKind = try #require((readerError as? JSONError)?.kind)
        #expect(readerKind == .model(modelError), "JSONDecoder and Etch's reader report the same ModelError")
    }

    @Test func declaredKeysComeFirstInSchemaOrder() throws {
        let json = #"{"later": 1, "level": "high", "tags": ["a"], "id": "c1", "parent": {"zz": true, "id": "c0"}}"#
        let decoded = try JSONDecoder().decode(Collections.self, from: Data(json.utf8))
        #expect(decoded.dictionary.keys == ["id", "tags", "parent", "level", "later"])
        #expect(decoded.parent?.dictionary.keys == ["id", "zz"])
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
