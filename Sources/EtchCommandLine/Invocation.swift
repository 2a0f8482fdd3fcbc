import EtchGenerator
import EtchSchema
import Foundation

/// A parsed `etch` command line and its execution.
struct Invocation {
    enum Subcommand: String {
        case generate
        case check
    }

    var subcommand: Subcommand?
    var inputs: [String] = []
    var outputDirectory: String?
    var accessLevel: AccessLevel = .public
    var showHelp = false

    init(parsing arguments: [String]) throws(CommandError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help", "help":
                showHelp = true
            case "-o", "--output":
                guard let value = remaining.popFirst() else { throw CommandError("\(argument) needs a directory") }
                outputDirectory = value
            case "--access-level":
                guard let value = remaining.popFirst() else { throw CommandError("--access-level needs a value") }
                guard let level = AccessLevel(rawValue: value) else {
                    throw CommandError("unknown access level '\(value)'; use public, package or internal")
                }
                accessLevel = level
            default:
                if argument.hasPrefix("-") { throw CommandError("unknown option '\(argument)'") }
                if subcommand == nil, inputs.isEmpty {
                    guard let parsed = Subcommand(rawValue: argument) else {
                        throw CommandError("unknown subcommand '\(argument)'; use generate or check")
                    }
                    subcommand = parsed
                } else {
                    inputs.append(argument)
                }
            }
        }
        if showHelp { return }
        guard let subcommand else { throw CommandError("missing subcommand; use generate or check") }
        guard !inputs.isEmpty else { throw CommandError("\(subcommand.rawValue) needs schema files or directories") }
        if subcommand == .generate, outputDirectory == nil { throw CommandError("generate needs --output <directory>") }
    }

    func execute(output: (String) -> Void, errors: (String) -> Void) throws(CommandError) -> Int32 {
        let sources = try readSources()
        let pipeline = GeneratorPipeline(options: GeneratorOptions(accessLevel: accessLevel))
        let result = pipeline.run(sources)
        for diagnostic in result.diagnostics { errors(diagnostic.description) }
        if result.diagnostics.containsErrors { return 1 }
        guard subcommand == .generate, let outputDirectory else {
            output("\(sources.count) schema file(s) checked, no errors.")
            return 0
        }
        try write(result.files, to: URL(fileURLWithPath: outputDirectory))
        return 0
    }

    /// Reads the inputs: files as given, directories for their `.etch` files, sorted.
    func readSources() throws(CommandError) -> [SchemaSource] {
        var paths: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw CommandError("no such file or directory: \(input)")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
                paths += names.filter { $0.hasSuffix(".etch") }.sorted().map {
                    (input as NSString).appendingPathComponent($0)
                }
            } else {
                paths.append(input)
            }
        }
        var seen: [String: String] = [:]
        var sources: [SchemaSource] = []
        for path in paths {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            if let other = seen[name] {
                throw CommandError("'\(path)' and '\(other)' would both generate \(name).swift; rename one")
            }
            seen[name] = path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandError("cannot read \(path)")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw CommandError("\(path) is not valid UTF-8 text")
            }
            sources.append(SchemaSource(path: path, text: text))
        }
        return sources
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
