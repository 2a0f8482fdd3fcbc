import Foundation

/// Whether a target applies the `EtchPlugin` build-tool plugin, as its package's
/// `Package.swift` says: a command plugin's context does not tell which plugins a target
/// applies, so the manifest's text is read.
///
/// The target's declaration is the call (`.target(`, `.executableTarget(`, …) whose
/// parentheses enclose `name: "<target>"`; it applies the plugin when that call names
/// `"EtchPlugin"`. A manifest that builds its targets in other ways (a loop, a helper
/// function) may not be read right; the build-tool plugin then refuses the conflicting
/// files itself, at the next build, with the same advice.
struct ManifestPluginUsage {
    /// The manifest's text, or empty when there is none to read.
    var text: String

    /// Reads `Package.swift` in `packageDirectory`.
    init(packageDirectory: URL) {
        let manifest = packageDirectory.appending(path: "Package.swift")
        text = (try? String(contentsOf: manifest, encoding: .utf8)) ?? ""
    }

    /// Whether the declaration of `target` names the `EtchPlugin` build-tool plugin.
    func appliesBuildPlugin(target: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let needle = Array("\"\(target)\"".unicodeScalars)
        var start = 0
        while let match = Self.firstIndex(of: needle, in: scalars, from: start) {
            start = match + needle.count
            guard Self.isNameArgument(before: match, in: scalars),
                let call = Self.enclosingCall(around: match, in: scalars)
            else { continue }
            if String(String.UnicodeScalarView(scalars[call])).contains("\"EtchPlugin\"") { return true }
        }
        return false
    }

    private static func firstIndex(of needle: [Unicode.Scalar], in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard needle.count <= scalars.count else { return nil }
        var index = start
        while index + needle.count <= scalars.count {
            if scalars[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `name:` (and spaces) comes right before `index`.
    private static func isNameArgument(before index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var position = index - 1
        while position >= 0, scalars[position] == " " || scalars[position] == "\n" { position -= 1 }
        let label = Array("name:".unicodeScalars)
        guard position - label.count + 1 >= 0 else { return false }
        return scalars[(position - label.count + 1)...position].elementsEqual(label)
    }

    /// The range from the `(` that encloses `index` to its matching `)`.
    private static func enclosingCall(around index: Int, in scalars: [Unicode.Scalar]) -> ClosedRange<Int>? {
        var depth = 0
        var open = index
        while open >= 0 {
            if scalars[open] == ")" { depth += 1 }
            if scalars[open] == "(" {
                if depth == 0 { break }
                depth -= 1
            }
            open -= 1
        }
        guard open >= 0 else { return nil }
        depth = 0
        for close in open..<scalars.count {
            if scalars[close] == "(" { depth += 1 }
            if scalars[close] == ")" {
                depth -= 1
                if depth == 0 { return open...close }
            }
        }
        return nil
    }
}
