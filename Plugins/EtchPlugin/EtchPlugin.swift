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
/// Each schema file gives one Swift file of the same base name. The schemas of the targets
/// this one depends on are passed as imports: their models may be used here, and are
/// generated in their own target only. The plugin only finds inputs and names outputs; the
/// `etch` tool does the work, reads `etch.json` on every run, and rewrites a file only when
/// its bytes change.
@main
struct EtchPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let command = EtchBuildCommand(
            schemas: sourceTarget.etchSchemas,
            imports: sourceTarget.etchImports,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "EtchPluginTool").url
        )
        try refuseClashes(of: command.outputNames, in: sourceTarget)
        return command.commands()
    }

    /// Refuses a target whose own Swift files have the names of the files the plugin
    /// generates (such as the ones `swift package etch-generate` writes into the target):
    /// SwiftPM would fail with "multiple producers", which names neither file nor fix.
    func refuseClashes(of outputNames: [String], in target: SourceModuleTarget) throws {
        let names = Set(outputNames + [EtchBuildCommand.extraOutput])
        let clashes = target.sourceFiles(withSuffix: "swift").map(\.url).filter {
            names.contains($0.lastPathComponent)
        }
        guard let first = clashes.first else { return }
        let message = """
            target '\(target.name)' applies the EtchPlugin build plugin, which generates \
            \(first.lastPathComponent), and the target already has \(first.path)\
            \(clashes.count > 1 ? " (and \(clashes.count - 1) more)" : ""), perhaps written by \
            `swift package etch-generate`: SwiftPM cannot build two files of one name. Either delete or \
            rename the target's file, or, to build committed generated code, remove \
            `.plugin(name: "EtchPlugin", package: "Etch")` from target '\(target.name)' in Package.swift.
            """
        throw EtchPluginError(message)
    }
}

/// Why the plugin refused a target.
struct EtchPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The part shared by the SwiftPM and Xcode plugins: name the outputs and describe the one
/// build command.
struct EtchBuildCommand {
    /// The file that takes the Swift of schema files added since SwiftPM planned the build:
    /// SwiftPM fixes a command's outputs when it plans, and plans again only when
    /// `Package.swift` or a target's files change, not when a file is added to a directory
    /// that `etch.json` lists.
    static let extraOutput = "EtchAddedSchemas.swift"
    /// The file listing the target's models with an `id`, for a store; the generator names it.
    static let registry = "EtchModels.swift"

    var schemas: EtchTargetSchemas
    var imports: [(module: String, schemas: EtchTargetSchemas)]
    var workDirectory: URL
    var tool: URL

    /// The files the command writes but ``extraOutput``: one per schema, and the registry
    /// of the target's models (`EtchModels.swift`); none without schemas.
    var outputNames: [String] {
        guard !schemas.isEmpty else { return [] }
        return schemas.allSchemas.map { $0.deletingPathExtension().lastPathComponent + ".swift" } + [Self.registry]
    }

    func commands() -> [Command] {
        guard !schemas.isEmpty else { return [] }
        let inputs = schemas.allSchemas
        let outputDirectory = workDirectory.appending(path: "GeneratedSources")
        var arguments = ["generate", "--output", outputDirectory.path]
        arguments += outputNames.flatMap { ["--expected-output", $0] } + ["--extra-output", Self.extraOutput]
        // Schema files added since the plan are no inputs of this command; while there are
        // any, the tool changes this stamp so the command runs on every build.
        let stamp = workDirectory.appending(path: "rerun.stamp")
        if !FileManager.default.fileExists(atPath: stamp.path) {
            _ = FileManager.default.createFile(atPath: stamp.path, contents: Data())
        }
        arguments += ["--rerun-stamp", stamp.path]
        arguments += imports.flatMap { $0.schemas.importArguments(module: $0.module) }
        arguments += schemas.arguments
        return [
            .buildCommand(
                displayName: "Generating Etch models from \(inputs.count) schema file(s)",
                executable: tool,
                arguments: arguments,
                inputFiles: schemas.inputFiles + imports.flatMap(\.schemas.inputFiles) + [tool, stamp],
                outputFiles: (outputNames + [Self.extraOutput]).map { outputDirectory.appending(path: $0) }
            )
        ]
    }
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
            return EtchBuildCommand(
                schemas: EtchTargetSchemas(directory: targetDirectory, ownSchemas: ownSchemas),
                imports: [],
                workDirectory: context.pluginWorkDirectoryURL,
                tool: try context.tool(named: "EtchPluginTool").url
            ).commands()
        }
    }
#endif
