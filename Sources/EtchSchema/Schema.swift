/// One schema file's text, as read from disk.
public struct SchemaSource: Sendable, Hashable {
    /// The path used in diagnostics.
    public var path: String
    /// The file's text.
    public var text: String

    /// Makes a source.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// What checking a schema produced: the checked schema when there were no errors, and
/// every diagnostic (errors, warnings, notes) in source order.
public struct SchemaCheckResult: Sendable {
    /// The checked schema, or `nil` when any error was found.
    public var schema: CheckedSchema?
    /// Every problem found, in file, line and column order.
    public var diagnostics: [Diagnostic]

    /// Makes a result.
    public init(schema: CheckedSchema?, diagnostics: [Diagnostic]) {
        self.schema = schema
        self.diagnostics = diagnostics
    }
}

/// The schema files of one target: the input of the pipeline's first stages
/// (parse -> check).
///
/// ```swift
/// let result = Schema(sources: [SchemaSource(path: "User.etch", text: text)]).checked()
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// // User.etch:3:15: error: unknown type 'Strin'; did you mean 'String'?
/// ```
public struct Schema: Sendable {
    /// The files, in the order they are given.
    public var sources: [SchemaSource]

    /// Makes a schema from its files.
    public init(sources: [SchemaSource]) {
        self.sources = sources
    }

    /// Parses and checks every file, reporting every problem in one run.
    public func checked() -> SchemaCheckResult {
        // Replaced by the parser and checker stages.
        SchemaCheckResult(
            schema: nil,
            diagnostics: sources.map {
                Diagnostic(.error, "schema checking is not built yet", at: SourceLocation(path: $0.path, line: 1, column: 1))
            }
        )
    }
}
