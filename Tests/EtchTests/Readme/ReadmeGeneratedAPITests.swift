import Etch
import EtchTestSupport
import Foundation
import Testing

/// The README's "generated API" block, run line for line (see ``ReadmeSnippet``) on the
/// example's `Room`, with assertions between the lines that each line's comment is true.
@Suite struct ReadmeGeneratedAPITests {
    /// The user the README's memberwise room is made with.
    let user = ReadmeRooms.user
}

extension ReadmeGeneratedAPITests {
    @Test func theReadmeBlockIsTheTestedCode() throws {
        let snippet = try ReadmeSnippet("generated-api")
        #expect(snippet.missingLines == [], "README lines no test runs")
    }

    /// A room as the server sends it: snake_case keys, the unread count nested in `stats`.
    static let roomJSON = #"""
        {"id": "r1", "title": "Design", "created_at": "2024-05-01T09:00:00Z", "last_message_at": "2024-05-02T10:00:00Z",
         "owner": {"id": "u1", "name": "Ada", "email": "ada@example.com"}, "creator": "u1", "stats": {"unread": 3}}
        """#

    @Test func theGeneratedAPIBlockDoesWhatItSays() throws {
        let data = Data(Self.roomJSON.utf8)
        let listData = Data("[\(Self.roomJSON), \(Self.roomJSON.replacingOccurrences(of: "r1", with: "r2"))]".utf8)

        // snippet: generated-api
        let room = try Room(jsonData: data)  // Etch's JSON reader; errors name line, column and key path
        _ = room.title  // typed getters
        #expect(room.title == "Design")
        _ = room.unread  // read from "stats": {"unread": …}
        #expect(room.unread == 3)
        _ = room["pinned"]  // any key, declared or not: ModelValue?
        #expect(room["pinned"] == nil && room["stats"] == ["unread": 3])
        _ = room.dictionary  // all of it, as a ModelDictionary
        #expect(room.dictionary.count == 7)

        let renamed = room.copyWith(title: "Lobby")  // one `var` field
        let read = room.copyWith {  // several at once
            $0.unread = 0
            $0.lastMessageAt = nil  // clearing an optional just works
        }
        #expect(read.unread == 0 && read.lastMessageAt == nil && read.title == "Design")
        let flagged = try room.copyWith(value: true, forKey: "pinned")  // raw keys; declared keys keep their type
        #expect(throws: ModelError.self) { try room.copyWith(value: "many", forKey: "stats.unread") }
        let zero = try room.copyWith(value: 0, forKey: "stats.unread")  // a declared dotted key is its path
        #expect(zero.unread == 0 && zero == read.copyWith(lastMessageAt: room.lastMessageAt))
        let error = #expect(throws: ModelError.self) {
            try room.copyWith(value: "r2", forKey: "id")  // throws: `id` is a `let` field
        }
        #expect(error?.kind == .immutableField(name: "id"))
        let twin = try room.copy(id: "r2")  // the same room under a new id: another object
        #expect(twin.id == "r2" && twin.title == room.title && twin.owner == room.owner && twin != room)
        _ = flagged.undeclaredFields  // [(key: "pinned", value: .bool(true))]: keys the schema lacks
        #expect(flagged.undeclaredFields.map(\.key) == ["pinned"])
        #expect(flagged.undeclaredFields.map(\.value) == [.bool(true)])

        let made = Room(id: "r1", createdAt: .now, owner: user, creator: Ref(user))  // memberwise, schema defaults
        #expect(made.title == "" && made.unread == 0 && made.members == [] && !made.isExpanded)
        let checked = try Room(dictionary: room.dictionary)  // validating: throws a ModelError
        #expect(checked == room)
        #expect(throws: ModelError.self) { try Room(dictionary: ["id": 7]) }
        let json = try room.jsonData(.prettyPrinted)  // also .sortedKeys; compact by default
        #expect(try Room(jsonData: json) == room && json.contains(UInt8(ascii: "\n")))
        #expect(try !room.jsonData().contains(UInt8(ascii: "\n")))
        #expect(try String(decoding: room.jsonData(.sortedKeys), as: UTF8.self).hasPrefix(#"{"created_at":"#))
        let rooms = try [Room](jsonData: listData)
        #expect(rooms.map(\.id) == ["r2", "r1"].reversed())
        print(renamed)  // Room(id: "r1", title: "Lobby", …)
        // end snippet
        #expect(String(describing: renamed).hasPrefix(#"Room(id: "r1", title: "Lobby", "#))
    }

    /// "Errors name line, column and key path".
    @Test func aRoomThatDoesNotFitSaysWhere() throws {
        let wrong = Self.roomJSON.replacingOccurrences(of: #""unread": 3"#, with: #""unread": "3""#)
        let error = #expect(throws: JSONError.self) { try Room(jsonData: Data(wrong.utf8)) }
        let message = error.map(String.init(describing:)) ?? ""
        #expect(
            message.contains("line 2") && message.contains("column") && message.contains("stats.unread"), "\(message)")
    }
}
