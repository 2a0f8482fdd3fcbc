import EtchSchema
import Foundation
import Testing

@testable import EtchGenerator

/// Generates Swift from the fixture schemas and compares it byte for byte with the
/// committed golden files in `Tests/EtchGoldenTests/Golden`, which that target compiles
/// and exercises. Set `ETCH_RECORD_GOLDEN=1` to rewrite the golden files instead.
@Suite struct GoldenFileTests {}

extension GoldenFileTests {
    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One schema set generated together, as one target's schemas are.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var schemaPaths: [String]
        /// Whether the case's golden files include the registry, `EtchModels.swift`; one
        /// case does, as the golden files compile together in one target.
        var generatesRegistry = false
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "example schemas", schemaPaths: ["Schemas/Chat.etch", "Schemas/Message.etch"], generatesRegistry: true
        ),
        Case(name: "every type and attribute", schemaPaths: ["Tests/Fixtures/Kitchen.etch"]),
        Case(name: "real API names and unions", schemaPaths: ["Tests/Fixtures/RealWorld.etch"]),
    ]

    @Test(arguments: cases)
    func generatedCodeMatchesGoldenFiles(_ testCase: Case) throws {
        let sources = try testCase.schemaPaths.map { path in
            SchemaSource(path: path, text: try String(contentsOf: Self.root.appending(path: path), encoding: .utf8))
        }
        let options = GeneratorOptions(accessLevel: .public, generatesRegistry: testCase.generatesRegistry)
        let result = GeneratorPipeline(options: options).run(sources)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(result.files.count == sources.count + (testCase.generatesRegistry ? 1 : 0))
        let record = ProcessInfo.processInfo.environment["ETCH_RECORD_GOLDEN"] == "1"
        for file in result.files {
            let golden = Self.root.appending(path: "Tests/EtchGoldenTests/Golden/\(file.name)")
            let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? ""
            if record {
                // Recording fails the run, so a re-recorded golden file is never taken for a pass.
                if expected != file.contents {
                    try file.contents.write(to: golden, atomically: true, encoding: .utf8)
                    Issue.record("re-recorded \(file.name); review the diff and run again without ETCH_RECORD_GOLDEN")
                }
                continue
            }
            if expected != file.contents {
                Issue.record(
                    """
                    \(file.name) differs from its golden file (run with ETCH_RECORD_GOLDEN=1 to re-record):
                    \(unifiedDiff(expected: golden, actual: file.contents))
                    """
                )
            }
        }
    }

    /// `diff -u` between the golden file and the generated text.
    func unifiedDiff(expected: URL, actual: String) -> String {
        let actualURL = FileManager.default.temporaryDirectory.appending(path: "etch-golden-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: actualURL) }
        do {
            try actual.write(to: actualURL, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["diff", "-u", expected.path, actualURL.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self)
        } catch {
            return "(diff unavailable: \(error))"
        }
    }
}
