import Foundation
import Testing

@testable import EtchCommandLine

extension EtchCommandTests {
    /// The README's `etch` commands, as it shows them (its `etch-command` block, which
    /// EtchSchemaTests' ReadmeBlockTests compares with this region line for line).
    static let readmeCommands = """
        // snippet: etch-command
        swift run etch generate Schemas --output Generated --access-level internal
        swift run etch generate --config Sources/App/etch.json Sources/App --import Core=Sources/Core --output Generated
        swift run etch check Schemas/Chat.etch Schemas/Message.etch
        swift run etch check Schemas --against /tmp/released/Schemas
        swift run etch --version
        swift run etch --help
        // end snippet
        """

    /// A package laid out as the README's commands expect: the example's schemas, an `App`
    /// whose `etch.json` and schema use `Core`'s `User`, and a released copy of the schemas.
    func readmePackage() throws -> URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let package = try directory(with: [:])
        let files = FileManager.default
        for folder in ["Schemas", "released/Schemas", "Sources/App", "Sources/Core"] {
            try files.createDirectory(at: package.appending(path: folder), withIntermediateDirectories: true)
        }
        for schema in ["Chat.etch", "Message.etch"] {
            let text = try String(contentsOf: root.appending(path: "Schemas/\(schema)"), encoding: .utf8)
            try text.write(to: package.appending(path: "Schemas/\(schema)"), atomically: true, encoding: .utf8)
            try text.write(to: package.appending(path: "released/Schemas/\(schema)"), atomically: true, encoding: .utf8)
        }
        let sources: [String: String] = [
            "Sources/Core/People.etch": "model User {\n    let id: String\n    var name: String\n}\n",
            "Sources/App/Teams.etch": "model Team {\n    let id: String\n    var members: [Ref<User>] = []\n}\n",
            "Sources/App/etch.json": #"{ "schemas": [], "accessLevel": "internal" }"#,
        ]
        for (path, text) in sources {
            try text.write(to: package.appending(path: path), atomically: true, encoding: .utf8)
        }
        return package
    }

    /// A README command's arguments, its relative paths made paths in `package`.
    func arguments(of command: String, in package: URL) -> [String] {
        let words = command.split(separator: " ").dropFirst(3).map(String.init)
        return zip([""] + words, words).map { previous, word in
            guard !word.hasPrefix("-"), !["generate", "check"].contains(word), previous != "--access-level" else {
                return word
            }
            let (module, path) =
                word.firstIndex(of: "=").map { (word[...$0], word[word.index(after: $0)...]) } ?? ("", word[...])
            let relative = path.hasPrefix("/tmp/") ? path.dropFirst("/tmp/".count) : path
            return module + package.appending(path: String(relative)).path
        }
    }

    @Test func theReadmeCommandsRun() throws {
        let package = try readmePackage()
        defer { try? FileManager.default.removeItem(at: package) }
        let commands = Self.readmeCommands.components(separatedBy: "\n").filter { $0.hasPrefix("swift run etch ") }
        #expect(commands.count == 6)
        for command in commands {
            let result = run(arguments(of: command, in: package))
            #expect(result.code == 0, "\(command): \(result.errors)")
        }
        let generated = try FileManager.default.contentsOfDirectory(atPath: package.appending(path: "Generated").path)
        #expect(Set(generated).isSuperset(of: ["Chat.swift", "Message.swift", "Teams.swift"]))
        let teams = try String(contentsOf: package.appending(path: "Generated/Teams.swift"), encoding: .utf8)
        #expect(teams.contains("import Core") && teams.contains("struct Team:") && !teams.contains("public struct"))
        #expect(!generated.contains("People.swift"), "an import is checked against, not generated")
    }
}
