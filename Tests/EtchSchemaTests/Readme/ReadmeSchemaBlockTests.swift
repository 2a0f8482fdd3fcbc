import EtchTestSupport
import Testing

@testable import EtchSchema

/// The README's schema blocks go through the checker, and each is part of the schema a test
/// target generates its models from, so that the Swift blocks beside them run on those very
/// models; the README's diagnostics are the checker's own words.
@Suite struct ReadmeSchemaBlockTests {}

extension ReadmeSchemaBlockTests {
    /// A README schema block and the schema file whose models the README's Swift blocks use.
    struct Case: Sendable, CustomTestStringConvertible {
        var block: String
        var schemaFile: String
        /// Declarations the block uses but leaves to another block or file.
        var declaredElsewhere = ""
        var testDescription: String { block }
    }

    static let cases = [
        Case(block: "schema-language", schemaFile: "Schemas/Chat.etch"),
        Case(block: "store-schema", schemaFile: "Tests/EtchStoreTests/Library.etch"),
        Case(
            block: "union-schema", schemaFile: "Tests/Fixtures/RealWorld.etch",
            declaredElsewhere:
                "model Post { let id: String; var text: String }\nmodel Ad { let id: String; let sponsor: String }"),
    ]

    @Test(arguments: cases)
    func theBlockChecksCleanly(_ example: Case) throws {
        let block = try ReadmeSnippet.readmeBlock(example.block).joined(separator: "\n")
        let sources = [
            SchemaSource(path: "README.etch", text: block),
            SchemaSource(path: "Other.etch", text: example.declaredElsewhere),
        ]
        let result = Schema(sources: sources).checked()
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.schema != nil)
    }

    @Test(arguments: cases)
    func theBlockIsPartOfTheGeneratedSchema(_ example: Case) throws {
        let block = try ReadmeSnippet.readmeBlock(example.block).map(Self.declaration).filter { !$0.isEmpty }
        let schema = try ReadmeSnippet.packageFile(example.schemaFile).components(separatedBy: "\n").map(
            Self.declaration)
        var remaining = schema[...]
        var missing: [String] = []
        for line in block {
            if let found = remaining.firstIndex(of: line) {
                remaining = remaining[(found + 1)...]
            } else {
                missing.append(line)
            }
        }
        #expect(missing == [], "README lines that \(example.schemaFile) lacks, in its order")
    }

    /// A schema line without comments and runs of spaces.
    static func declaration(_ line: String) -> String {
        let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        return code.split(separator: " ").joined(separator: " ")
    }

    /// The README's example diagnostics are what the checker reports for a schema with a
    /// misspelled type on line 4 and a `@local` field without a default on line 9.
    @Test func theDiagnosticsBlockIsTheCheckersOutput() throws {
        let text = """
            /// A person.
            model User {
                let id: String
                var name: Strin
            }

            /// A room.
            model Room {
                @local var isExpanded: Bool
                let id: String
            }
            """
        let result = Schema(sources: [SchemaSource(path: "Schemas/Chat.etch", text: text)]).checked()
        let reported = result.diagnostics.map(\.description)
        let shown = try ReadmeSnippet.readmeBlock("schema-errors")
        #expect(reported == shown)
    }
}
