import Foundation
import Testing

@testable import Etch

@Suite struct ModelTests {}

extension ModelTests {
    @Test func memberwiseInitializerWritesWireKeysAndSkipsNilOptionals() {
        let item = TaskItem(id: "t1", title: "Write", views: 3)
        #expect(item.dictionary.keys == ["id", "title", "rank", "stats", "tags"])
        #expect(item["stats"] == ["views": 3])
        #expect(item.views == 3)
        #expect(item.dueAt == nil)
        #expect(
            item.debugDescription
                == #"TaskItem(id: "t1", title: "Write", rank: 0, dueAt: nil, updatedAt: nil, views: 3, tags: [])"#)
    }

    @Test func copyWithClearsOptionalsAndKeepsLocalValues() {
        let due = Date(timeIntervalSince1970: 1_700_000_000)
        let item = TaskItem(id: "t1", title: "Write", dueAt: due, isExpanded: true)
        #expect(item.dueAt == due)
        let cleared = item.copyWith(dueAt: nil)
        #expect(cleared.dueAt == nil)
        #expect(cleared["due_at"] == nil)
        #expect(cleared.isExpanded)
        let both = item.copyWith {
            $0.title = "Edit"
            $0.dueAt = nil
        }
        #expect(both.title == "Edit" && both.dueAt == nil && both.isExpanded)
    }

    @Test func unchangedCopyIsEqualAndLocalValuesDoNotCount() {
        let item = TaskItem(id: "t1", title: "Write")
        #expect(item.copyWith(title: "Write") == item)
        #expect(item.copyWith(isExpanded: true) == item)
        #expect(item.copyWith(rank: 1) != item)
    }

    @Test func validatingInitializerNamesKeyPathAndTypes() {
        #expect(
            throws: ModelError(
                .typeMismatch(expected: "Int", found: "string"), at: [.key("stats"), .key("views")],
                modelName: "TaskItem")
        ) {
            try TaskItem(dictionary: ["id": "t1", "title": "x", "stats": ["views": "many"]])
        }
        #expect(throws: ModelError(.missingKey(expected: "String"), at: [.key("title")], modelName: "TaskItem")) {
            try TaskItem(dictionary: ["id": "t1"])
        }
        #expect(
            throws: ModelError(
                .typeMismatch(expected: "String", found: "number"), at: [.key("tags"), .index(1)], modelName: "TaskItem"
            )
        ) {
            try TaskItem(dictionary: ["id": "t1", "title": "x", "tags": ["a", 2]])
        }
    }

    @Test func unknownKeysSurviveAndRawAccessChecksDeclaredKeys() throws {
        let item = try TaskItem(dictionary: ["id": "t1", "title": "x", "beta": true, "updated_at": 1_700_000_000])
        #expect(item["beta"] == true)
        #expect(item.updatedAt == Date(timeIntervalSince1970: 1_700_000_000))
        let changed = try item.copyWith(value: "new", forKey: "extra")
        #expect(changed["extra"] == "new")
        #expect(throws: ModelError.self) { try item.copyWith(value: 5, forKey: "title") }
    }

    @Test func codableRoundTripThroughFoundationKeepsEveryKey() throws {
        let item = try TaskItem(dictionary: ["id": "t1", "title": "x", "beta": ["nested": [1, 2.5, nil]]])
        let data = try JSONEncoder().encode(item)
        let decoded = try JSONDecoder().decode(TaskItem.self, from: data)
        #expect(decoded == item)
        #expect(decoded["beta"]?["nested"]?[1] == 2.5)
    }
}

extension ModelTests {
    @Test func codableWorksWithOtherEncodersToo() throws {
        let item = try TaskItem(dictionary: ["id": "t1", "title": "x", "rank": 2, "beta": ["on": true]])
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode([item])
        let decoded = try PropertyListDecoder().decode([TaskItem].self, from: data)
        #expect(decoded == [item])
        #expect(decoded[0]["beta"]?["on"] == true)
    }

    @Test func foundationDecodingErrorsCarryTheModelError() throws {
        let data = Data(#"{"id": "t1", "title": 7}"#.utf8)
        do {
            _ = try JSONDecoder().decode(TaskItem.self, from: data)
            Issue.record("decoding a number as the title must fail")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["title"])
            #expect(
                context.underlyingError as? ModelError
                    == ModelError(
                        .typeMismatch(expected: "String", found: "number"), at: [.key("title")], modelName: "TaskItem"))
        }
    }
}
