// The runnable example: `swift run etch-example`.
//
// `Room`, `User`, `Role`, `Message` and `Attachment` are generated while this target builds,
// by EtchPlugin from the schemas in the top-level `Schemas/` directory (see `etch.json`).

import Etch
import Foundation

/// A room as a chat server might send it: nested objects, a dotted `stats.unread` path,
/// snake_case keys, and keys this app's schema does not declare (`pinned`, `stats.mentions`).
let serverJSON = """
    {
      "id": "r1",
      "title": "Lobby",
      "created_at": "2026-11-20T09:30:00Z",
      "last_message_at": "2026-11-21T08:15:42.250Z",
      "owner": {
        "id": "u1", "name": "Ada", "email": "ada@example.com", "mood": "focused",
        "avatarURL": "https://example.com/ada.png", "role": "owner", "lastSeen": 1795000000
      },
      "creator": "u1",
      "members": ["u1", "u2", "u3"],
      "stats": { "unread": 3, "mentions": 1 },
      "settings": { "muted": false, "theme": { "accent": "#ff8800" } },
      "pinned": true
    }
    """

func section(_ title: String) {
    print("\n== \(title)")
}

do {
    section("Decode JSON into a generated model")
    let room = try Room(jsonData: Data(serverJSON.utf8))
    print(room)
    print(
        "owner:", room.owner.name, "role:", room.owner.role, "last seen:",
        room.owner.lastSeen.map { "\($0)" } ?? "never")
    print("unread (from stats.unread):", room.unread, "members:", room.members.map(\.id))

    section("copyWith: one field, several at once, clearing an optional")
    let renamed = room.copyWith(title: "Front desk")
    let read = room.copyWith {
        $0.unread = 0
        $0.lastMessageAt = nil
        $0.isExpanded = true
    }
    print("renamed:", renamed.title, "| original still:", room.title)
    print("read: unread =", read.unread, "lastMessageAt =", read.lastMessageAt as Any, "isExpanded =", read.isExpanded)
    print("a copy that changes nothing is equal:", room.copyWith(title: "Lobby") == room)
    print("local values do not count for equality:", room.copyWith(isExpanded: true) == room)

    section("Raw access to any key, declared or not")
    print("room[\"pinned\"] =", room["pinned"] ?? "absent")
    print("room[\"stats\"] =", room["stats"] ?? "absent")
    let flagged = try room.copyWith(value: "beta", forKey: "experiment")
    print("set an undeclared key:", flagged["experiment"] ?? "absent")
    do {
        _ = try room.copyWith(value: 42, forKey: "title")
    } catch {
        print("a declared key keeps its type:", error)
    }

    section("Unknown keys and enum values survive a round trip")
    let reencoded = try read.jsonData(.prettyPrinted)
    let again = try Room(jsonData: reencoded)
    print("pinned kept:", again["pinned"] ?? "lost", "| stats.mentions kept:", again["stats"]?["mentions"] ?? "lost")
    let stranger = try User(jsonData: Data(#"{"id":"u9","name":"Zed","email":"z@example.com","role":"auditor"}"#.utf8))
    print("unknown role:", stranger.role, "-> written back as", stranger["role"] ?? "absent")

    section("Re-encoded JSON")
    print(String(decoding: reencoded, as: UTF8.self))

    section("Errors name the place")
    do {
        _ = try Room(jsonData: Data(#"{"id": "r2", "created_at": "yesterday", "owner": {}, "creator": "u1"}"#.utf8))
    } catch {
        print(error)
    }
    do {
        _ = try Room(jsonData: Data("{\"id\": \"r3\",\n \"title\": \"x\" \"oops\"}".utf8))
    } catch {
        print(error)
    }

    section("DataSource: a sorted, paged, observed and cached list of rooms")
    try await DataSourceDemo.run(owner: room.owner)

    section("Store: users, rooms and messages in one SQLite file, indexed and queried")
    try await StoreDemo.run(owner: room.owner)
} catch {
    print("unexpected error:", error)
    exit(1)
}
