import Etch
import Foundation
import Testing

/// A `Ref` read from the referenced object itself, as APIs send an expanded reference
/// (Stripe's `expand[]`): the id is read from it and the object is kept and written back.
@Suite struct ExpandedRefTests {
    static let json = #"""
        {"id": "r1", "created_at": "2026-11-20T09:30:00Z",
         "owner": {"id": "u1", "name": "Ada", "email": "ada@example.com"},
         "creator": {"id": "u9", "name": "Grace", "email": "grace@example.com", "plan": "pro"},
         "members": ["u1", {"id": "u9", "name": "Grace", "email": "grace@example.com"}]}
        """#

    @Test func theIdIsReadFromTheObject() throws {
        let room = try Room(jsonString: Self.json)
        #expect(room.creator.id == "u9")
        #expect(room.creator.isExpanded)
        #expect(room.creator.expanded?.name == "Grace")
        #expect(room.creator.expanded?["plan"] == "pro")
        #expect(room.members.map(\.id) == ["u1", "u9"])
        #expect(room.members.map(\.isExpanded) == [false, true])
        #expect(room.members[0].expanded == nil)
    }

    @Test func anExpandedReferenceEqualsAPlainOneToTheSameModel() throws {
        let room = try Room(jsonString: Self.json)
        #expect(room.creator == Ref(id: "u9"))
        #expect(room.creator.hashValue == Ref<User>(id: "u9").hashValue)
        #expect(room.creator != Ref(id: "u1"))
        #expect(try Room(jsonString: Self.json) == room)
        // The models differ: one holds the object, the other only the id.
        let plain = try Room(
            jsonString: Self.json.replacingOccurrences(of: #""plan": "pro""#, with: #""plan": "free""#))
        #expect(plain != room)
    }

    @Test func writingGivesBackTheObject() throws {
        let room = try Room(jsonString: Self.json)
        #expect(try ModelValue(jsonData: try room.jsonData()) == (try ModelValue(jsonString: Self.json)))
        #expect(room.creator.modelValue == room["creator"])
        #expect(Ref<User>(id: "u9").modelValue == "u9")
    }

    @Test func copiesKeepTheObject() throws {
        let room = try Room(jsonString: Self.json)
        let renamed = room.copyWith(title: "Lobby")
        #expect(renamed["creator"] == room["creator"])
        #expect(renamed.creator.expanded?.name == "Grace")
        #expect(room.copyWith { $0.members = $0.members } == room)
        let joined = room.copyWith { $0.members.append(Ref(id: "u2")) }
        #expect(joined["members"] == ["u1", room["members"]?[1] ?? .null, "u2"])
        let replaced = room.copyWith { $0.members[1] = Ref(id: "u9") }
        #expect(replaced["members"] == ["u1", "u9"])
    }

    @Test func anObjectWithoutAValidIdNamesTheIdsPath() throws {
        do {
            _ = try Room(
                jsonString: Self.json.replacingOccurrences(
                    of: #""id": "u9", "name": "Grace", "email": "grace@example.com", "plan""#,
                    with: #""name": "Grace", "plan""#))
            Issue.record("an expanded creator without an id must not read")
        } catch {
            #expect(error.keyPath == [.key("creator"), .key("id")])
            #expect(error.modelError?.kind == .missingKey(expected: "String"))
        }
        do {
            _ = try Room(
                jsonString: Self.json.replacingOccurrences(
                    of: #"{"id": "u9", "name": "Grace", "email": "grace@example.com"}"#, with: #"{"id": 9}"#))
            Issue.record("an expanded member with a numeric id must not read")
        } catch {
            #expect(error.keyPath == [.key("members"), .index(1), .key("id")])
        }
    }
}
