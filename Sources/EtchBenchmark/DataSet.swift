import Foundation

/// The JSON documents the benchmarks read, and where they came from.
struct DataSet {
    /// The bytes of twitter.json, or of a generated document of the same shape.
    var twitter: Data
    /// Where ``twitter`` came from, for the report.
    var twitterOrigin: String
    /// The bytes of canada.json, when it was found.
    var canada: Data?

    /// Finds the data directory and reads the files, generating twitter data when absent.
    ///
    /// Looks only in `directory` (from `--data`) when given, else only in `$ETCH_BENCH_DATA`
    /// when set, else in `../shared/data` beside the package (from the working directory,
    /// then from this source file's location).
    static func load(directory: String?) throws -> DataSet {
        let candidates = searchDirectories(explicit: directory)
        func find(_ name: String) -> URL? {
            candidates.lazy.map { $0.appending(path: name) }.first { FileManager.default.fileExists(atPath: $0.path) }
        }
        if let directory, !FileManager.default.fileExists(atPath: directory) {
            throw Options.UsageError(description: "--data \(directory): no such directory")
        }
        let canada = try find("canada.json").map { try Data(contentsOf: $0) }
        if let url = find("twitter.json") {
            let data = try Data(contentsOf: url)
            return DataSet(
                twitter: data, twitterOrigin: "\(url.standardizedFileURL.path) (\(data.count / 1024) KiB)",
                canada: canada)
        }
        var generator = DataGenerator(seed: 42)
        let data = Data(generator.twitterDocument(statuses: 100).utf8)
        return DataSet(twitter: data, twitterOrigin: "generated, seed 42 (\(data.count / 1024) KiB)", canada: canada)
    }

    private static func searchDirectories(explicit: String?) -> [URL] {
        if let explicit { return [URL(filePath: explicit, directoryHint: .isDirectory)] }
        if let environment = ProcessInfo.processInfo.environment["ETCH_BENCH_DATA"], !environment.isEmpty {
            return [URL(filePath: environment, directoryHint: .isDirectory)]
        }
        let workingDirectory = URL(filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
        // Sources/EtchBenchmark/DataSet.swift -> the package root.
        let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return [workingDirectory, packageRoot].map { $0.appending(path: "../shared/data") }
    }
}
