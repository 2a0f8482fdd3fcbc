import Foundation
import Testing

@testable import EtchCommandLine

extension EtchCommandTests {
    @Test func checkAgainstReportsEveryBreakingChangeAtItsLocationInOneRun() throws {
        let released = try directory(with: [
            "User.etch": "model User {\n    let id: String\n    var score: Double\n}\n",
            "Role.etch": "enum Role: String {\n    case owner\n    case guest\n}\n",
        ])
        let current = try directory(with: [
            "User.etch": "model User {\n    let id: String\n    var score: Int\n    @unique var email: String\n}\n",
            "Role.etch": "enum Role: String {\n    case owner\n}\n",
        ])
        let result = run(["check", current.path, "--against", released.path])
        let user = current.appending(path: "User.etch").path
        let role = current.appending(path: "Role.etch").path
        let releasedRole = released.appending(path: "Role.etch").path
        #expect(result.code == 1)
        #expect(
            result.errors == [
                "\(user):3:9: error: field 'User.score' changed type from 'Double' to 'Int', which cannot read every "
                    + "value stored as 'Double'; keep the old type or a wider one (such as 'Int' to 'Double', or 'T' "
                    + "to 'T?'), or register a migration that converts the values",
                "\(user):4:17: error: new field 'User.email' is required, and objects stored without 'email' cannot "
                    + "be read; give it a default, make it optional ('String?'), or register a migration that sets it",
                "\(releasedRole):3:10: error: case 'Role.guest' (raw value \"guest\") was removed: stored \"guest\" "
                    + "values would read as 'Role.unknown' (the data keeps them as unknown values); keep the case, or "
                    + "register a migration\n\(role):1:6: note: 'Role' declared here",
            ])
        #expect(result.output.isEmpty)
    }

    @Test func checkAgainstPassesCompatibleChangesAndPrintsWarnings() throws {
        let released = try directory(with: [
            "User.etch": "model Person {\n    let id: String\n    var score: Int\n    var email: String\n}\n"
        ])
        let current = try directory(with: [
            "User.etch": "@renamed(from: \"Person\")\nmodel User {\n    let id: String\n    var score: Double\n"
                + "    @unique var email: String\n    var nick: String?\n}\n"
        ])
        let schema = current.appending(path: "User.etch").path
        let result = run(["check", schema, "--against", released.appending(path: "User.etch").path])
        #expect(result.code == 0)
        #expect(
            result.errors == [
                "\(schema):5:17: warning: '@unique' is new on field 'User.email': stored objects may hold duplicate "
                    + "values, and the store then refuses to open the file; remove the duplicates with a migration "
                    + "first"
            ])
        #expect(result.output == ["1 schema file(s) checked against 1 released file(s), no breaking changes."])
    }

    @Test func checkAgainstReleasedSchemasWithErrorsComparesNothing() throws {
        let released = try directory(with: ["User.etch": "model User {\n    let id: Strin\n}\n"])
        let current = try directory(with: ["User.etch": "model User {\n    let id: String\n}\n"])
        let result = run(["check", current.path, "--against", released.path])
        #expect(result.code == 1)
        #expect(result.errors.first?.hasPrefix("\(released.appending(path: "User.etch").path):2:13: error: ") == true)
        #expect(
            result.errors.last == "error: the released schemas at \(released.path) have errors, so nothing was compared"
        )
    }
}
