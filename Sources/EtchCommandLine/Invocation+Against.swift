import EtchSchema

extension Invocation {
    /// `check --against`: compares the schemas with the released ones, the version the
    /// stored data was written with, and prints each change that data cannot take.
    ///
    /// - Parameters:
    ///   - sources: The current schema files, already checked without errors.
    ///   - path: The released schema file or directory.
    ///   - imports: The `--import` schemas, which both versions may use.
    /// - Returns: The exit code: 1 when a change is breaking (an error), else 0.
    /// - Throws: `CommandError` when the released schemas cannot be read or hold none.
    func checkBreakingChanges(
        of sources: [SchemaSource], against path: String, imports: [ImportedSchema],
        _ output: (String) -> Void, _ errors: (String) -> Void
    ) throws(CommandError) -> Int32 {
        var releasedSources: [SchemaSource] = []
        for file in try SchemaFiles.paths(of: [path]) { releasedSources.append(try SchemaFiles.read(file)) }
        guard !releasedSources.isEmpty else { throw CommandError("--against \(path) holds no schema files (.etch)") }
        // The current schema's diagnostics are printed already; it has no errors.
        guard let currentSchema = Schema(sources: sources, imports: imports).checked().schema else { return 1 }
        let released = Schema(sources: releasedSources, imports: imports).checked()
        guard let releasedSchema = released.schema else {
            for diagnostic in released.diagnostics where diagnostic.severity == .error {
                errors(diagnostic.description)
            }
            throw CommandError("the released schemas at \(path) have errors, so nothing was compared")
        }
        let changes = currentSchema.breakingChanges(against: releasedSchema)
        for change in changes { errors(change.description) }
        if changes.containsErrors { return 1 }
        output(
            "\(sources.count) schema file(s) checked against \(releasedSources.count) released file(s), "
                + "no breaking changes.")
        return 0
    }
}
