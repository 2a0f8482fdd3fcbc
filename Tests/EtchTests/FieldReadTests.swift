import Etch
import Foundation
import Testing

/// Generated getters read through a hint of where their key was last time; a read away
/// from the hint finds the key and moves the hint, so objects of different key orders read
/// right in any sequence.
@Suite struct FieldReadTests {}

extension FieldReadTests {
    /// The same post, its keys in three orders, so each getter's hint misses on some reads.
    static let orders = [
        #"{"id": "p1", "author": {"id": "a1", "name": "Ann"}, "likes": 3, "note": "hi", "tags": ["x"]}"#,
        #"{"tags": ["x"], "note": "hi", "likes": 3, "author": {"name": "Ann", "id": "a1"}, "id": "p1"}"#,
        #"{"note": "hi", "extra": true, "id": "p1", "tags": ["x"], "likes": 3, "author": {"id": "a1", "name": "Ann"}}"#,
    ]

    @Test func gettersReadTheirKeyInAnyOrder() throws {
        let posts = try Self.orders.map { try Post(jsonString: $0) }
        // Rounds alternate the objects, so every read follows a read of another key order.
        for _ in 0..<3 {
            for post in posts + posts.reversed() {
                #expect(post.id == "p1")
                #expect(post.author.name == "Ann" && post.author.id == "a1")
                #expect(post.likes == 3)
                #expect(post.note == "hi")
                #expect(post.tags == ["x"])
                #expect(post.editor == nil)
            }
        }
    }

    @Test func absentAndNullOptionalsReadAsNil() throws {
        let absent = try Post(jsonString: #"{"id": "p", "author": {"id": "a", "name": "A"}}"#)
        let null = try Post(
            jsonString: #"{"id": "p", "author": {"id": "a", "name": "A"}, "editor": null, "note": null, "tags": null}"#)
        for post in [absent, null, absent, null] {
            #expect(post.editor == nil && post.note == nil && post.tags == nil)
        }
        let edited = try Post(
            jsonString: #"{"editor": {"id": "e", "name": "Eve"}, "id": "p", "author": {"id": "a", "name": "A"}}"#)
        #expect(edited.editor?.name == "Eve")
        #expect(absent.editor == nil)
    }

    @Test func absentAndNullDefaultedFieldsReadTheirDefault() throws {
        let absent = try Post(jsonString: #"{"id": "p", "author": {"id": "a", "name": "A"}}"#)
        let null = try Post(jsonString: #"{"likes": null, "id": "p", "author": {"id": "a", "name": "A"}}"#)
        let set = try Post(jsonString: #"{"id": "p", "likes": 7, "author": {"id": "a", "name": "A"}}"#)
        for _ in 0..<2 {
            #expect(absent.likes == 0)
            #expect(null.likes == 0)
            #expect(set.likes == 7)
        }
    }

    @Test func aReadAwayFromItsHintMovesTheHint() {
        let hint = _FieldHint()
        let first = ModelDictionary(keys: ["a", "b", "c", "d"], values: [1, 2, 3, 4])
        let second = ModelDictionary(keys: ["d", "c", "b", "a"], values: [4, 3, 2, 1])
        #expect(first._read("d", hint: hint) as Int == 4)
        #expect(second._read("d", hint: hint) as Int == 4)
        #expect(first._read("a", hint: hint) as Int == 1)
        #expect(first._read("z", hint: hint) as Int? == nil)
        #expect(second._read("a", hint: hint) as Int == 1)
    }

    @Test func aRequiredKeyMissingFromAnUncheckedDictionaryStops() async {
        await #expect(processExitsWith: .failure) {
            let dictionary = ModelDictionary(keys: ["other"], values: [1])
            let value: Int = dictionary._read("id", hint: _FieldHint())
            print(value)
        }
    }
}
