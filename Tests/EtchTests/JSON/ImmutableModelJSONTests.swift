import Foundation
import Testing

@testable import Etch

@Suite struct ImmutableModelJSONTests {}

/// JSON that does not fit ``TaskItem``, and where the error must point.
struct ModelErrorCase: CustomTestStringConvertible, Sendable {
    let id: String
    let json: String
    let description: String
    var testDescription: String { id }
}

extension ImmutableModelJSONTests {
    @Test func unknownKeysSurviveARoundTrip() throws {
        let json =
            #"{"id":"t1","title":"Write","beta":{"flag":true,"list":[1,2.5,"x"]},"stats":{"views":3,"likes":9},"tags":["a"]}"#
        let item = try TaskItem(jsonData: Data(json.utf8))
        #expect(item.title == "Write")
        #expect(item.views == 3)
        #expect(item["beta"]?["flag"] == true)
        #expect(try item.jsonString() == json)
        #expect(try TaskItem(jsonData: item.jsonData()) == item)
        let changed = item.copyWith(title: "Edit")
        #expect(try changed.jsonString() == json.replacingOccurrences(of: "Write", with: "Edit"))
    }

    @Test func writesPrettySortedJSON() throws {
        let item = TaskItem(id: "t1", title: "Write", views: 2)
        let expected = """
            {
              "id": "t1",
              "rank": 0,
              "stats": {
                "views": 2
              },
              "tags": [],
              "title": "Write"
            }
            """
        #expect(try item.jsonString([.prettyPrinted, .sortedKeys]) == expected)
    }

    static let errorCases: [ModelErrorCase] = [
        ModelErrorCase(
            id: "wrong type", json: #"{"id": "t1", "title": 5}"#,
            description: #"line 1, column 23 (at "title"): expected String, found number"#),
        ModelErrorCase(
            id: "nested wrong type", json: "{\"id\": \"t1\", \"title\": \"x\",\n  \"stats\": {\"views\": \"many\"}}",
            description: #"line 2, column 22 (at "stats.views"): expected Int, found string"#),
        ModelErrorCase(
            id: "array element", json: #"{"id": "t1", "title": "x", "tags": ["a", null]}"#,
            description: #"line 1, column 42 (at "tags[1]"): expected String, found null"#),
        ModelErrorCase(
            id: "missing key points at its object", json: "\n  {\"id\": \"t1\"}",
            description: #"line 2, column 3 (at "title"): missing required key (expected String)"#),
        ModelErrorCase(
            id: "repeated key, last wins", json: #"{"id": "t1", "title": "x", "title": 7}"#,
            description: #"line 1, column 37 (at "title"): expected String, found number"#),
        ModelErrorCase(
            id: "not an object", json: "[1]", description: "line 1, column 1: expected TaskItem, found array"),
    ]

    @Test(arguments: errorCases)
    func modelErrorsPointIntoTheJSON(_ testCase: ModelErrorCase) {
        let error = #expect(throws: JSONError.self) { try TaskItem(jsonString: testCase.json) }
        #expect(error?.description == testCase.description)
        #expect(error?.modelError?.modelName == "TaskItem")
    }

    @Test func syntaxErrorsComeThroughUnchanged() {
        let error = #expect(throws: JSONError.self) { try TaskItem(jsonData: Data(#"{"id": "t1",}"#.utf8)) }
        #expect(error?.kind == .syntax)
        #expect(error?.column == 13)
    }

    @Test func arraysOfModels() throws {
        let json = #"[{"id":"t1","title":"a"},{"id":"t2","title":"b","x":1}]"#
        let items = try [TaskItem](jsonData: Data(json.utf8))
        #expect(items.map(\.id) == ["t1", "t2"])
        #expect(try items.jsonString() == json)
        #expect(try [TaskItem](jsonData: items.jsonData()) == items)

        let bad =
            "[{\"id\":\"t1\",\"title\":\"a\"},\n {\"id\":\"t2\",\"title\":\"b\"},\n {\"id\":\"t3\",\"title\":false}]"
        let error = #expect(throws: JSONError.self) { try [TaskItem](jsonString: bad) }
        #expect(error?.description == #"line 3, column 21 (at "[2].title"): expected String, found bool"#)
        #expect(error?.modelError?.keyPath == [.index(2), .key("title")])
    }

    @Test func locatorFindsValuesByKeyPath() {
        let bytes = Array("{\"users\": [\n  {\"name\": 5},\n  {\"name\": \"b\", \"tags\": [1, [2, 3]]}\n]}".utf8)
        #expect(
            JSONLocator.location(of: [.key("users"), .index(1), .key("tags"), .index(1), .index(1)], in: bytes)?.line
                == 3)
        #expect(
            JSONLocator.location(of: [.key("users"), .index(1), .key("tags"), .index(1), .index(1)], in: bytes)?.column
                == 33)
        #expect(JSONLocator.location(of: [.key("users"), .index(0), .key("name")], in: bytes)?.column == 12)
        #expect(JSONLocator.location(of: [], in: bytes)?.offset == 0)
        #expect(JSONLocator.location(of: [.key("users"), .index(7)], in: bytes)?.offset == 10)
    }
}
