import Foundation
import Testing

@testable import EtchCommandLine

extension EtchCommandTests {
    @Test func configurationIsReadOnEveryRun() throws {
        let schemas = try directory(with: ["A.etch": "model A {\n    let id: String\n}\n"])
        let target = try directory(with: ["etch.json": #"{"schemas": ["\#(schemas.path)"], "accessLevel": "internal"}"#]
        )
        let config = target.appending(path: "etch.json")
        let output = target.appending(path: "Out")
        #expect(run(["generate", "--config", config.path, "-o", output.path]).code == 0)
        #expect(try !String(contentsOf: output.appending(path: "A.swift"), encoding: .utf8).contains("public "))

        try #"{"schemas": ["\#(schemas.path)"], "accessLevel": "package"}"#.write(
            to: config, atomically: true, encoding: .utf8)
        #expect(run(["generate", "--config", config.path, "-o", output.path]).code == 0)
        #expect(try String(contentsOf: output.appending(path: "A.swift"), encoding: .utf8).contains("package struct A"))
    }

    @Test(arguments: [
        (
            #"{"schemas": [], "acessLevel": "internal"}"#,
            "unknown key 'acessLevel' in etch.json; the keys are 'schemas', 'accessLevel'"
        ),
        (#"{"schemas": "../Schemas"}"#, #"'schemas' must be an array of paths, as in ["../Schemas"]"#),
        (#"{"accessLevel": "open"}"#, #"'accessLevel' must be "public", "package" or "internal", found open"#),
        (#"["../Schemas"]"#, #"etch.json must hold a JSON object, as in {"schemas": ["../Schemas"]}"#),
    ])
    func badConfigurationsAreErrorsNamingTheFile(_ text: String, _ message: String) throws {
        let target = try directory(with: ["etch.json": text])
        let config = target.appending(path: "etch.json").path
        let result = run(["check", "--config", config])
        #expect(result.code == 1)
        #expect(result.errors == ["\(config): error: \(message)"])
    }

    @Test func expectedOutputsAreAlwaysWrittenAndNewSchemasGoToTheExtraFile() throws {
        let input = try directory(with: [
            "Planned.etch": "model Planned {\n    let id: String\n}\n",
            "Added.etch": "model Added {\n    let id: String\n}\n",
        ])
        let output = input.appending(path: "Out")
        let arguments = [
            "generate", input.path, "-o", output.path, "--expected-output", "Planned.swift",
            "--expected-output", "Removed.swift", "--extra-output", "EtchAddedSchemas.swift",
        ]
        #expect(run(arguments).code == 0)
        func contents(_ name: String) throws -> String {
            try String(contentsOf: output.appending(path: name), encoding: .utf8)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == [
                "EtchAddedSchemas.swift", "EtchModels.swift", "Planned.swift", "Removed.swift",
            ])
        #expect(try contents("Planned.swift").contains("struct Planned: Etch.ImmutableModel"))
        #expect(try !contents("Removed.swift").contains("struct"))
        #expect(try contents("EtchAddedSchemas.swift").contains("struct Added: Etch.ImmutableModel"))

        try FileManager.default.removeItem(at: input.appending(path: "Added.etch"))
        try "// an earlier plan's file".write(
            to: output.appending(path: "Stale.swift"), atomically: true, encoding: .utf8)
        #expect(run(arguments).code == 0)
        #expect(try !contents("EtchAddedSchemas.swift").contains("struct"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == [
                "EtchAddedSchemas.swift", "EtchModels.swift", "Planned.swift", "Removed.swift",
            ])
    }

    @Test func aSchemaCannotTakeTheExtraOutputsName() throws {
        let input = try directory(with: ["EtchAddedSchemas.etch": "model X {\n    let id: String\n}\n"])
        let result = run(["generate", input.path, "-o", "/tmp/unused", "--extra-output", "EtchAddedSchemas.swift"])
        #expect(result.code == 1)
        #expect(result.errors.first?.contains("a name Etch keeps") == true, "\(result.errors)")
    }
}

extension EtchCommandTests {
    @Test func aListedDirectoryThatDoesNotExistIsAnErrorNamingTheConfiguration() throws {
        let target = try directory(with: ["etch.json": #"{"schemas": ["Missing"]}"#])
        let config = target.appending(path: "etch.json").path
        let result = run(["check", "--config", config])
        #expect(result.code == 1)
        #expect(result.errors == ["\(config): error: 'schemas' lists '\(target.path)/Missing', which does not exist"])
    }
}

extension EtchCommandTests {
    @Test func theRerunStampChangesOnlyWhileSchemasAreNotExpected() throws {
        let input = try directory(with: ["Planned.etch": "model Planned {\n    let id: String\n}\n"])
        let stamp = input.appending(path: "rerun.stamp")
        try Data().write(to: stamp)
        let arguments = [
            "generate", input.path, "-o", input.appending(path: "Out").path, "--expected-output", "Planned.swift",
            "--extra-output", "EtchAddedSchemas.swift", "--rerun-stamp", stamp.path,
        ]
        #expect(run(arguments).code == 0)
        #expect(try Data(contentsOf: stamp).isEmpty)

        try "model Added {\n    let id: String\n}\n".write(
            to: input.appending(path: "Added.etch"), atomically: true, encoding: .utf8)
        #expect(run(arguments).code == 0)
        let first = try Data(contentsOf: stamp)
        #expect(!first.isEmpty)
        #expect(run(arguments).code == 0)
        #expect(try Data(contentsOf: stamp) != first)
    }
}
