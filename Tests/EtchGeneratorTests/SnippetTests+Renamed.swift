import EtchSchema
import Testing

@testable import EtchGenerator

extension SnippetTests {
    @Test func renamedFieldsListTheirOldWireKeysInTheFieldTable() {
        let output = generate(
            """
            @keyStyle(snake_case)
            model User {
                let id: String
                @renamed(from: "user_name", "profile.name") var displayName: String
            }
            """
        )
        expectContains(
            output,
            """
                    static let id = Etch.ModelField<Swift.String>("id", key: "id")
                    static let displayName = Etch.ModelField<Swift.String>(
                        "displayName", key: "display_name", isMutable: true, renamedFrom: ["user_name", "profile.name"]
                    )
            """)
    }

    @Test func aRenamedModelListsItsOldNamesInItsSchema() {
        let output = generate("@renamed(from: \"Person\")\nmodel User {\n    let id: String\n}")
        expectContains(
            output,
            """
                public static let _schema = Etch._ModelSchema("User", fields: [_Fields.id], renamedFrom: ["Person"])
            """)
    }

    @Test func aRenamedModelWithALongFieldTableListsItsOldNamesAfterIt() {
        let output = generate(
            """
            @renamed(from: "Person")
            model User {
                let identifier: String
                var displayName: String
                var emailAddress: String
                var phoneNumber: String
                var postalAddress: String
            }
            """
        )
        expectContains(
            output,
            """
                public static let _schema = Etch._ModelSchema(
                    "User",
                    fields: [
                        _Fields.identifier,
                        _Fields.displayName,
                        _Fields.emailAddress,
                        _Fields.phoneNumber,
                        _Fields.postalAddress,
                    ], renamedFrom: ["Person"])
            """)
    }

    @Test func withoutRenamesTheCallsStayAsTheyWere() {
        let output = generate("model User {\n    let id: String\n}")
        #expect(!output.contains("renamedFrom"))
    }
}
