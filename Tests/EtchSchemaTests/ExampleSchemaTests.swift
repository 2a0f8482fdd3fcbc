import Testing

@testable import EtchSchema

@Suite struct ExampleSchemaTests {}

extension ExampleSchemaTests {
    /// The checked example, or a test failure listing its diagnostics.
    func checkedExample() throws -> CheckedSchema {
        let result = Schema(sources: Fixtures.sources).checked()
        #expect(result.diagnostics.map(\.description) == [])
        return try #require(result.schema)
    }

    func at(_ path: String, _ line: Int, _ column: Int) -> EtchSchema.SourceLocation {
        EtchSchema.SourceLocation(path: path, line: line, column: column)
    }

    @Test func filesKeepTheirOrderAndDeclarations() throws {
        let schema = try checkedExample()
        #expect(schema.files.map(\.path) == ["User.etch", "Room.etch"])
        #expect(schema.files[0].declarations.count == 2)
        #expect(schema.files[1].declarations.count == 1)
        #expect(schema.modelsByName.keys.sorted() == ["Room", "User"])
    }

    @Test func userModel() throws {
        let user = try #require(try checkedExample().modelsByName["User"])
        let u = "User.etch"
        #expect(user.name == "User")
        #expect(user.documentation == ["A person who can join rooms."])
        #expect(user.location == at(u, 4, 7))
        let expected: [CheckedField] = [
            CheckedField(
                name: "id", isMutable: false, type: .scalar(.string), wireKeyPath: ["id"], location: at(u, 5, 9)),
            CheckedField(
                name: "name", isMutable: true, type: .scalar(.string), wireKeyPath: ["name"], location: at(u, 6, 9)),
            CheckedField(
                name: "email", isMutable: false, type: .scalar(.string), wireKeyPath: ["email"], isUnique: true,
                location: at(u, 7, 17)),
            CheckedField(
                name: "mood", isMutable: true, type: .scalar(.string), defaultValue: .string("neutral"),
                wireKeyPath: ["mood"], isIndexed: true, location: at(u, 8, 16)),
            CheckedField(
                name: "avatarURL", isMutable: false, type: .optional(.scalar(.url)), wireKeyPath: ["avatar_url"],
                location: at(u, 9, 9)),
            CheckedField(
                name: "role", isMutable: true, type: .enumeration("Role"), defaultValue: .enumCase("member"),
                wireKeyPath: ["role"], location: at(u, 10, 9)),
            CheckedField(
                name: "unread", isMutable: true, type: .scalar(.int), defaultValue: .integer("0"),
                wireKeyPath: ["stats", "unread"], location: at(u, 11, 30)),
            CheckedField(
                name: "lastSeen", isMutable: true, type: .optional(.scalar(.date)), wireKeyPath: ["last_seen"],
                dateFormat: .secondsSince1970, location: at(u, 12, 39)),
            CheckedField(
                name: "isExpanded", isMutable: true, type: .scalar(.bool), defaultValue: .bool(false), wireKeyPath: [],
                isLocal: true, location: at(u, 13, 16)),
            CheckedField(
                name: "createdAt", isMutable: false, type: .scalar(.date), wireKeyPath: ["created_at"],
                sorted: SortedSpec(groupBy: "mood"), location: at(u, 14, 32)),
        ]
        #expect(user.fields.count == expected.count)
        for (field, expectation) in zip(user.fields, expected) {
            #expect(field == expectation)
        }
        #expect(user.idField?.name == "id")
        #expect(user.fields.first { $0.name == "unread" }?.wireKey == "stats.unread")
    }

    @Test func roleEnum() throws {
        let schema = try checkedExample()
        guard case .enumeration(let role) = schema.files[0].declarations[1] else {
            Issue.record("expected the enum Role second in User.etch")
            return
        }
        #expect(role.name == "Role")
        #expect(role.documentation == ["What a user may do."])
        #expect(role.location == at("User.etch", 17, 6))
        #expect(role.cases.map(\.name) == ["owner", "member", "guest"])
        #expect(role.cases.map(\.rawValue) == ["owner", "member", "visitor"])
        #expect(role.cases.map(\.documentation) == [[], [], ["Someone passing by."]])
    }

    @Test func roomModelRefersAcrossFiles() throws {
        let room = try #require(try checkedExample().modelsByName["Room"])
        let r = "Room.etch"
        #expect(room.documentation == [])
        #expect(room.location == at(r, 3, 7))
        #expect(
            room.fields == [
                CheckedField(
                    name: "id", isMutable: false, type: .scalar(.string), wireKeyPath: ["id"], location: at(r, 3, 18)),
                CheckedField(
                    name: "creator", isMutable: false, type: .ref("User"), wireKeyPath: ["creator"],
                    location: at(r, 3, 34)),
                CheckedField(
                    name: "members", isMutable: true, type: .array(.ref("User")), defaultValue: .emptyArray,
                    wireKeyPath: ["members"], location: at(r, 3, 58)),
                CheckedField(
                    name: "settings", isMutable: true, type: .dictionary(.scalar(.json)),
                    defaultValue: .emptyDictionary,
                    wireKeyPath: ["settings"], location: at(r, 3, 89)),
            ])
    }
}
