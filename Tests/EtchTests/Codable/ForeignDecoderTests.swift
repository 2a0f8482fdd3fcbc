import Foundation
import Testing

@testable import Etch

/// Models decode through any `Decoder`, also one whose containers force-unwrap every key
/// they make and search `allKeys` for a key (``ValueTreeDecoder``): every key is then listed,
/// where Foundation's decoders list only the undeclared ones (``CodableKeyListing``).
@Suite struct ForeignDecoderTests {}

extension ForeignDecoderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let json: String
    }

    static let posts = [
        Case(
            testDescription: "every field, undeclared keys at both levels",
            json: #"""
                {"id": "p1", "author": {"id": "a1", "name": "Ann", "since": 2020},
                 "editor": {"id": "e1", "name": "Ed"}, "likes": 3, "note": "n", "tags": ["x", "y"],
                 "stats.views": 7, "extra": [1, {"deep": true}, null, "s", 2.5]}
                """#),
        Case(
            testDescription: "optional fields null or absent, defaults absent",
            json: #"{"id": "p2", "author": {"id": "a2", "name": "Bo"}, "editor": null, "tags": null}"#),
        Case(
            testDescription: "undeclared keys only beside the required ones",
            json: #"{"zeta": 1, "id": "p3", "author": {"name": "Cy", "id": "a3"}, "alpha": {"k": []}}"#),
    ]

    @Test(arguments: posts)
    func aPostReadsAsItsOwnReaderReadsIt(_ post: Case) throws {
        let decoded = try ValueTreeDecoder.decode(Post.self, from: post.json)
        let read = try Post(jsonString: post.json)
        #expect(decoded == read)
        #expect(Set(decoded.dictionary.keys) == Set(read.dictionary.keys))
        #expect(decoded.note == read.note && decoded.editor == read.editor && decoded.tags == read.tags)
        #expect(decoded.views == read.views && decoded.likes == read.likes)
        // The same through JSONDecoder, which lists only the undeclared keys.
        #expect(try JSONDecoder().decode(Post.self, from: Data(post.json.utf8)) == read)
    }

    @Test func arraysAndMapsOfModelsKeepEveryKey() throws {
        let json = #"""
            {"id": "s1", "books": [{"id": "b1", "title": "Emma", "isbn": "1"}, {"id": "b2"}],
             "byTitle": {"Emma": {"id": "b1", "shelfMark": [1, 2]}}, "room": "A"}
            """#
        let decoded = try ValueTreeDecoder.decode(Shelf.self, from: json)
        #expect(decoded == (try Shelf(jsonString: json)))
        #expect(decoded.books.map(\.title) == ["Emma", ""])
        #expect(decoded.books[0].dictionary["isbn"] == .string("1"))
        #expect(decoded.byTitle["Emma"]?.dictionary["shelfMark"] == .array([.int(1), .int(2)]))
        #expect(decoded.dictionary["room"] == .string("A"))
    }

    @Test func aModelInAUsersCodableTypeDecodesThroughEither() throws {
        struct Envelope: Decodable, Equatable {
            let post: Post
            let posts: [Post]
        }
        let json = #"{"post": \#(Self.posts[0].json), "posts": [\#(Self.posts[1].json), \#(Self.posts[2].json)]}"#
        let decoded = try ValueTreeDecoder.decode(Envelope.self, from: json)
        #expect(decoded == (try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))))
        #expect(decoded.posts.map(\.id) == ["p2", "p3"])
    }

    @Test func mistakesThrowWithTheirPath() throws {
        #expect(throws: DecodingError.self) {
            try ValueTreeDecoder.decode(Post.self, from: #"{"id": "p", "author": {"id": "a"}}"#)
        }
        #expect(throws: DecodingError.self) {
            try ValueTreeDecoder.decode(Post.self, from: #"{"id": "p", "author": {"id": "a", "name": 1}}"#)
        }
        #expect(throws: DecodingError.self) {
            try ValueTreeDecoder.decode(Post.self, from: #"{"id": 5, "author": {"id": "a", "name": "A"}}"#)
        }
    }

    @Test func onlyFoundationsDecodersListTheUndeclaredKeysAlone() throws {
        struct Probe: Decodable {
            let listing: CodableKeyListing
            init(from decoder: any Decoder) throws { listing = CodableKeyListing.forDecoder(decoder) }
        }
        #expect(try JSONDecoder().decode(Probe.self, from: Data("{}".utf8)).listing == .undeclared)
        // Twice: the second answer comes from the cache.
        #expect(try JSONDecoder().decode(Probe.self, from: Data("{}".utf8)).listing == .undeclared)
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let data = try encoder.encode(["a": 1])
            #expect(try PropertyListDecoder().decode(Probe.self, from: data).listing == .undeclared)
        }
        #expect(try ValueTreeDecoder.decode(Probe.self, from: "{}").listing == .every)
        #expect(try ValueTreeDecoder.decode(Probe.self, from: "{}").listing == .every)
    }

    @Test func decodersOfBothKindsAtOnceEachListTheirOwnWay() async throws {
        let json = Self.posts[0].json
        let read = try Post(jsonString: json)
        // Tasks alternate the two kinds, so the listing each task carries down and the cache
        // of decoder types are used from many threads at once.
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<64 {
                group.addTask {
                    let post =
                        task.isMultiple(of: 2)
                        ? try ValueTreeDecoder.decode(Post.self, from: json)
                        : try JSONDecoder().decode(Post.self, from: Data(json.utf8))
                    return post == read
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }

    @Test func aPropertyListRoundTripKeepsEveryKey() throws {
        let read = try Post(jsonString: Self.posts[0].json)
        let data = try PropertyListEncoder().encode(read)
        #expect(try PropertyListDecoder().decode(Post.self, from: data) == read)
    }
}

extension ForeignDecoderTests {
    /// A user's type that reads one post through its own decoder and one, from a string,
    /// through a decoder of the other kind.
    struct Outer: Decodable {
        enum Key: String, CodingKey { case inner, post }
        let inner: Post
        let post: Post
        let innerForeign: Bool
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let text = try container.decode(String.self, forKey: .inner)
            innerForeign = CodableKeyListing.forDecoder(decoder) == .undeclared
            inner =
                innerForeign
                ? try ValueTreeDecoder.decode(Post.self, from: text)
                : try JSONDecoder().decode(Post.self, from: Data(text.utf8))
            post = try container.decode(Post.self, forKey: .post)
        }
    }

    /// A decoder of one kind inside another's decoding lists keys its own way, and the outer
    /// one goes on listing them its way after it.
    @Test func aDecoderOfTheOtherKindInsideADecodingListsItsOwnWay() throws {
        let postJSON = ForeignDecoderTests.posts[0].json
        let read = try Post(jsonString: postJSON)
        let escaped = String(data: try JSONEncoder().encode(postJSON), encoding: .utf8)!
        let json = #"{"inner": \#(escaped), "post": \#(postJSON)}"#
        let viaJSON = try JSONDecoder().decode(Outer.self, from: Data(json.utf8))
        #expect(viaJSON.innerForeign)
        #expect(viaJSON.inner == read && viaJSON.post == read)
        #expect(Set(viaJSON.post.dictionary.keys) == Set(read.dictionary.keys))
        let viaTree = try ValueTreeDecoder.decode(Outer.self, from: json)
        #expect(!viaTree.innerForeign)
        #expect(viaTree.inner == read && viaTree.post == read)
        #expect(Set(viaTree.post.dictionary.keys) == Set(read.dictionary.keys))
        #expect(viaTree.post.author.dictionary.keys.sorted() == read.author.dictionary.keys.sorted())
    }
}
