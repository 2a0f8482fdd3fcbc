import Testing

@testable import EtchSchema

/// `CheckedSchema.breakingChanges(against:)`: one kind of change per case, with the exact
/// diagnostics (`New.etch` is the current schema, `Old.etch` the released one).
@Suite struct SchemaComparisonTests {}

extension SchemaComparisonTests {
    /// A released schema, the current one, and what comparing them must report.
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var released: String
        var current: String
        var expected: [String]
        var testDescription: String { id }

        init(_ id: String, released: String, current: String, _ expected: [String]) {
            self.id = id
            self.released = released
            self.current = current
            self.expected = expected
        }
    }

    /// The checked schema of one file, which must have no errors.
    static func checked(_ text: String, path: String) throws -> CheckedSchema {
        let result = Schema(sources: [SchemaSource(path: path, text: text)]).checked()
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics.map(\.description))")
        return try #require(result.schema)
    }

    /// A model `User` with an id and the given field lines.
    static func user(_ fields: String...) -> String {
        "model User {\n    let id: String\n" + fields.map { "    \($0)\n" }.joined() + "}\n"
    }

    /// The error for a field whose new type cannot read every value stored as the old one.
    static func narrowed(at location: String, _ field: String, from old: String, to new: String) -> String {
        "New.etch:\(location): error: field '\(field)' changed type from '\(old)' to '\(new)', which cannot read every "
            + "value stored as '\(old)'; keep the old type or a wider one (such as 'Int' to 'Double', or 'T' to 'T?'), "
            + "or register a migration that converts the values"
    }

    /// Two models and a union `Shape` of them, whose cases are `cases`.
    static func shapes(_ cases: String, discriminator: String = "type") -> String {
        "model Circle {}\nmodel Square {}\n\nunion Shape(discriminator: \"\(discriminator)\") {\n\(cases)}\n"
    }

    static let roles = "enum Role: String {\n    case owner\n    case guest = \"visitor\"\n}\n"

    static let cases: [Case] = [
        Case(
            "requiredFieldAdded", released: user(), current: user("var age: Int"),
            [
                "New.etch:3:9: error: new field 'User.age' is required, and objects stored without 'age' cannot be "
                    + "read; give it a default, make it optional ('Int?'), or register a migration that sets it"
            ]),
        Case(
            "optionalAndDefaultedFieldsAdded", released: user(),
            current: user("var age: Int?", "var mood: String = \"\"", "@local var seen: Bool = false"), []),
        Case(
            "fieldRemoved", released: user("var age: Int", "var mood: String"), current: user("var mood: String"), []),
        Case(
            "narrowedDoubleToInt", released: user("var score: Double"), current: user("var score: Int"),
            [narrowed(at: "3:9", "User.score", from: "Double", to: "Int")]),
        Case(
            "narrowedInt64ToInt", released: user("var big: Int64"), current: user("var big: Int"),
            [narrowed(at: "3:9", "User.big", from: "Int64", to: "Int")]),
        Case(
            "stringToInt", released: user("var code: String"), current: user("var code: Int"),
            [narrowed(at: "3:9", "User.code", from: "String", to: "Int")]),
        Case(
            "arrayToScalar", released: user("var tags: [String] = []"), current: user("var tags: String = \"\""),
            [narrowed(at: "3:9", "User.tags", from: "[String]", to: "String")]),
        Case(
            "modelToAnotherModel",
            released: user("let home: Place") + "model Place {\n    let name: String\n}\nmodel Venue {}\n",
            current: user("let home: Venue") + "model Place {\n    let name: String\n}\nmodel Venue {}\n",
            [narrowed(at: "3:9", "User.home", from: "Place", to: "Venue")]),
        Case(
            "widenings",
            released: roles
                + user(
                    "var a: Int", "var b: Int", "var c: String", "var d: Float", "var e: [Int] = []", "var f: Role",
                    "var g: [String: Double] = [:]", "var h: Date", "var i: UUID"),
            current: roles
                + user(
                    "var a: Double", "var b: Int64", "var c: String?", "var d: Double", "var e: [Int64] = []",
                    "var f: String", "var g: [String: JSON] = [:]", "var h: JSON", "var i: String"),
            []),
        Case(
            "optionalToRequired", released: user("var nick: String?"), current: user("var nick: String"),
            [
                "New.etch:3:9: error: field 'User.nick' is no longer optional, and objects stored without 'nick' or "
                    + "with null there cannot be read; give it a default, keep it optional, or register a migration "
                    + "that sets it"
            ]),
        Case(
            "optionalToRequiredWithADefault", released: user("var nick: String?"),
            current: user("var nick: String = \"\""), []),
        Case(
            "defaultRemoved", released: user("var mood: String = \"calm\""), current: user("var mood: String"),
            [
                "New.etch:3:9: error: field 'User.mood' lost its default, and objects stored without 'mood' cannot "
                    + "be read; keep the default, make it optional, or register a migration that sets it"
            ]),
        Case(
            "wireKeyChangedByKey", released: user("var name: String"),
            current: user("@key(\"full_name\") var name: String"),
            [
                "New.etch:3:27: error: wire key of field 'User.name' changed from 'name' to 'full_name', and the "
                    + "values stored under 'name' would no longer be read; add '@renamed(from: \"name\")' to the field, "
                    + "or register a migration"
            ]),
        Case(
            "wireKeyChangedByKeyStyle", released: user("var lastSeen: Date?"),
            current: "@keyStyle(snake_case)\n" + user("var lastSeen: Date?"),
            [
                "New.etch:4:9: error: wire key of field 'User.lastSeen' changed from 'lastSeen' to 'last_seen', and "
                    + "the values stored under 'lastSeen' would no longer be read; add '@renamed(from: \"lastSeen\")' "
                    + "to the field, or register a migration"
            ]),
        Case(
            "wireKeyChangedWithRenamed", released: user("var lastSeen: Date?", "var count: Int"),
            current: "@keyStyle(snake_case)\n"
                + user("@renamed(from: \"lastSeen\") var lastSeen: Date?", "@renamed(from: \"count\") var total: Int"),
            []),
        Case(
            "wireKeysSwappedBetweenFields", released: user("var a: Int?", "var b: Int?"),
            current: user("@key(\"b\") var a: Int?", "@key(\"a\") var b: Int?"), []),
        Case(
            "renamedFieldIsStillCompared", released: user("var count: Int"),
            current: user("@renamed(from: \"count\") var total: String"),
            [narrowed(at: "3:33", "User.total", from: "Int", to: "String")]),
        Case(
            "modelRenamedWithRenamed",
            released: "model Person {\n    let id: String\n}\nmodel Room {\n    let owner: Ref<Person>\n}\n",
            current: "@renamed(from: \"Person\")\nmodel User {\n    let id: String\n    var age: Int\n}\n"
                + "model Room {\n    let owner: Ref<User>\n}\n",
            [
                "New.etch:4:9: error: new field 'User.age' is required, and objects stored without 'age' cannot be "
                    + "read; give it a default, make it optional ('Int?'), or register a migration that sets it"
            ]),
        Case(
            "modelRemovedOrRenamedWithoutRenamed", released: "model Person {\n    let id: String\n}\n",
            current: user("var age: Int"), []),
        Case(
            "enumCaseRemoved", released: roles, current: "enum Role: String {\n    case owner\n}\n",
            [
                "Old.etch:3:10: error: case 'Role.guest' (raw value \"visitor\") was removed: stored \"visitor\" "
                    + "values would read as 'Role.unknown' (the data keeps them as unknown values); keep the case, or "
                    + "register a migration\nNew.etch:1:6: note: 'Role' declared here"
            ]),
        Case(
            "enumRawValueChanged", released: roles,
            current: "enum Role: String {\n    case owner\n    case guest\n}\n",
            [
                "New.etch:3:10: error: raw value of case 'Role.guest' changed from \"visitor\" to \"guest\": stored "
                    + "\"visitor\" values would read as 'Role.unknown' (the data keeps them as unknown values); keep "
                    + "'case guest = \"visitor\"', or register a migration"
            ]),
        Case(
            "enumCaseRenamedKeepingItsRawValue", released: roles,
            current: "enum Role: String {\n    case owner\n    case visitor\n}\n", []),
        Case(
            "enumTypeChangedToOneMissingValues",
            released: roles + user("var role: Role"),
            current: roles + "enum Rank: String {\n    case owner\n}\n" + user("var role: Rank"),
            [
                "New.etch:10:9: error: field 'User.role' changed type from 'Role' to 'Rank', which has no case for "
                    + "\"visitor\": stored values would read as 'unknown' (the data keeps them as unknown values); add "
                    + "the cases to 'Rank', or register a migration"
            ]),
        Case(
            "unionCaseRemoved", released: shapes("    case circle(Circle)\n    case square(Square) = \"sq\"\n"),
            current: shapes("    case circle(Circle)\n"),
            [
                "Old.etch:6:10: error: case 'Shape.square' (tag \"sq\") was removed: stored \"sq\" values would read "
                    + "as 'Shape.unknown' (the data keeps them whole); keep the case, or register a migration\n"
                    + "New.etch:4:7: note: 'Shape' declared here"
            ]),
        Case(
            "unionTagChanged", released: shapes("    case circle(Circle)\n    case square(Square) = \"sq\"\n"),
            current: shapes("    case circle(Circle)\n    case square(Square)\n"),
            [
                "New.etch:6:10: error: tag of case 'Shape.square' changed from \"sq\" to \"square\": stored \"sq\" "
                    + "values would read as 'Shape.unknown' (the data keeps them whole); keep "
                    + "'case square(Square) = \"sq\"', or register a migration"
            ]),
        Case(
            "unionCaseHoldsAnotherModel", released: shapes("    case circle(Circle)\n    case square(Square)\n"),
            current: shapes("    case circle(Circle)\n    case square(Circle)\n"),
            [
                "New.etch:6:10: error: case 'Shape.square' (tag \"square\") holds 'Circle' where stored values hold "
                    + "'Square'; keep 'Square', give 'Circle' a new tag, or register a migration"
            ]),
        Case(
            "unionDiscriminatorChanged", released: shapes("    case circle(Circle)\n"),
            current: shapes("    case circle(Circle)\n", discriminator: "kind"),
            [
                "New.etch:4:7: error: discriminator of union 'Shape' changed from \"type\" to \"kind\": every stored "
                    + "value would read as 'Shape.unknown' (the data keeps them whole); keep "
                    + "'(discriminator: \"type\")', or register a migration"
            ]),
        Case(
            "unionCaseAddedAndRenamedKeepingItsTag",
            released: shapes("    case circle(Circle)\n    case square(Square) = \"sq\"\n"),
            current: shapes(
                "    case round(Circle) = \"circle\"\n    case box(Square) = \"sq\"\n    case dot(Circle)\n"), []),
        Case(
            "dateFormatChanged", released: user("@dateFormat(secondsSince1970) var at: Date"),
            current: user("var at: Date"),
            [
                "New.etch:3:9: error: field 'User.at' changed its date format from 'secondsSince1970' to 'iso8601', "
                    + "and dates stored as 'secondsSince1970' cannot be read; keep "
                    + "'@dateFormat(secondsSince1970)', or register a migration that rewrites them"
            ]),
        Case(
            "uniqueAdded", released: user("var email: String"), current: user("@unique var email: String"),
            [
                "New.etch:3:17: warning: '@unique' is new on field 'User.email': stored objects may hold duplicate "
                    + "values, and the store then refuses to open the file; remove the duplicates with a migration "
                    + "first"
            ]),
        Case(
            "uniqueFieldAddedWithADefault", released: user(),
            current: user("@unique var handle: String = \"\"", "@unique var code: String?"),
            [
                "New.etch:3:17: warning: new '@unique' field 'User.handle' has a default, which every stored object "
                    + "reads: two stored objects would hold the same value, and the store then refuses to open the "
                    + "file; register a migration that sets distinct values, or give it no default"
            ]),
        Case(
            "everyChangeInOneRun", released: user("var a: Double", "var b: String?"),
            current: user("var a: Int", "var b: String", "var c: Bool"),
            [
                narrowed(at: "3:9", "User.a", from: "Double", to: "Int"),
                "New.etch:4:9: error: field 'User.b' is no longer optional, and objects stored without 'b' or with "
                    + "null there cannot be read; give it a default, keep it optional, or register a migration that "
                    + "sets it",
                "New.etch:5:9: error: new field 'User.c' is required, and objects stored without 'c' cannot be read; "
                    + "give it a default, make it optional ('Bool?'), or register a migration that sets it",
            ]),
    ]

    @Test(arguments: cases)
    func breakingChanges(_ example: Case) throws {
        let released = try Self.checked(example.released, path: "Old.etch")
        let current = try Self.checked(example.current, path: "New.etch")
        #expect(current.breakingChanges(against: released).map(\.description) == example.expected)
    }

    @Test func aSchemaHasNoBreakingChangesAgainstItself() throws {
        let schema = try Self.checked(Fixtures.userText + Fixtures.roomText, path: "A.etch")
        #expect(schema.breakingChanges(against: schema).isEmpty)
    }
}
