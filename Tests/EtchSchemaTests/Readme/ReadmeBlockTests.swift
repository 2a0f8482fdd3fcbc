import EtchTestSupport
import Foundation
import Testing

/// Every code block of the README, and what checks it: a test that runs its lines (a
/// ``ReadmeSnippet`` region), a test that reads the block itself, `.ci/run` or a script it
/// runs, or, for the few that no test can run, the reason why. A block added without a
/// marker, or with a marker this list lacks, fails here.
@Suite struct ReadmeBlockTests {}

/// How one README block is checked.
enum ReadmeBlockCheck: Sendable {
    /// A test file (path from the package's root) holds the block's lines, line for line,
    /// between `// snippet: name` and `// end snippet`, and runs them.
    case region(String)
    /// A test in this file reads the block by its name and checks what it says.
    case readBy(String)
    /// The commands at these positions in the block (all when `nil`) are lines of the
    /// script, which `.ci/run` runs; the others are variants the script does not run.
    case commands(in: String, at: [Int]?)
    /// No test runs it, for this reason.
    case unchecked(String)
}

extension ReadmeBlockTests {
    static let ciRun = ".ci/run"
    static let schemaBlockTests = "Tests/EtchSchemaTests/Readme/ReadmeSchemaBlockTests.swift"

    /// Every README block by its marker's name, in the README's order.
    static let blocks: KeyValuePairs<String, ReadmeBlockCheck> = [
        "quick-start": .commands(in: ciRun, at: nil),
        "package-manifest": .readBy("Tests/EtchSchemaTests/Readme/ReadmeBlockTests.swift"),
        "etch-json": .readBy("Tests/EtchSchemaTests/Readme/ReadmeBlockTests.swift"),
        "etch-generate": .readBy("Tests/EtchSchemaTests/Readme/ReadmeBlockTests.swift"),
        "schema-language": .readBy(schemaBlockTests),
        "schema-errors": .readBy(schemaBlockTests),
        "generated-api": .region("Tests/EtchTests/Readme/ReadmeGeneratedAPITests.swift"),
        "union-schema": .readBy(schemaBlockTests),
        "union-switch": .region("Tests/EtchGoldenTests/ReadmeUnionTests.swift"),
        "union-feed": .region("Tests/EtchGoldenTests/ReadmeUnionTests.swift"),
        "data-source": .region("Tests/EtchTests/Readme/ReadmeDataSourceTests.swift"),
        "store-schema": .readBy(schemaBlockTests),
        "store": .region("Tests/EtchStoreTests/Readme/ReadmeStoreTests.swift"),
        "live-queries": .region("Tests/EtchStoreTests/Readme/ReadmeStoreTests+LiveQueries.swift"),
        "store-data-source": .region("Tests/EtchStoreTests/Readme/ReadmeStoreTests.swift"),
        "shared-file": .region("Tests/EtchStoreTests/Readme/ReadmeStoreTests+Sharing.swift"),
        "history": .region("Tests/EtchStoreTests/Readme/ReadmeStoreTests+Sharing.swift"),
        "incompatible-schema-error": .readBy("Tests/EtchStoreTests/Readme/ReadmeStoreTests+SchemaChanges.swift"),
        "migration": .region("Tests/EtchStoreTests/Readme/ReadmeStoreTests+SchemaChanges.swift"),
        "snapshot": .region("Tests/EtchStoreTests/Readme/ReadmeStoreTests+Snapshot.swift"),
        "etch-command": .region("Tests/EtchCommandLineTests/EtchCommandTests+Readme.swift"),
        "check-against": .unchecked(
            "its git line needs a released tag; its etch line is one of the etch-command block's, which runs"),
        "benchmarks": .commands(in: ciRun, at: [2]),
        "fuzz": .commands(in: ciRun, at: [0]),
        "thread-sanitizer": .commands(in: ciRun, at: nil),
    ]

    /// The blocks' names, in order.
    static let names = blocks.map { $0.key }

    @Test func everyBlockIsMarkedAndListed() throws {
        let found = try ReadmeSnippet.readmeBlocks()
        #expect(found.filter { $0.name == nil }.map(\.line) == [], "README blocks at these lines have no marker")
        #expect(found.compactMap(\.name) == Self.names, "the README's blocks, in order")
    }

