import Etch
import Foundation
import Testing

/// A generated `copyWith(field:)` copies straight from the model's buffer; it must make
/// exactly what `copyWith { $0.field = value }` makes, key order and bytes included.
@Suite struct CopyWithTests {}

extension CopyWithTests {
    /// Posts whose keys come in different orders, hold `null`s, or lack optional keys.
    static let posts = [
        #"{"id": "p1", "author": {"id": "a", "name": "A"}, "likes": 3, "note": "hi"}"#,
        #"{"note": null, "likes": 0, "author": {"id": "a", "name": "A"}, "id": "p2", "editor": null}"#,
        #"{"id": "p3", "extra": [1, {"x": 2}], "author": {"id": "a", "name": "A"}, "stats": {"views": 9}}"#,
        #"{"author": {"id": "a", "name": "A"}, "id": "p4", "editor": {"id": "e", "name": "E"}}"#,
    ]

    /// Checks that both ways of copying make the same model, and returns it.
    @discardableResult
    static func expectSameCopies(
        _ method: Post, _ closure: Post, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Post {
        #expect(method == closure, sourceLocation: sourceLocation)
        #expect(method.dictionary.keys == closure.dictionary.keys, sourceLocation: sourceLocation)
        #expect(try method.jsonString() == closure.jsonString(), sourceLocation: sourceLocation)
        return method
    }

    @Test(arguments: posts.indices)
    func aCopyWithMethodMakesWhatTheClosureMakes(post index: Int) throws {
        let post = try Post(jsonString: Self.posts[index])
        let author = Author(id: "n", name: "New")
        for likes in [0, 3, 7] {
            try Self.expectSameCopies(post.copyWith(likes: likes), post.copyWith { $0.likes = likes })
        }
        for note in [nil, "hi", "other"] as [String?] {
            try Self.expectSameCopies(post.copyWith(note: note), post.copyWith { $0.note = note })
        }
        for editor in [nil, author] as [Author?] {
            try Self.expectSameCopies(post.copyWith(editor: editor), post.copyWith { $0.editor = editor })
        }
        for views in [0, 9, 10] {
            try Self.expectSameCopies(post.copyWith(views: views), post.copyWith { $0.views = views })
        }
    }

    @Test func aCopyReadsItsNewValueAndTheOriginalKeepsItsOwn() throws {
        let post = try Post(jsonString: Self.posts[0])
        let copy = post.copyWith(likes: 8)
        #expect(copy.likes == 8 && post.likes == 3)
        #expect(copy.note == "hi" && copy.author.name == "A" && copy.id == "p1")
        // A copy of a copy, and the copies outliving the original.
        var copies = [copy.copyWith(likes: 9), copy.copyWith(note: "yo")]
        copies.append(copies[1].copyWith(editor: Author(id: "e", name: "E")))
        #expect(copies.map(\.likes) == [9, 8, 8])
        #expect(copies.map(\.note) == ["hi", "yo", "yo"])
        #expect(copies.map { $0.editor?.name } == [nil, nil, "E"])
        #expect(post.likes == 3 && post.note == "hi" && post.editor == nil)
    }

    @Test func settingTheValueAFieldHoldsChangesNothing() throws {
        let post = try Post(jsonString: Self.posts[1])
        for copy in [post.copyWith(likes: 0), post.copyWith(note: nil), post.copyWith(editor: nil)] {
            #expect(copy == post)
            #expect(try copy.jsonString() == post.jsonString())
        }
        // The absent `views` reads as its default: setting it adds no key.
        #expect(!post.copyWith(views: 0).dictionary.keys.contains("stats"))
    }
}
