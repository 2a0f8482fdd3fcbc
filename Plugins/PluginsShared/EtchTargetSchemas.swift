import Foundation
import PackagePlugin

/// A target's schemas as the plugins see them: its own `.etch` files, its `etch.json`, and
/// the schema files in the directories that lists. Shared by the build-tool plugin and the
/// `etch-generate` command (this file is linked into both).
///
/// The plugins read `etch.json` only for the directories to watch; the `etch` tool reads it
/// again on every run (`--config`) and reports its errors, so an edit takes effect on the
/// next build even when SwiftPM does not run the plugin again.
struct EtchTargetSchemas {
    /// The `.etch` files among the target's own files.
    var ownSchemas: [URL]
    /// The target's `etch.json`, if it has one.
    var configuration: URL?
    /// The directories `etch.json` lists that exist.
    var listedDirectories: [URL] = []
    /// The `.etch` files in those directories now.
    var listedSchemas: [URL] = []

    /// Finds the schemas of a target whose files are `ownSchemas` and whose configuration,
    /// if any, is `directory/etch.json`.
    init(directory: URL, ownSchemas: [URL]) {
        self.ownSchemas = ownSchemas.sorted { $0.path < $1.path }
        let configuration = directory.appending(path: "etch.json")
        guard FileManager.default.fileExists(atPath: configuration.path) else { return }
        self.configuration = configuration
        for directory in Self.listedPaths(in: configuration) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                listedSchemas.append(directory)
                continue
            }
            listedDirectories.append(directory)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            listedSchemas += names.filter { $0.hasSuffix(".etch") }.sorted().map { directory.appending(path: $0) }
        }
    }

    /// Whether the target has anything for Etch.
    var isEmpty: Bool { ownSchemas.isEmpty && configuration == nil }

    /// Every schema file now, without repeats, sorted by path.
    var allSchemas: [URL] {
        Array(Set((ownSchemas + listedSchemas).map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    }

    /// The files whose changes must run the tool again: the schemas, the configuration, and
    /// the listed directories (whose modification date changes when a file is added).
    var inputFiles: [URL] { allSchemas + listedDirectories + (configuration.map { [$0] } ?? []) }

    /// The tool's arguments that name the target's schemas: `--config` and its own files.
    var arguments: [String] {
        (configuration.map { ["--config", $0.path] } ?? []) + ownSchemas.map(\.path)
    }

    /// The tool's arguments that let another target's schemas use these, from `module`.
    func importArguments(module: String) -> [String] {
        (ownSchemas + (configuration.map { [$0] } ?? [])).flatMap { ["--import", "\(module)=\($0.path)"] }
    }

    /// The directories and files an `etch.json` lists, resolved against its directory; none
    /// when it cannot be read (the tool reports that, with the file's path).
    static func listedPaths(in configuration: URL) -> [URL] {
        guard let data = try? Data(contentsOf: configuration),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let paths = object["schemas"] as? [String]
        else { return [] }
        let directory = configuration.deletingLastPathComponent()
        return paths.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : directory.appending(path: $0) }
            .map(\.standardizedFileURL)
    }
}

extension SourceModuleTarget {
    /// This target's schemas.
    var etchSchemas: EtchTargetSchemas {
        EtchTargetSchemas(directory: directoryURL, ownSchemas: sourceFiles(withSuffix: "etch").map(\.url))
    }

    /// The schemas of the library targets this one depends on, directly or not, that have
    /// any, by module name: their types may be used in this target's schemas. (Executables
    /// are left out: their modules are not imported for their types.)
    var etchImports: [(module: String, schemas: EtchTargetSchemas)] {
        recursiveTargetDependencies.compactMap { dependency in
            guard let source = dependency as? SourceModuleTarget, source.kind != .executable else { return nil }
            let schemas = source.etchSchemas
            return schemas.isEmpty ? nil : (source.moduleName, schemas)
        }
    }
}
