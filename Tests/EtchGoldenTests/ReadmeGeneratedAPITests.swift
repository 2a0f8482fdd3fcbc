import Etch
import Foundation
import Testing

/// The README's "generated API" lines about ids and undeclared keys, on its `Room`.
@Suite struct ReadmeGeneratedAPITests {
    static let user = User(id: "u1", name: "Ada", email: "ada@example.com", avatarURL: nil)

    @Test func aCopyUnderANewIDAndTheUndeclaredFields() throws {
        let room = Room(id: "r1", createdAt: Date(timeIntervalSince1970: 0), owner: Self.user, creator: Ref(Self.user))
        let flagged = try room.copyWith(value: true, forKey: "pinned")
        #expect(throws: ModelError.self) { try room.copyWith(value: "r2", forKey: "id") }
        let twin = try room.copy(id: "r2")  // the same room under a new id: another object
        #expect(twin.id == "r2" && twin.owner == room.owner && twin.createdAt == room.createdAt)
        #expect(flagged.undeclaredFields.map(\.key) == ["pinned"])  // keys the schema lacks
        #expect(flagged.undeclaredFields.map(\.value) == [.bool(true)])
    }
}
