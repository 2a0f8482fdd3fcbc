import Etch
import Foundation
import Testing

/// A generated memberwise initializer fills one buffer in schema order and shares the
/// schema's key array when it sets every field; whatever order the fields come in, it makes
/// what setting each in turn on an empty dictionary makes.
@Suite struct MemberwiseValuesTests {}

extension MemberwiseValuesTests {
    static let id = ModelField<String>("id", key: "id")
    static let count = ModelField<Int>("count", key: "count", isMutable: true, default: 1)
    static let note = ModelField<String?>("note", key: "note")
    static let views = ModelField<Int>("views", key: "stats.views", default: 0)
    static let schema = _ModelSchema("Sample", fields: [id, count, note, views])

    /// One way of setting a field, on either kind of storage.
    enum Step: CustomStringConvertible {
        case id(String)
        case count(Int)
        case note(String?)
        case views(Int)

        var description: String {
            switch self {
            case .id: "id"
            case .count: "count"
            case .note(let note): note == nil ? "note(nil)" : "note"
            case .views: "views"
            }
        }

        func apply(to values: inout _MemberwiseValues) {
            switch self {
            case .id(let value): values.set(value, for: MemberwiseValuesTests.id)
            case .count(let value): values.set(value, for: MemberwiseValuesTests.count)
            case .note(let value): values.set(value, for: MemberwiseValuesTests.note)
            case .views(let value): values.set(value, for: MemberwiseValuesTests.views)
            }
        }

        func apply(to dictionary: inout ModelDictionary) {
            switch self {
            case .id(let value): dictionary.set(value, for: MemberwiseValuesTests.id)
            case .count(let value): dictionary.set(value, for: MemberwiseValuesTests.count)
            case .note(let value): dictionary.set(value, for: MemberwiseValuesTests.note)
            case .views(let value): dictionary.set(value, for: MemberwiseValuesTests.views)
            }
        }
    }

    static let sequences: [[Step]] = [
        [.id("a"), .count(2), .note("n"), .views(3)],
        [.id("a"), .count(1), .note(nil), .views(0)],
        [.id("a"), .note("n"), .count(2), .views(3)],
        [.count(2), .id("a"), .note(nil)],
        [.id("a"), .views(3), .count(2), .note("n")],
        [.note(nil), .id("a")],
        [.id("a")],
        [],
    ]

    @Test(arguments: sequences.indices)
    func fieldsInAnyOrderMakeWhatSettingEachOnADictionaryMakes(sequence index: Int) {
        let steps = Self.sequences[index]
        var values = _MemberwiseValues(Self.schema)
        var expected = ModelDictionary()
        for step in steps {
            step.apply(to: &values)
            step.apply(to: &expected)
        }
        let made = values.finish()
        #expect(made == expected, "\(steps)")
        #expect(made.keys == expected.keys, "\(steps)")
        #expect(made.values == expected.values, "\(steps)")
    }

    /// Whether two arrays share one buffer.
    static func sameBuffer<Element>(_ first: [Element], _ second: [Element]) -> Bool {
        first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    @Test func modelsWithEveryFieldSetShareTheSchemasKeys() throws {
        let first = Author(id: "a", name: "Ann")
        let second = Author(id: "b", name: "Bob")
        #expect(Self.sameBuffer(first.dictionary.keys, second.dictionary.keys))
        #expect(first.dictionary.keys == ["id", "name"])
        #expect(try first.jsonString() == #"{"id":"a","name":"Ann"}"#)
    }

    @Test func aModelWithFieldsLeftOutOrDottedSpellsOutTheRest() throws {
        let post = Post(id: "p", author: Author(id: "a", name: "Ann"), likes: 0, tags: ["t"], views: 4)
        #expect(post.dictionary.keys == ["id", "author", "likes", "tags", "stats"])
        #expect(post.views == 4 && post.editor == nil && post.note == nil && post.likes == 0)
        #expect(
            try post.jsonString()
                == #"{"id":"p","author":{"id":"a","name":"Ann"},"likes":0,"tags":["t"],"stats":{"views":4}}"#)
        #expect(try Post(jsonString: post.jsonString()) == post)
    }
}
