import Foundation
import PackagePlugin

/// Generates Swift models from the `.etch` schema files of the target it is applied to.
///
/// Inputs are the target's own `.etch` files plus those in the directories an optional
/// `etch.json` in the target lists:
///
/// ```json
/// { "schemas": ["../../Schemas"], "accessLevel": "public" }
/// ```
///
/// Each schema file gives one Swift file of the same base name. The plugin only finds
/// inputs and names outputs; the `etch` tool does the work, and rewrites a file only when
/// its bytes change.
@main
struct EtchPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let ownSchemas = sourceTarget.sourceFiles(withSuffix: "etch").map(\.url)
        return try EtchInvocation(
            targetDirectory: sourceTarget.directoryURL,
            ownSchemas: ownSchemas,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "EtchPluginTool").url
        ).commands()
    }
}

/// The part shared by the SwiftPM and Xcode plugins: read `etch.json`, collect inputs,
/// name outputs, and describe the one build command.
struct EtchInvocation {
    var targetDirectory: URL
    var ownSchemas: [URL]
    var workDirectory: URL
    var tool: URL

    struct Configuration: Decodable {
        var schemas: [String]?
        var accessLevel: String?
    }

    func commands() throws -> [Command] {
        let configuration = try readConfiguration()
        var inputs = ownSchemas
        for directory in configuration?.schemas ?? [] {
            inputs += try schemaFiles(in: targetDirectory.appending(path: directory))
        }
        inputs = Array(Set(inputs.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }

        let outputDirectory = workDirectory.appending(path: "GeneratedSources")
        let outputs = inputs.map {
            outputDirectory.appending(path: $0.deletingPathExtension().lastPathComponent + ".swift")
        }
        var arguments = ["generate", "--output", outputDirectory.path]
        if let accessLevel = configuration?.accessLevel { arguments += ["--access-level", accessLevel] }
        arguments += inputs.map(\.path)
        return [
            .buildCommand(
                displayName: "Generating Etch models from \(inputs.count) schema file(s)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs + [tool] + (configurationFile.map { [$0] } ?? []),
                outputFiles: outputs
            )
        ]
    }

    private var configurationFile: URL? {
        let url = targetDirectory.appending(path: "etch.json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    private func readConfiguration() throws -> Configuration? {
        guard let url = configurationFile else { return nil }
        do {
            return try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: url))
        } catch {
            throw EtchPluginError("\(url.path): error: cannot read etch.json: \(error)")
        }
    }

    private func schemaFiles(in directory: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw EtchPluginError("etch.json lists '\(directory.path)', which is not a directory")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return names.filter { $0.hasSuffix(".etch") }.sorted().map { directory.appending(path: $0) }
    }
}

struct EtchPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension EtchPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let ownSchemas = target.inputFiles.filter { $0.url.pathExtension == "etch" }.map(\.url)
            // Xcode targets have no directory of their own: `etch.json` is found among the
            // target's files, and its `schemas` paths are relative to it.
            let configuration = target.inputFiles.first { $0.url.lastPathComponent == "etch.json" }?.url
            let targetDirectory =
                configuration?.deletingLastPathComponent() ?? ownSchemas.first?.deletingLastPathComponent()
                ?? context.xcodeProject.directoryURL
            return try EtchInvocation(
                targetDirectory: targetDirectory,
                ownSchemas: ownSchemas,
                workDirectory: context.pluginWorkDirectoryURL,
                tool: try context.tool(named: "EtchPluginTool").url
            ).commands()
        }
    }
#endif
