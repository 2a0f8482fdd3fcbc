import EtchGenerator
import Foundation
import Testing

@testable import EtchCommandLine

extension EtchCommandTests {
    @Test func importedSchemasAreUsedButNotGenerated() throws {
        let core = try directory(with: ["User.etch": "model User {\n    let id: String\n}\n"])
        let app = try directory(with: [
            "Room.etch": "model Room {\n    let owner: User\n    var guests: [Ref<User>] = []\n}\n"
        ])
        let output = app.appending(path: "Generated")
        let result = run(["generate", app.path, "--import", "Core=\(core.path)", "-o", output.path])
        #expect(result.code == 0, "\(result.errors)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == [
                "EtchModels.swift", "Room.swift",
            ])
        let room = try String(contentsOf: output.appending(path: "Room.swift"), encoding: .utf8)
        #expect(room.contains("import Core\nimport Etch\nimport Foundation\n"), "\(room)")

        let without = run(["check", app.path])
        #expect(without.code == 1)
        #expect(without.errors.first?.contains("unknown type 'User'") == true, "\(without.errors)")
    }

    @Test func anImportCanBeAConfigurationFile() throws {
        let schemas = try directory(with: ["Tag.etch": "enum Tag: String {\n    case red\n}\n"])
        let core = try directory(with: ["etch.json": #"{"schemas": ["\#(schemas.path)"]}"#])
        let app = try directory(with: ["Note.etch": "model Note {\n    var tag: Tag = .red\n}\n"])
        let result = run(["check", app.path, "--import", "Core=\(core.appending(path: "etch.json").path)"])
        #expect(result.code == 0, "\(result.errors)")
    }

    @Test(arguments: ["Core", "=path", "Core="])
    func malformedImportsAreUsageErrors(_ value: String) {
        let result = run(["check", "x.etch", "--import", value])
        #expect(result.code == 64)
        #expect(result.errors.first?.hasPrefix("error: --import needs <Module>=") == true, "\(result.errors)")
    }

    @Test func versionPrintsTheOneVersionConstant() {
        let result = run(["--version"])
        #expect(result.code == 0)
        #expect(result.output == [EtchVersion.current])
        #expect(EtchVersion.current.split(separator: ".").count == 3)
    }

    @Test func aFileThatIsNotASchemaIsRefusedByName() throws {
        let input = try directory(with: ["notes.txt": "model A {}"])
        let path = input.appending(path: "notes.txt").path
        let result = run(["check", path])
        #expect(result.code == 1)
        #expect(result.errors == ["error: \(path) is not a schema file: schema files end in '.etch'"])
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() throws {
        let input = try directory(with: [:])
        let url = input.appending(path: "Bad.etch")
        try Data("model A {\n    let né: String\n    let x: \u{FF}".utf8).write(to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 2] = 0xFF  // the last scalar's first byte: line 3, column 12
        try Data(bytes).write(to: url)
        let result = run(["check", url.path])
        #expect(result.code == 1)
        #expect(
            result.errors == [
                "\(url.path):3:12: error: the schema is not valid UTF-8 text (byte 0xFF here); save it as UTF-8"
            ])
    }
}
