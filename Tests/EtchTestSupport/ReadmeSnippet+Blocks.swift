import Foundation

extension ReadmeSnippet {
    /// The package's root: the nearest folder above `file` that holds a `Package.swift`.
    public static func packageRoot(above file: String = #filePath) throws -> URL {
        var root = URL(fileURLWithPath: file).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path) {
            guard root.pathComponents.count > 1 else { throw SnippetError("no Package.swift above \(file)") }
            root.deleteLastPathComponent()
        }
        return root
    }

    /// The text of a file of the package, by its path from the package's root.
    public static func packageFile(_ path: String, testFile: String = #filePath) throws -> String {
        try String(contentsOf: packageRoot(above: testFile).appending(path: path), encoding: .utf8)
    }

    /// The README of the package that holds `testFile`.
    public static func readme(testFile: String = #filePath) throws -> String {
        try packageFile("README.md", testFile: testFile)
    }

    /// The lines of the README block marked `<!-- snippet: name -->`, between its fences.
    public static func readmeBlock(_ name: String, testFile: String = #filePath) throws -> [String] {
        try block(name, in: readme(testFile: testFile))
    }

    /// Every fenced block of the README: its marker's name, or `nil` for a block without one,
    /// and the line number (from 1) of its opening fence.
    public static func readmeBlocks(testFile: String = #filePath) throws -> [(name: String?, line: Int)] {
        let lines = try readme(testFile: testFile).components(separatedBy: "\n")
        var blocks: [(name: String?, line: Int)] = []
        var inBlock = false
        for (index, line) in lines.enumerated() where line.hasPrefix("```") {
            defer { inBlock.toggle() }
            guard !inBlock else { continue }
            let marker = index > 0 ? lines[index - 1] : ""
            let name =
                marker.hasPrefix("<!-- snippet: ") && marker.hasSuffix(" -->")
                ? String(marker.dropFirst("<!-- snippet: ".count).dropLast(" -->".count)) : nil
            blocks.append((name, index + 1))
        }
        return blocks
    }
}
