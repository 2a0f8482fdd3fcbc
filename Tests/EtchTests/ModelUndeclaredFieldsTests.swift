import Etch
import Foundation
import Testing

/// A model's undeclared keys, and copies of a model under a new id.
@Suite struct ModelUndeclaredFieldsTests {}

extension ModelUndeclaredFieldsTests {
    @Test func undeclaredFieldsAreTheKeysTheSchemaLacksInTheirOrder() throws {
        // `stats.views` is declared (a nested key), `stats` with it; `locked` and `labels` are not.
        let json = #"{"locked":false,"id":"t1","title":"Crash","stats":{"views":3},"labels":["bug"],"tags":[]}"#
        let item = try TaskItem(jsonData: Data(json.utf8))
        #expect(item.undeclaredKeys == ["locked", "labels"])
        #expect(item.undeclaredFields.map(\.value) == [.bool(false), .array(["bug"])])
        #expect(task("t2").undeclaredFields.isEmpty)
    }

    @Test func aCopyWithAnUndeclaredKeyListsIt() throws {
        let flagged = try task("t1").copyWith(value: true, forKey: "pinned")
        #expect(flagged.undeclaredFields.map(\.key) == ["pinned"])
        #expect(flagged.undeclaredFields.first?.value == .bool(true))
    }

    @Test func aCopyUnderANewIDKeepsEverythingElse() throws {
        let original = try task("t1", rank: 3, title: "Write", expanded: true).copyWith(value: 1, forKey: "extra")
        let copy = try original.copy(id: "t9")
        #expect(copy.id == "t9")
        #expect(copy.title == "Write" && copy.rank == 3 && copy["extra"] == 1)
        #expect(copy.isExpanded, "local values are kept")
        #expect(original.id == "t1")
        #expect(throws: ModelError.self) { try original.copyWith(value: "t9", forKey: "id") }
    }
}
