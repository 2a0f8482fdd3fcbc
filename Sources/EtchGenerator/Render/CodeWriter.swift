/// Writes Swift source text line by line with 4-space indentation, so generated code is
/// built from structure rather than glued strings.
///
/// ```swift
/// var writer = CodeWriter()
/// writer.block("struct User {") {
///     writer.line("let id: String")
/// }
/// writer.text   // "struct User {\n    let id: String\n}\n"
/// ```
public struct CodeWriter: Sendable {
    private var lines: [String] = []
    private(set) var indentation = 0

    /// Makes an empty writer.
    public init() {}

    /// The text written so far, ending with one newline.
    public var text: String { lines.joined(separator: "\n") + "\n" }

    /// Writes one line at the current indentation; an empty line has no trailing spaces.
    public mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: indentation) + text)
    }

    /// Writes an empty line, unless the previous line is already empty or opens a block.
    public mutating func blankLine() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
        lines.append("")
    }

    /// The longest line the writer aims for, as `.swift-format` allows.
    public static let lineLength = 120

    /// Writes `head(arguments)` on one line when it fits, else with the arguments on their
    /// own lines: together when they fit, one per line otherwise.
    ///
    /// `brackets` are the parentheses by default; `("[", "]")` writes an array literal.
    /// `closing` follows the closing bracket, such as `" {"` for a declaration.
    public mutating func call(
        _ head: String, _ arguments: [String], brackets: (open: String, close: String) = ("(", ")"),
        closing: String = ""
    ) {
        let joined = arguments.joined(separator: ", ")
        let width = indentation * 4
        // swift-format breaks an array literal that reaches the limit exactly.
        let limit = brackets.open == "[" ? Self.lineLength - 1 : Self.lineLength
        if width + head.count + joined.count + 2 + closing.count <= limit {
            line("\(head)\(brackets.open)\(joined)\(brackets.close)\(closing)")
            return
        }
        line("\(head)\(brackets.open)")
        indented { writer in
            if brackets.open == "(", width + 4 + joined.count <= Self.lineLength {
                writer.line(joined)
            } else {
                // Array literals one element per line end with a comma, as swift-format writes them.
                let last = brackets.open.hasSuffix("[") ? "," : ""
                for (position, argument) in arguments.enumerated() {
                    writer.line(argument + (position == arguments.count - 1 ? last : ","))
                }
            }
        }
        line(brackets.close + closing)
    }

    /// Writes `///` documentation lines.
    public mutating func documentation(_ comment: [String]) {
        for text in comment { line(text.isEmpty ? "///" : "/// \(text)") }
    }

    /// Writes the body one level deeper.
    public mutating func indented(_ body: (inout CodeWriter) -> Void) {
        indentation += 1
        body(&self)
        indentation -= 1
    }

    /// Writes `header`, the body one level deeper, and `closing`.
    public mutating func block(_ header: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(header)
        indented(body)
        line(closing)
    }
}
