import Etch
import Testing

/// The README's "Unions" usage, line for line, so that it keeps compiling and saying what is true.
@Suite struct ReadmeUnionTests {
    @Test func theReadmeUsageWorks() throws {
        let feed = try Feed(jsonString: #"{"items": [{"type": "poll", "id": "q1", "options": ["a", "b"]}]}"#)
        #expect(feed.items[0].id == "q1")  // "q1": each variant has an `id`, so the union does
        let pinned = feed.copyWith { $0.pinned = feed.items[0] }
        let written = try ModelValue(jsonString: try pinned.jsonString())  // the poll, twice, each as it came
        let poll = try UnknownVariant(["type": "poll", "id": "q2"], of: FeedItem.self)  // throws for "post" or "advert"
        let more = feed.copyWith { $0.items.append(.unknown(poll)) }
        let edited = try FeedItem.post(Post(id: "p1", text: "Hi")).copyWith(value: "Hello", forKey: "text")
        #expect(edited.dictionary["type"] == "post")  // "post": the tag stays

        let object: ModelValue = ["type": "poll", "id": "q1", "options": ["a", "b"]]
        #expect(written["pinned"] == object && written["items"] == [object])
        #expect(more.items.map(\.id) == ["q1", "q2"])
        #expect(throws: ModelError.self) {
            try UnknownVariant(["type": "post", "id": "p", "text": "t"], of: FeedItem.self)
        }
        guard case .post(let post) = edited else {
            Issue.record("a post stays a post: \(edited)")
            return
        }
        #expect(post.text == "Hello")
    }
}
