import Foundation
import Testing

@testable import EtchCommandLine

@Suite struct EtchCommandTests {}

extension EtchCommandTests {
    /// Runs the command, collecting what it prints.
    struct Run {
        var code: Int32
        var output: [String]
        var errors: [String]
    }

    func run(_ arguments: [String]) -> Run {
        var output: [String] = []
        var errors: [String] = []
        let code = EtchCommand.run(arguments, output: { output.append($0) }, errors: { errors.append($0) })
        return Run(code: code, output: output, errors: errors)
    }

    /// A fresh temporary directory holding the given files.
    func directory(with files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "etch-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: directory.appending(path: name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func generateWritesOneFilePerSchemaAndLeavesUnchangedFilesAlone() throws {
        let input = try directory(with: [
            "A.etch": "model A {\n    let id: String\n    var b: B?\n}\n",
            "B.etch": "model B {\n    var name: String = \"\"\n}\n",
            "notes.txt": "not a schema",
        ])
        let output = input.appending(path: "Generated")
        let first = run(["generate", input.path, "--output", output.path, "--access-level", "internal"])
        #expect(first.code == 0, "\(first.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(names == ["A.swift", "B.swift", "EtchModels.swift"])
        let a = try String(contentsOf: output.appending(path: "A.swift"), encoding: .utf8)
        #expect(a.contains("struct A: Etch.CopyableModel, Etch.IdentifiedModel {") && !a.contains("public "))

        let attributes = try FileManager.default.attributesOfItem(atPath: output.appending(path: "A.swift").path)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(run(["generate", input.path, "-o", output.path, "--access-level", "internal"]).code == 0)
        let after = try FileManager.default.attributesOfItem(atPath: output.appending(path: "A.swift").path)
        #expect(attributes[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test func checkReportsEveryErrorWithItsLocation() throws {
        let input = try directory(with: ["Bad.etch": "model Bad {\n    let id: Strin\n    var x: Int = \"no\"\n}\n"])
        let path = input.appending(path: "Bad.etch").path
        let result = run(["check", path])
        #expect(result.code == 1)
        #expect(result.errors.count >= 2)
        #expect(result.errors.first?.hasPrefix("\(path):2:13: error: ") == true, "\(result.errors)")
        #expect(result.errors.contains { $0.hasPrefix("\(path):3:") })
    }

    @Test(arguments: [
        ["generate", "x.etch"],
        ["frobnicate", "x.etch"],
        ["check"],
        ["generate", "--access-level", "open", "x.etch", "-o", "out"],
        ["check", "--verbose", "x.etch"],
        ["generate", "x.etch", "-o", "out", "--against", "old"],
        ["check", "x.etch", "--against"],
    ])
    func wrongCommandLinesExitWithUsageError(_ arguments: [String]) {
        let result = run(arguments)
        #expect(result.code == 64)
        #expect(result.errors.first?.hasPrefix("error: ") == true)
    }

    @Test func helpPrintsUsage() {
        let result = run(["--help"])
        #expect(result.code == 0)
        #expect(result.output.first?.contains("USAGE: etch generate") == true)
    }

    @Test func missingInputIsAClearError() {
        let result = run(["check", "/nonexistent/Schema.etch"])
        #expect(result.code == 1)
        #expect(result.errors == ["error: no such file or directory: /nonexistent/Schema.etch"])
    }
}
