import Testing

@testable import EtchSchema

/// Schemas that use the types of the schemas of other modules (a `Core` target's `User`
/// used by an `App` target).
@Suite struct ImportedSchemaTests {}

extension ImportedSchemaTests {
    static let core = ImportedSchema(
        module: "Core",
        sources: [
            SchemaSource(
                path: "Core/User.etch",
                text:
                    "model User {\n    let id: String\n    var name: String\n}\nenum Role: String {\n    case admin\n    case guest\n}\n"
            ),
            SchemaSource(path: "Core/Tag.etch", text: "model Tag { let label: String }\n"),
        ])

    func check(_ text: String, imports: [ImportedSchema] = [core]) -> SchemaCheckResult {
        Schema(sources: [SchemaSource(path: "App/Room.etch", text: text)], imports: imports).checked()
    }

    @Test func importedModelsAndEnumsResolveAndAreNotGenerated() throws {
        let result = check(
            "model Room {\n    let id: String\n    let owner: User\n    var members: [Ref<User>] = []\n"
                + "    var role: Role = .guest\n}\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let schema = try #require(result.schema)
        #expect(schema.files.map(\.path) == ["App/Room.etch"])
        #expect(schema.files.first?.importedModules == ["Core"])
        #expect(schema.imports.map(\.module) == ["Core"])
        #expect(schema.imports.first?.files.map(\.path) == ["Core/User.etch", "Core/Tag.etch"])
        #expect(schema.modelsByName.keys.sorted() == ["Room"])
    }

    @Test func aFileThatUsesNoImportedTypeImportsNothing() throws {
        let result = check("model Local { let name: String }\n")
        #expect(try #require(result.schema).files.first?.importedModules == [])
    }

    @Test func withoutTheImportTheTypeIsUnknown() {
        let result = check("model Room { let owner: User }\n", imports: [])
        #expect(result.diagnostics.map(\.description) == ["App/Room.etch:1:25: error: unknown type 'User'"])
    }

    @Test func aRefToAnImportedModelWithoutIdIsAnError() {
        let result = check("model Room { let tag: Ref<Tag> }\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "App/Room.etch:1:27: error: 'Ref<Tag>' requires model 'Tag' to have an 'id' field\n"
                    + "Core/Tag.etch:1:7: note: 'Tag' declared here"
            ])
    }

    @Test func redeclaringAnImportedTypeIsAnError() {
        let result = check("model User { let id: String }\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "App/Room.etch:1:7: error: 'User' is already declared in module 'Core', whose schema this target imports\n"
                    + "Core/User.etch:1:7: note: 'User' declared here"
            ])
    }

    @Test func errorsInsideAnImportedSchemaAreLeftToItsModule() {
        let broken = ImportedSchema(
            module: "Core", sources: [SchemaSource(path: "Core/Bad.etch", text: "model User { let id: Strin }\n")])
        let result = check("model Room { let owner: User? }\n", imports: [broken])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}
