import Testing

@testable import EtchSchema

/// `@renamed(from: …)` on fields and models: what the checked schema records, and the
/// exact diagnostics of every misuse.
@Suite struct RenamedTests {}

extension RenamedTests {
    @Test func aFieldRecordsItsOldWireKeysAsTheDataHoldsThem() throws {
        let text = """
            @keyStyle(snake_case)
            model User {
                let id: String
                @renamed(from: "user_name", "login") var displayName: String
                @renamed(from: "stats.unread") @renamed(from: "unread") var unreadCount: Int = 0
                var mood: String = ""
            }
            """
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        #expect(result.diagnostics.map(\.description) == [])
        let fields = try #require(result.schema?.modelsByName["User"]).fields
        #expect(
            fields.map(\.renamedFrom) == [[], [["user_name"], ["login"]], [["stats", "unread"], ["unread"]], []])
    }

    @Test func aModelRecordsItsOldNames() throws {
        let text = "@renamed(from: \"Person\", \"Member\")\nmodel User {\n    let id: String\n}\nmodel Room {}\n"
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        #expect(result.diagnostics.map(\.description) == [])
        let models = try #require(result.schema?.modelsByName)
        #expect(models["User"]?.renamedFrom == ["Person", "Member"])
        #expect(models["Room"]?.renamedFrom == [])
    }

    static let cases: [DiagnosticTests.DiagnosticCase] = [
        .init(
            "noArguments",
            "model M {\n    @renamed var a: Int\n}",
            [
                "A.etch:2:5: error: '@renamed' takes 'from:' and the old wire keys in quotes, as in "
                    + "'@renamed(from: \"user_name\")' or '@renamed(from: \"a\", \"b\")'"
            ]),
        .init(
            "emptyParentheses",
            "@renamed()\nmodel M {}",
            [
                "A.etch:1:1: error: '@renamed' takes 'from:' and the old model names in quotes, as in "
                    + "'@renamed(from: \"Person\")' or '@renamed(from: \"a\", \"b\")'"
            ]),
        .init(
            "missingLabel",
            "model M {\n    @renamed(\"b\") var a: Int\n}",
            [
                "A.etch:2:14: error: '@renamed' takes 'from:' and the old wire keys in quotes, as in "
                    + "'@renamed(from: \"user_name\")' or '@renamed(from: \"a\", \"b\")'"
            ]),
        .init(
            "notAString",
            "model M {\n    @renamed(from: b) var a: Int\n}",
            [
                "A.etch:2:20: error: '@renamed' takes 'from:' and the old wire keys in quotes, as in "
                    + "'@renamed(from: \"user_name\")' or '@renamed(from: \"a\", \"b\")'"
            ]),
        .init(
            "emptyName",
            "model M {\n    @renamed(from: \"\") var a: Int\n}\n@renamed(from: \"\")\nmodel N {}",
            [
                "A.etch:2:20: error: old wire key in '@renamed' must not be empty",
                "A.etch:4:16: error: old model name in '@renamed' must not be empty",
            ]),
        .init(
            "emptyKeyComponent",
            "model M {\n    @renamed(from: \"stats..unread\") var a: Int\n}",
            ["A.etch:2:20: error: old wire key 'stats..unread' in '@renamed' has an empty component"]),
        .init(
            "ownKey",
            "@keyStyle(snake_case)\nmodel M {\n    @renamed(from: \"last_seen\") var lastSeen: Int\n}",
            ["A.etch:3:20: error: '@renamed' names 'last_seen', the current wire key of field 'lastSeen'"]),
        .init(
            "anotherFieldsKey",
            "model M {\n    var b: Int\n    @renamed(from: \"b\") var a: Int\n}",
            [
                "A.etch:3:20: error: old wire key 'b' of field 'a' is the wire key of field 'b': the values stored "
                    + "under 'b' are that field's\nA.etch:2:9: note: 'b' declared here"
            ]),
        .init(
            "sameOldKeyTwice",
            "model M {\n    @renamed(from: \"x\") var a: Int\n    @renamed(from: \"y\", \"x\") var b: Int\n}",
            [
                "A.etch:3:25: error: old wire key 'x' is named twice by '@renamed'; the values stored under 'x' can "
                    + "become one field's only\nA.etch:2:20: note: 'x' first named here"
            ]),
        .init(
            "modelsOwnName",
            "@renamed(from: \"M\")\nmodel M {}",
            ["A.etch:1:16: error: '@renamed' names 'M', the current name of model 'M'"]),
        .init(
            "anotherModelsName",
            "model N {}\n@renamed(from: \"N\")\nmodel M {}",
            [
                "A.etch:2:16: error: old name 'N' of model 'M' is the name of model 'N': the objects stored as 'N' "
                    + "are that model's\nA.etch:1:7: note: 'N' declared here"
            ]),
        .init(
            "sameOldModelNameTwice",
            "@renamed(from: \"Old\")\nmodel M {}\n@renamed(from: \"Old\")\nmodel N {}",
            [
                "A.etch:3:16: error: old name 'Old' is named twice by '@renamed'; the objects stored as 'Old' can "
                    + "become one model's only\nA.etch:1:16: note: 'Old' first named here"
            ]),
        .init(
            "onAnEnumCase",
            "enum E: String {\n    @renamed(from: \"b\") case a\n}",
            ["A.etch:2:5: error: '@renamed' cannot be applied to an enum case"]),
        .init(
            "onAnEnumAUnionAndAFile",
            "@renamed(from: \"F\")\nmodel P {}\n@renamed(from: \"D\")\nenum E: String { case a }\n"
                + "@renamed(from: \"V\")\nunion U(discriminator: \"t\") { case p(P) }",
            [
                "A.etch:3:1: error: '@renamed' cannot be applied to an enum",
                "A.etch:5:1: error: '@renamed' cannot be applied to a union",
            ]),
        .init(
            "onAFile",
            "@renamed(from: \"F\")\n\nmodel P {}",
            ["A.etch:1:1: error: '@renamed' cannot be applied to a file"]),
        .init(
            "onAnInverse",
            "model A {\n    @renamed(from: \"x\") inverse bs: [B] via a\n    let id: String\n}\nmodel B {\n    let id: String\n"
                + "    let a: Ref<A>\n}",
            ["A.etch:2:5: error: '@renamed' cannot be applied to an inverse relation"]),
        .init(
            "onALocalField",
            "model M {\n    @renamed(from: \"old\") @local var a: Int = 0\n}",
            ["A.etch:2:5: error: '@renamed' cannot be combined with '@local': local fields are never serialized"]),
    ]

    @Test(arguments: cases)
    func diagnostics(_ example: DiagnosticTests.DiagnosticCase) {
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: example.text)]).checked()
        #expect(result.diagnostics.map(\.description) == example.expected)
        #expect((result.schema == nil) == result.diagnostics.containsErrors)
    }
}
