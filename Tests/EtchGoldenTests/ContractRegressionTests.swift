import Etch
import Foundation
import Testing

/// The defects a review of the Models v2 contract found, each as a test that failed before
/// its fix.
@Suite struct ContractRegressionTests {
    @Test func aCopyThatAssignsEachFieldItselfIsEqualWhateverTheWireSpelling() throws {
        let json = #"""
            {"id": 1, "created_at": "2024-05-01T01:00:00+01:00", "updated_at": "2024-05-01T00:00:00.123456Z",
             "blob": "AB==", "price": 9.99, "link": "http://example.com/a b",
             "uuid": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "scale": 16777217, "text": "t", "count": 1}
            """#
        let scalars = try Scalars(jsonString: json)
        let copy = scalars.copyWith {
            $0.text = $0.text
            $0.createdAt = $0.createdAt
            $0.blob = $0.blob
            $0.price = $0.price
            $0.link = $0.link
            $0.uuid = $0.uuid
            $0.scale = $0.scale
        }
        #expect(copy == scalars)
        #expect(copy.dictionary == scalars.dictionary)
    }

    @Test func anOptionalLetWithADefaultCannotBeClearedByKey() throws {
        let album = try Album(jsonString: #"{"id": "r1", "title": "T", "year": 1, "artist": "a1"}"#)
        #expect(throws: ModelError.self) { try album.copyWith(value: "a2", forKey: "artist") }
        // `producer` is a `var`: clearing it is allowed.
        #expect(try album.copyWith(value: nil, forKey: "producer").producer == nil)
    }

    @Test func aLetFieldThatReadsTheSameIsNotAChange() throws {
        // Writing the default into an absent `let` field changes nothing as it reads.
        let ad = try Ad(jsonString: #"{"id": "a1", "sponsor": "Acme"}"#)
        #expect(try ad.copyWith(value: nil, forKey: "type").type == nil)
        #expect(throws: ModelError.self) { try ad.copyWith(value: "b", forKey: "sponsor") }
    }

    @Test func aUnionCopyKeepsItsVariantsRules() throws {
        let item = try FeedItem(jsonString: #"{"type": "advert", "id": "a1", "sponsor": "Acme"}"#)
        #expect(throws: ModelError.self) { try item.copyWith(value: "a2", forKey: "id") }
        #expect(throws: ModelError.self) { try item.copyWith(value: "post", forKey: "type") }
        let changed = try item.copyWith(value: true, forKey: "featured")
        guard case .ad(let ad) = changed else {
            Issue.record("the variant changed: \(changed)")
            return
        }
        #expect(ad["featured"] == true)
    }

    @Test func anUnknownVariantIsMadeOnlyFromWhatTheUnionReadsAsUnknown() throws {
        let poll: ModelDictionary = ["type": "poll", "id": "q1"]
        let unknown = try UnknownVariant(poll, of: FeedItem.self)
        #expect(unknown.tag == "poll")
        #expect(FeedItem.unknown(unknown).id == "q1")
        #expect(throws: ModelError.self) {
            try UnknownVariant(["type": "post", "id": "p1", "text": "x"], of: FeedItem.self)
        }
        #expect(throws: ModelError.self) { try UnknownVariant(["type": "poll"], of: FeedItem.self) }  // no id
        let feed = Feed(items: [.unknown(unknown)], pinned: .unknown(unknown))
        let read = try Feed(jsonData: try feed.jsonData())
        #expect(read == feed)
        #expect(read.pinned?.id == "q1")
    }

    @Test func aGeneratedUnionsSchemaIsMadeOnce() {
        // The protocol's default made a new schema, and its name by reflection, on every read
        // (a store reads a model's name on every write).
        #expect(FeedItem._schema === FeedItem._schema)
        // Generic code (a store, a data source) reads it through the requirement.
        func schema<Model: ImmutableModel>(of _: Model.Type) -> _ModelSchema { Model._schema }
        #expect(schema(of: FeedItem.self) === schema(of: FeedItem.self))
        #expect(schema(of: FeedItem.self) === FeedItem._schema)
        #expect(FeedItem.modelName == "FeedItem")
        #expect(FeedItem._schema.fields.isEmpty)
    }
}