    @Test(arguments: names)
    func theBlockIsChecked(_ name: String) throws {
        let check = try #require(Self.blocks.first { $0.key == name }?.value)
        switch check {
        case .region(let file):
            let path = try ReadmeSnippet.packageRoot().appending(path: file).path
            let snippet = try ReadmeSnippet(name, testFile: path)
            #expect(snippet.missingLines == [], "README lines \(file) does not run")
        case .readBy(let file):
            let text = try ReadmeSnippet.packageFile(file)
            #expect(text.contains("\"\(name)\""), "\(file) does not read the block")
        case .commands(let script, let positions):
            let scriptLines = try ReadmeSnippet.packageFile(script).components(separatedBy: "\n").map(Self.command)
            let commands = try ReadmeSnippet.readmeBlock(name).map(Self.command).filter { !$0.isEmpty }
            for position in positions ?? Array(commands.indices) {
                let command = try #require(commands.indices.contains(position) ? commands[position] : nil)
                #expect(scriptLines.contains { $0.hasSuffix(command) }, "\(script) does not run `\(command)`")
            }
        case .unchecked(let reason):
            #expect(!reason.isEmpty)
        }
    }

    /// A shell line without its comment, its runs of spaces and `.ci/run`'s flags.
    static func command(_ line: String) -> String {
        let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return code.replacingOccurrences(of: #""${flags[@]}""#, with: "").split(separator: " ").joined(separator: " ")
    }
}

// MARK: - The blocks about a user's package

extension ReadmeBlockTests {
    /// The manifest names Etch's own products and platforms, and spells a path dependency
    /// as the consumer package (which `.ci/run` builds from a checkout of any folder name) does.
    @Test func theManifestBlockNamesEtchsProducts() throws {
        let block = try ReadmeSnippet.readmeBlock("package-manifest")
        let manifest = try ReadmeSnippet.packageFile("Package.swift")
        let manifestLines = manifest.components(separatedBy: "\n")
        #expect(block.first == manifestLines.first, "the tools version")
        let platforms = try #require(block.first { $0.contains("platforms: [") })
        #expect(manifestLines.contains(platforms), "Etch's platforms, as Package.swift lists them")
        for (product, declaration) in [("Etch", ".library"), ("EtchStore", ".library"), ("EtchPlugin", ".plugin")] {
            let use = product == "EtchPlugin" ? ".plugin(name: \"\(product)\"" : ".product(name: \"\(product)\""
            #expect(block.contains { $0.contains(use + ", package: \"Etch\")") }, "the block uses \(product)")
            #expect(manifest.contains("\(declaration)(name: \"\(product)\""), "Package.swift declares \(product)")
        }
        let consumer = try ReadmeSnippet.packageFile("IntegrationTests/Consumer/Package.swift")
        #expect(consumer.contains(#".package(name: "Etch", path: "#))
        #expect(try ReadmeSnippet.readme().contains(#"write `.package(name: "Etch", path: "../etch-checkout")`"#))
    }

    /// The `etch.json` shown is the example's.
    @Test func theConfigurationBlockIsTheExamples() throws {
        let block = try ReadmeSnippet.readmeBlock("etch-json").joined(separator: "\n")
        let example = try ReadmeSnippet.packageFile("Sources/EtchExample/etch.json")
        let shown = try JSONSerialization.jsonObject(with: Data(block.utf8)) as? NSDictionary
        let used = try JSONSerialization.jsonObject(with: Data(example.utf8)) as? NSDictionary
        #expect(shown != nil && shown == used)
    }

    /// Each `etch-generate` form's options are run by the consumer package's check, which
    /// `.ci/run` runs.
    @Test func theGenerateCommandsAreRunByTheConsumerCheck() throws {
        let script = try ReadmeSnippet.packageFile("IntegrationTests/check-generate-command.sh")
        let runs = script.components(separatedBy: "\n").filter { $0.contains("etch-generate ") }.map(Self.options)
        let commands = try ReadmeSnippet.readmeBlock("etch-generate").map(Self.command).filter { !$0.isEmpty }
        #expect(commands.count == 3)
        for command in commands {
            #expect(command.hasPrefix("swift package --allow-writing-to-package-directory etch-generate"))
            #expect(runs.contains { Self.options(command).isSubset(of: $0) }, "no run of `\(command)`")
        }
    }

    /// The `--` options of a command line after `etch-generate`.
    static func options(_ line: String) -> Set<String> {
        let words = line.split(separator: " ").drop { $0 != "etch-generate" }
        return Set(words.filter { $0.hasPrefix("--") }.map(String.init))
    }
}
