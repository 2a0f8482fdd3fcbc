import Foundation

/// A Swift block of the README that a test compiles and runs: the README marks it with
/// `<!-- snippet: name -->` on the line before its fence, and the test file holds the same
/// lines between `// snippet: name` and `// end snippet`, among lines of its own
/// (assertions, stand-ins for the app's `api`), so the README shows only code that builds
/// and does what its comments say.
///
/// A test line matches a README line when they are equal once leading spaces are trimmed,
/// runs of spaces are made one, and a leading `_ = ` is dropped from the test line (which the test needs where the
/// README shows a result it does not use). The block's `import` lines are left out: the test
/// file has them at its top.
public struct ReadmeSnippet {
    /// The README's lines of the block.
    public var readmeLines: [String]
    /// The test file's lines of the region.
    public var testLines: [String]

    /// Reads the block `name` from the README of the package that holds `testFile`, and the
    /// region of the same name from `testFile`.
    public init(_ name: String, testFile: String = #filePath) throws {
        let readme = try Self.readme(testFile: testFile)
        let test = try String(contentsOf: URL(fileURLWithPath: testFile), encoding: .utf8)
        readmeLines = try Self.block(name, in: readme)
        testLines = try Self.region(name, in: test)
    }

    /// The README lines that the test region lacks, in order: empty when the test runs
    /// every line of the block.
    public var missingLines: [String] {
        var remaining = testLines.map(Self.normalized)[...]
        var missing: [String] = []
        // Imports are at the top of the test file, not in its region.
        for line in readmeLines.map(Self.normalized) where !line.isEmpty && !line.hasPrefix("import ") {
            if let found = remaining.firstIndex(of: line) {
                remaining = remaining[(found + 1)...]
            } else {
                missing.append(line)
            }
        }
        return missing
    }

    static func normalized(_ line: String) -> String {
        // Runs of spaces are one: the formatter aligns trailing comments in its own way.
        let words = line.split(separator: " ").joined(separator: " ")
        return words.hasPrefix("_ = ") ? String(words.dropFirst(4)) : words
    }

    static func block(_ name: String, in readme: String) throws -> [String] {
        let lines = readme.components(separatedBy: "\n")
        guard let marker = lines.firstIndex(of: "<!-- snippet: \(name) -->"), marker + 1 < lines.count,
            lines[marker + 1].hasPrefix("```"),
            let end = lines[(marker + 2)...].firstIndex(where: { $0.hasPrefix("```") })
        else { throw SnippetError("README.md has no block marked <!-- snippet: \(name) -->") }
        return Array(lines[(marker + 2)..<end])
    }

    static func region(_ name: String, in test: String) throws -> [String] {
        let lines = test.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { normalized($0) == "// snippet: \(name)" }),
            let end = lines[start...].firstIndex(where: { normalized($0) == "// end snippet" })
        else { throw SnippetError("the test file has no region // snippet: \(name)") }
        return Array(lines[(start + 1)..<end])
    }
}

/// Why a snippet could not be read.
public struct SnippetError: Error, CustomStringConvertible {
    /// What is missing, and where.
    public var description: String
    /// Makes an error that says `description`.
    public init(_ description: String) { self.description = description }
}
