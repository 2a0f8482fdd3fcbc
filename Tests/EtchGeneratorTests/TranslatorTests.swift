import EtchSchema
import Testing

@testable import EtchGenerator

@Suite struct TranslatorTests {}

extension TranslatorTests {
    static let location = SourceLocation(path: "Task.etch", line: 1, column: 1)

    static let taskSchema = CheckedSchema(files: [
        CheckedFile(
            path: "Fixtures/Task.etch",
            declarations: [
                .model(
                    CheckedModel(
                        name: "TaskItem", documentation: ["A to-do item."],
                        fields: [
                            CheckedField(name: "id", isMutable: false, type: .scalar(.string), wireKeyPath: ["id"], location: location),
                            CheckedField(name: "title", isMutable: true, type: .scalar(.string), wireKeyPath: ["title"], location: location),
                            CheckedField(
                                name: "dueAt", documentation: ["When it is due."], isMutable: true,
                                type: .optional(.scalar(.date)), wireKeyPath: ["due_at"], dateFormat: .secondsSince1970,
                                location: location),
                            CheckedField(
                                name: "views", isMutable: true, type: .scalar(.int), defaultValue: .integer("0"),
                                wireKeyPath: ["stats", "views"], location: location),
                            CheckedField(
                                name: "isExpanded", isMutable: true, type: .scalar(.bool), defaultValue: .bool(false),
                                wireKeyPath: [], isLocal: true, location: location),
                        ],
                        location: location)),
                .enumeration(
                    CheckedEnum(
                        name: "Role", documentation: [],
                        cases: [CheckedEnumCase(name: "owner", rawValue: "owner"), CheckedEnumCase(name: "guest", rawValue: "visitor")],
                        location: location)),
            ])
    ])

    @Test func printsTaskItem() {
        let files = GeneratorPipeline().generate(Self.taskSchema)
        #expect(files.map(\.name) == ["Task.swift"])
        print(files[0].contents)
    }
}
