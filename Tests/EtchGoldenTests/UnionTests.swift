import Etch
import Foundation
import Testing

/// Unions as a user meets them: read, written, nested, `Codable`, in a data source.
@Suite struct UnionTests {
    static let json = #"""
        {"items": [{"type": "post", "id": "p1", "text": "Hi", "likes": 3},
                   {"type": "advert", "id": "a1", "sponsor": "Acme"},
                   {"type": "poll", "id": "q1", "options": ["a", "b"]}],
         "pinned": {"type": "post", "id": "p0", "text": "Welcome"},
         "by_key": {"x": {"type": "advert", "id": "a2", "sponsor": "Initech"}}}
        """#

    @Test func eachVariantReadsAsItsCaseAndUnknownOnesAreKept() throws {
        let feed = try Feed(jsonString: Self.json)
        guard case .post(let post) = feed.items[0], case .ad(let ad) = feed.items[1],
            case .unknown(let poll) = feed.items[2]
        else {
            Issue.record("unexpected variants: \(feed.items)")
            return
        }
        #expect(post.text == "Hi" && post["likes"] == 3)
        #expect(ad.sponsor == "Acme" && ad.type == "advert")
        #expect(poll.tag == "poll" && poll["options"] == ["a", "b"])
        #expect(feed.items.map(\.id) == ["p1", "a1", "q1"])
        #expect(feed.pinned?.id == "p0")
        #expect(feed.byKey["x"]?.id == "a2")
    }

    @Test func writingGivesBackEveryKeyAndTheTags() throws {
        let feed = try Feed(jsonString: Self.json)
        let again = try Feed(jsonData: try feed.jsonData())
        #expect(again == feed)
        let original = try ModelValue(jsonString: Self.json)
        #expect(try ModelValue(jsonData: try feed.jsonData()) == original)
    }

    @Test func aVariantMadeInCodeWritesItsTag() throws {
        let item = FeedItem.ad(Ad(id: "a9", sponsor: "Acme"))
        #expect(item.dictionary["type"] == "advert")
        let read = try FeedItem(jsonData: try item.jsonData())
        #expect(read == item)
        #expect(read.id == "a9")
    }

    @Test func codableRoundTripThroughFoundation() throws {
        let feed = try Feed(jsonString: Self.json)
        let data = try JSONEncoder().encode(feed)
        #expect(try JSONDecoder().decode(Feed.self, from: data) == feed)
        let item = try JSONDecoder().decode(FeedItem.self, from: Data(#"{"type":"post","id":"p","text":"t"}"#.utf8))
        #expect(item == .post(Post(id: "p", text: "t")))
    }

    @Test func badInputNamesTheKeyPath() {
        #expect(
            throws: ModelError(
                .typeMismatch(expected: "String", found: "number"), at: [.key("type")], modelName: "FeedItem")
        ) {
            try FeedItem(dictionary: ["type": 5, "id": "x"])
        }
        do {
            _ = try Feed(jsonString: #"{"items": [{"type": "advert", "id": "a1"}]}"#)
            Issue.record("an advert without a sponsor must not read")
        } catch {
            #expect(error.keyPath == [.key("items"), .index(0), .key("sponsor")])
        }
    }

    @Test func aUnionIsADataSourceElement() async throws {
        let feed = try Feed(jsonString: Self.json)
        let source = DataSource<FeedItem>(sortedBy: [])
        await source.sortAndAdd(contentsOf: feed.items)
        #expect(await source.count == 3)
        #expect(await source.object(withID: "q1") == feed.items[2])
        await source.sortAndAdd(.post(Post(id: "a1", text: "now a post")))
        #expect(await source.object(withID: "a1") == .post(Post(id: "a1", text: "now a post")))
        #expect(await source.objects.map(\.id) == ["a1", "p1", "q1"])
    }
}
