import Etch
import Testing

/// The README's "Unions" blocks, line for line (its `union-switch` and `union-feed`
/// snippets, which EtchSchemaTests' ReadmeBlockTests compares with the README), so that they
/// keep compiling and saying what is true.
@Suite struct ReadmeUnionTests {
    /// What the app's screen showed, in order.
    final class Screen: Sendable {
        let shown = Locked<[String]>([])
    }
    let screen = Screen()

    /// The app's code that shows a post.
    func show(_ post: Post) { record("post \(post.id)") }
    /// The app's code that shows an ad.
    func show(_ ad: Ad) { record("ad \(ad.id) by \(ad.sponsor)") }
    /// Puts a line on the screen.
    func record(_ line: String) { screen.shown.withLock { $0.append(line) } }
    /// The app's code that logs what it cannot show.
    func log(_ object: UnknownVariant) { record("unknown \(object)") }
}

extension ReadmeUnionTests {
    @Test func theSwitchBlockWorks() throws {
        // snippet: union-switch
        let item = try FeedItem(jsonString: #"{"type":"advert","id":"a1","sponsor":"Acme"}"#)
        switch item {
        case .post(let post):
            show(post)
        case .ad(let ad):
            show(ad)
        case .unknown(let object):
            log(object)  // UnknownVariant: a newer server's variant, kept whole, written back as it came
        }
        let made = FeedItem.ad(Ad(id: "a2", sponsor: "Acme"))  // written with "type": "advert"
        // end snippet
        #expect(screen.shown.withLock { $0 } == ["ad a1 by Acme"])
        #expect(try ModelValue(jsonString: made.jsonString())["type"] == "advert")

        let newer = try FeedItem(jsonString: #"{"type":"poll","id":"q1","options":["a","b"]}"#)
        guard case .unknown(let object) = newer else {
            Issue.record("a variant the schema lacks reads as unknown: \(newer)")
            return
        }
        #expect(try newer.jsonString() == #"{"type":"poll","id":"q1","options":["a","b"]}"#)
        log(object)
        #expect(screen.shown.withLock { $0.count } == 2)
    }

    @Test func theFeedBlockWorks() throws {
        // snippet: union-feed
        let feed = try Feed(jsonString: #"{"items": [{"type": "poll", "id": "q1", "options": ["a", "b"]}]}"#)
        _ = feed.items[0].id  // "q1": each variant has an `id`, so the union does
        #expect(feed.items[0].id == "q1")
        let pinned = feed.copyWith { $0.pinned = feed.items[0] }
        _ = try pinned.jsonString()  // the poll, twice, each as it came
        let written = try ModelValue(jsonString: try pinned.jsonString())
        let poll = try UnknownVariant(["type": "poll", "id": "q2"], of: FeedItem.self)  // throws for "post" or "advert"
        let more = feed.copyWith { $0.items.append(.unknown(poll)) }
        let edited = try FeedItem.post(Post(id: "p1", text: "Hi")).copyWith(value: "Hello", forKey: "text")
        _ = edited.dictionary["type"]  // "post": the tag stays
        // end snippet
        #expect(edited.dictionary["type"] == "post")

        let object: ModelValue = ["type": "poll", "id": "q1", "options": ["a", "b"]]
        #expect(written["pinned"] == object && written["items"] == [object])
        #expect(more.items.map(\.id) == ["q1", "q2"])
        #expect(throws: ModelError.self) {
            try UnknownVariant(["type": "post", "id": "p", "text": "t"], of: FeedItem.self)
        }
        #expect(throws: ModelError.self) {
            try UnknownVariant(["type": "advert", "id": "a", "sponsor": "s"], of: FeedItem.self)
        }
        guard case .post(let post) = edited else {
            Issue.record("a post stays a post: \(edited)")
            return
        }
        #expect(post.text == "Hello")
    }
}
