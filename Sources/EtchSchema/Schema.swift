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
    /// The schemas of the modules this one's target depends on: their types may be used
    /// here, and are neither checked for errors nor generated again.
    public var imports: [ImportedSchema]

    /// Makes a schema from its files and the schemas of the modules it may use.
    public init(sources: [SchemaSource], imports: [ImportedSchema] = []) {
        self.sources = sources
        self.imports = imports
    }

    /// Parses and checks every file, reporting every problem in one run.
    ///
    /// Each file is lexed and parsed on its own (a syntax error in one file does not stop
    /// the others), then the checker resolves names across all of them and the imported
    /// schemas.
    ///
    /// - Returns: The checked schema, one ``CheckedFile`` per source in the same order, when
    ///   no error was found; and every diagnostic, sorted by file (in the order the sources
    ///   were given), line and column.
    public func checked() -> SchemaCheckResult {
        var trees: [SyntaxTree] = []
        var diagnostics: [Diagnostic] = []
        for source in sources {
            let (tree, parseDiagnostics) = Parser.parse(source)
            trees.append(tree)
            diagnostics += parseDiagnostics
        }
        // An imported schema's own errors are its module's build's to report.
        let importedTrees = imports.flatMap { imported in
            imported.sources.map { ImportedTree(module: imported.module, tree: Parser.parse($0).tree) }
        }
        var checker = Checker(trees: trees, imports: importedTrees)
        let schema = checker.check()
        let checkDiagnostics = checker.diagnostics
        diagnostics = Self.sorted(diagnostics + checkDiagnostics, fileOrder: sources.map(\.path))
        return SchemaCheckResult(schema: diagnostics.containsErrors ? nil : schema, diagnostics: diagnostics)
    }

    /// Diagnostics in file, line and column order; those at the same place keep the order
    /// they were found in.
    static func sorted(_ diagnostics: [Diagnostic], fileOrder: [String]) -> [Diagnostic] {
        var rank: [String: Int] = [:]
        for (index, path) in fileOrder.enumerated() where rank[path] == nil { rank[path] = index }
        return diagnostics.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location
            let right = rhs.element.location
            let leftKey = (rank[left.path] ?? Int.max, left.line, left.column, lhs.offset)
            let rightKey = (rank[right.path] ?? Int.max, right.line, right.column, rhs.offset)
            return leftKey < rightKey
        }.map(\.element)
    }
}
