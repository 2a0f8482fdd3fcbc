import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory etch-generate`: writes the Swift that
/// the build-tool plugin would generate into the package, for teams that commit generated
/// code (and then do not apply the build-tool plugin to those targets: for a target that does,
/// writing into its sources is refused, as SwiftPM would build two files of each name).
///
/// Options:
/// - `--target <name>` (repeatable): only these targets; by default every target with
///   `.etch` files or an `etch.json`.
/// - `--output <directory>`: where to write, relative to the package (each target gets a
///   folder of its name inside); by default `Generated` inside each target's directory.
@main
struct EtchGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let output = extractor.extractOption(named: "output").last
        if let unknown = extractor.remainingArguments.first {
            throw EtchGenerateError("unknown argument '\(unknown)'; use --target <name> and --output <directory>")
        }
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "EtchPluginTool").url
        let manifest = ManifestPluginUsage(packageDirectory: context.package.directoryURL)
        // Every target is checked before any is written, so a refusal leaves the package as it was.
        var work: [(target: SourceModuleTarget, schemas: EtchTargetSchemas, directory: URL)] = []
        for case let target as SourceModuleTarget in targets {
            let schemas = target.etchSchemas
            if schemas.isEmpty {
                if !names.isEmpty { throw EtchGenerateError("target '\(target.name)' has no .etch files or etch.json") }
                continue
            }
            let directory =
                output.map { context.package.directoryURL.appending(path: $0).appending(path: target.name) }
                ?? target.directoryURL.appending(path: "Generated")
            try refuseConflict(in: target, writingTo: directory, manifest: manifest)
            work.append((target, schemas, directory))
        }
        for (target, schemas, directory) in work {
            var arguments = ["generate", "--output", directory.path]
            arguments += target.etchImports.flatMap { $0.schemas.importArguments(module: $0.module) }
            arguments += schemas.arguments
            try run(tool, arguments)
            try removeStaleFiles(in: directory, keeping: schemas.allSchemas)
            print("Generated the models of \(target.name) into \(directory.path)")
        }
        let generated = work.count
        if generated == 0 { print("No target has .etch files or an etch.json; nothing generated.") }
    }

    /// Refuses to write generated Swift among the sources of a target that applies the
    /// build-tool plugin: SwiftPM would then compile two files of each name, and the next
    /// build would fail with "multiple producers", far from the cause.
    func refuseConflict(in target: SourceModuleTarget, writingTo directory: URL, manifest: ManifestPluginUsage)
        throws
    {
        let sources = target.directoryURL.standardizedFileURL.path + "/"
        guard (directory.standardizedFileURL.path + "/").hasPrefix(sources),
            manifest.appliesBuildPlugin(target: target.name)
        else { return }
        throw EtchGenerateError(
            """
            target '\(target.name)' applies the EtchPlugin build plugin, which already generates its models \
            while it builds; writing them into \(directory.path) as well would give SwiftPM two files of each \
            name ("multiple producers"). Nothing was written. Either remove \
            `.plugin(name: "EtchPlugin", package: "Etch")` from target '\(target.name)' in Package.swift to \
            commit the generated code instead, or write it outside the target's sources with \
            --output <directory>.
            """)
    }

    /// Removes the files Etch generated earlier from schemas that no longer exist (renamed or
    /// deleted), so committed code does not keep stale types. Other files are left alone.
    func removeStaleFiles(in directory: URL, keeping schemas: [URL]) throws {
        let kept = Set(schemas.map { $0.deletingPathExtension().lastPathComponent + ".swift" })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasSuffix(".swift") && !kept.contains(name) {
            let url = directory.appending(path: name)
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let head = String(decoding: handle.readData(ofLength: 64), as: UTF8.self)
            try? handle.close()
            guard head.hasPrefix("// Generated by Etch from ") else { continue }
            try FileManager.default.removeItem(at: url)
            print("Removed \(url.path): its schema is gone")
        }
    }

    /// Runs the `etch` tool, passing its diagnostics on; fails when it does.
    func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw EtchGenerateError(
                "etch generate failed (exit code \(process.terminationStatus)); see the errors above")
        }
    }
}

struct EtchGenerateError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
