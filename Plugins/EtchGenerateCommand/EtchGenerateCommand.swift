import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory etch-generate`: writes the Swift that
/// the build-tool plugin would generate into the package, for teams that commit generated
/// code (and then do not apply the build-tool plugin to those targets).
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
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            let schemas = target.etchSchemas
            if schemas.isEmpty {
                if !names.isEmpty { throw EtchGenerateError("target '\(target.name)' has no .etch files or etch.json") }
                continue
            }
            let directory =
                output.map { context.package.directoryURL.appending(path: $0).appending(path: target.name) }
                ?? target.directoryURL.appending(path: "Generated")
            var arguments = ["generate", "--output", directory.path]
            arguments += target.etchImports.flatMap { $0.schemas.importArguments(module: $0.module) }
            arguments += schemas.arguments
            try run(tool, arguments)
            print("Generated the models of \(target.name) into \(directory.path)")
            generated += 1
        }
        if generated == 0 { print("No target has .etch files or an etch.json; nothing generated.") }
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
