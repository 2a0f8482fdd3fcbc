import Etch
import Foundation
import Testing

/// Exercises the golden files in `Golden/` — the generator's committed output for
/// `Schemas/` and `Tests/Fixtures/Kitchen.etch` — so they are known to compile and behave.
@Suite struct GeneratedModelTests {}

extension GeneratedModelTests {
    static let ada = User(id: "u1", name: "Ada", email: "ada@example.com")

    @Test func memberwiseInitializerAppliesSchemaDefaultsAndWireKeys() {
        let room = Room(
            id: "r1", createdAt: Date(timeIntervalSince1970: 0), owner: Self.ada, creator: Ref(Self.ada), unread: 2)
        #expect(room.title == "")
        #expect(
            room.dictionary.keys == ["id", "title", "created_at", "owner", "creator", "members", "stats", "settings"])
        #expect(room["created_at"] == "1970-01-01T00:00:00Z")
        #expect(room["creator"] == "u1")
        #expect(room["stats"] == ["unread": 2])
        #expect(Self.ada.mood == "neutral" && Self.ada.role == .member)
    }

    @Test func copyWithChangesVarFieldsAndClearsOptionals() {
        let seen = Self.ada.copyWith(lastSeen: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(seen["lastSeen"] == 1_700_000_000)
        let cleared = seen.copyWith { $0.lastSeen = nil }
        #expect(cleared.lastSeen == nil && cleared["lastSeen"] == nil)
        #expect(cleared == Self.ada)
    }

    @Test func localValuesCarryThroughCopiesButNotEquality() {
        let room = Room(id: "r1", createdAt: .now, owner: Self.ada, creator: Ref(Self.ada), isExpanded: true)
        let renamed = room.copyWith(title: "Lobby")
        #expect(renamed.isExpanded)
        #expect(room.copyWith(isExpanded: false) == room)
        #expect(room.copyWith(isExpanded: false).replacingLocalValues(room.localValues).isExpanded)
    }

    @Test func validatingInitializerReportsNestedKeyPaths() {
        let dictionary: ModelDictionary = [
            "id": "r1", "created_at": "2026-01-01T00:00:00Z", "creator": "u1",
            "owner": ["id": "u1", "name": "Ada", "email": 5],
        ]
        #expect(
            throws: ModelError(
                .typeMismatch(expected: "String", found: "number"), at: [.key("owner"), .key("email")],
                modelName: "Room")
        ) {
            try Room(dictionary: dictionary)
        }
    }

    @Test func enumsKeepUnknownRawValues() throws {
        #expect(Role(rawValue: "visitor") == .guest)
        #expect(Role.guest.rawValue == "visitor")
        let user = try User(dictionary: ["id": "u2", "name": "Bo", "email": "bo@example.com", "role": "auditor"])
        #expect(user.role == .unknown("auditor"))
        #expect(user["role"] == "auditor")
        #expect(Role.allCases == [.owner, .member, .guest])
    }

    @Test func everyScalarTypeConverts() throws {
        let uuid = UUID()
        let scalars = Scalars(
            id: 9_007_199_254_740_993, text: "t", count: -3, big: Int64.min, unsigned: UInt.max, scale: 0.1,
            createdAt: Date(timeIntervalSince1970: 1.5), elapsed: 2.5, blob: Data([0, 1, 2]),
            link: URL(string: "https://example.com/a?b=c"), uuid: uuid, price: Decimal(string: "12.345678901234567890"),
            extra: ["any": [1, "two", nil]]
        )
        let decoded = try Scalars(dictionary: scalars.dictionary)
        #expect(decoded == scalars)
        #expect(decoded.id == 9_007_199_254_740_993)
        #expect(decoded.unsigned == UInt.max && scalars["unsigned"] == .uint(UInt64(UInt.max)))
        #expect(decoded.scale == 0.1 && decoded.ratio == 0.5 && decoded.flag)
        #expect(scalars["created_at"] == "1970-01-01T00:00:01.500Z")
        #expect(decoded.blob == Data([0, 1, 2]) && scalars["blob"] == "AAEC")
        #expect(decoded.uuid == uuid && decoded.price == Decimal(string: "12.345678901234567890"))
        #expect(decoded.extra?["any"]?[1] == "two")
    }

    @Test func collectionsReferencesAndRecursion() throws {
        let leaf = Collections(id: "leaf", matrix: [[1, 2], [3]], scores: ["a": 1.5], maybeNames: ["x", nil])
        let root = Collections(
            id: "root", children: [leaf], parent: nil, others: [Ref(id: 1), Ref(id: 2)], level: .high, levels: [.medium]
        )
        let decoded = try Collections(dictionary: root.dictionary)
        #expect(decoded.children.first?.matrix == [[1, 2], [3]])
        #expect(decoded.children.first?.maybeNames == ["x", nil])
        #expect(decoded.others.map(\.id) == [1, 2])
        #expect(decoded["level"] == "HIGH" && decoded["levels"] == ["mid"])
        #expect(throws: ModelError.self) {
            try Collections(dictionary: ["id": "x", "children": [["id": 5]]])
        }
    }

    @Test func attributesWireKeysAndDateFormats() throws {
        let day = try #require(ISO8601DateFormatter().date(from: "2026-03-04T00:00:00Z"))
        let attributes = Attributes(
            id: "a1", views: 10, seconds: Date(timeIntervalSince1970: 100),
            milliseconds: [Date(timeIntervalSince1970: 1.25)],
            day: day, slug: "first"
        )
        #expect(attributes["ID"] == "a1")
        #expect(attributes["meta"] == ["stats": ["views": 10, "likes": 0]])
        #expect(attributes["seconds"] == 100)
        #expect(attributes["milliseconds"] == [1250])
        #expect(attributes["day"] == "2026-03-04")
        #expect(attributes.escaped == "quote \" backslash \\ newline \n tab \t")
        #expect(attributes.negative == -42 && attributes.exponent == 1500)
        let liked = attributes.copyWith {
            $0.likes = 3
            $0.isSelected = true
            $0.draft = "note"
        }
        #expect(liked["meta"]?["stats"]?["likes"] == 3 && liked.isSelected && liked.draft == "note")
        #expect(try Attributes(dictionary: liked.dictionary) == liked)
    }

    @Test func descriptionListsDeclaredFields() {
        #expect(Point(x: 1, y: 2.5).debugDescription == "Point(x: 1.0, y: 2.5)")
        #expect(
            Self.ada.debugDescription.hasPrefix(
                #"User(id: "u1", name: "Ada", email: "ada@example.com", mood: "neutral""#))
    }
}
