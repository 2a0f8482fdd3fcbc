import EtchGenerator
import EtchSchema
import Foundation

extension Invocation {
    /// Reads the inputs, runs the pipeline, prints diagnostics and writes the files.
    ///
    /// - Returns: The exit code: 0, or 1 when a schema has errors.
    func execute(output: (String) -> Void, errors: (String) -> Void) throws(CommandError) -> Int32 {
        let settings = try configuration.map { path throws(CommandError) in try Configuration(contentsOf: path) }
        for listed in settings?.schemas ?? [] where !FileManager.default.fileExists(atPath: listed) {
            throw CommandError(at: configuration ?? "etch.json", "'schemas' lists '\(listed)', which does not exist")
        }
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
            if let against {
                return try checkBreakingChanges(of: sources, against: against, imports: imported, output, errors)
            }
            output("\(sources.count) schema file(s) checked, no errors.")
            return 0
        }
        let directory = URL(fileURLWithPath: outputDirectory)
        guard let extraOutput else {
            try write(result.files, to: directory)
            return 0
        }
        // The registry is always expected: the plugin declares it for every target.
        let registry = GeneratorOptions.registryFileName
        let plan = OutputPlan(
            expected: expectedOutputs + (expectedOutputs.contains(registry) ? [] : [registry]), extra: extraOutput)
        let files = plan.arrange(result.files)
        try write(files, to: directory)
        try removeSwiftFiles(in: directory, except: Set(files.map(\.name)))
        if let rerunStamp, !plan.unexpected(in: result.files).isEmpty { try touch(rerunStamp) }
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
            if name + ".swift" == extraOutput || name + ".swift" == GeneratorOptions.registryFileName {
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

    /// Changes the stamp file, an input of the build command, so the build system runs the
    /// command again next time: schema files it did not plan are not its inputs, so an edit
    /// to one would otherwise go unnoticed.
    func touch(_ path: String) throws(CommandError) {
        do {
            try Data(UUID().uuidString.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Removes the Swift files of earlier plans from the build's output directory, so it
    /// holds exactly what the build compiles.
    func removeSwiftFiles(in directory: URL, except kept: Set<String>) throws(CommandError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasSuffix(".swift") && !kept.contains(name) {
            do {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            } catch {
                throw CommandError("cannot remove \(name) from \(directory.path): \(error.localizedDescription)")
            }
        }
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
