import EtchGenerator
import EtchSchema
import Foundation

extension Invocation {
    /// Reads the inputs, runs the pipeline, prints diagnostics and writes the files.
    ///
    /// - Returns: The exit code: 0, or 1 when a schema has errors.
    func execute(output: (String) -> Void, errors: (String) -> Void) throws(CommandError) -> Int32 {
        let settings = try configuration.map { path throws(CommandError) in try Configuration(contentsOf: path) }
        let paths = try SchemaFiles.paths(of: inputs + (settings?.schemas ?? []))
        var sources: [SchemaSource] = []
        for path in paths { sources.append(try SchemaFiles.read(path)) }
        try checkDistinctOutputNames(sources)
        let imported = try importedSchemas()

        let options = GeneratorOptions(accessLevel: accessLevel ?? settings?.accessLevel ?? .public)
        let result = GeneratorPipeline(options: options).run(sources, imports: imported)
        for diagnostic in result.diagnostics { errors(diagnostic.description) }
        if result.diagnostics.containsErrors { return 1 }
        guard subcommand == .generate, let outputDirectory else {
            output("\(sources.count) schema file(s) checked, no errors.")
            return 0
        }
        var files = result.files
        if let extraOutput { files = OutputPlan(expected: expectedOutputs, extra: extraOutput).arrange(files) }
        try write(files, to: URL(fileURLWithPath: outputDirectory))
        return 0
    }

    /// Refuses two schema files that would generate Swift files of the same name.
    func checkDistinctOutputNames(_ sources: [SchemaSource]) throws(CommandError) {
        var seen: [String: String] = [:]
        for source in sources {
            let name = ((source.path as NSString).lastPathComponent as NSString).deletingPathExtension
            if let other = seen[name] {
                throw CommandError("'\(source.path)' and '\(other)' would both generate \(name).swift; rename one")
            }
            if name + ".swift" == extraOutput {
                throw CommandError("'\(source.path)' would generate \(name).swift, a name Etch keeps; rename it")
            }
            seen[name] = source.path
        }
    }

    /// The `--import` schemas, grouped by module in the order first named.
    func importedSchemas() throws(CommandError) -> [ImportedSchema] {
        var result: [ImportedSchema] = []
        for item in imports {
            var paths = [item.path]
            if item.path.hasSuffix(".json") { paths = try Configuration(contentsOf: item.path).schemas }
            var sources: [SchemaSource] = []
            for path in try SchemaFiles.paths(of: paths) { sources.append(try SchemaFiles.read(path)) }
            if let index = result.firstIndex(where: { $0.module == item.module }) {
                result[index].sources += sources
            } else {
                result.append(ImportedSchema(module: item.module, sources: sources))
            }
        }
        return result
    }

    /// Writes each file, leaving files whose bytes are unchanged untouched so builds stay incremental.
    func write(_ files: [GeneratedFile], to directory: URL) throws(CommandError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in files {
                let url = directory.appendingPathComponent(file.name)
                let data = Data(file.contents.utf8)
                if FileManager.default.contents(atPath: url.path) == data { continue }
                try data.write(to: url, options: .atomic)
            }
        } catch {
            throw CommandError("cannot write to \(directory.path): \(error.localizedDescription)")
        }
    }
}
