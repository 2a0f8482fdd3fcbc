import EtchPostgres
import Foundation
import Testing

/// A throwaway PostgreSQL cluster of one test's own (`Scripts/postgres-server.sh`), which the
/// test may stop and start again without disturbing the server the other tests share;
/// stopped and removed when the last reference goes.
///
/// It is made in `ETCH_POSTGRES_CLUSTERS` when set (`Scripts/test-postgres.sh` sets it to a
/// folder it cleans up even after a crash), else in the temporary folder.
final class PostgresTestCluster: Sendable {
    /// The folder of the cluster's data, log and socket.
    let folder: String
    /// `host=<folder> user=etch dbname=postgres`.
    let connectionString: String

    /// Whether clusters can be made here: a server is configured for the tests (so this is a
    /// PostgreSQL run) and PostgreSQL's server programs are installed.
    static let isAvailable: Bool = {
        guard PostgresTestServer.isConfigured else { return false }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let folders =
            versions.map { "/usr/lib/postgresql/\($0)/bin" }
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }()

    /// `Scripts/postgres-server.sh`, found from this file's place in the package.
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Scripts/postgres-server.sh").path

    /// Makes a cluster and starts its server.
    init() async throws {
        let parent =
            ProcessInfo.processInfo.environment["ETCH_POSTGRES_CLUSTERS"]
            ?? FileManager.default.temporaryDirectory.path
        // Short: the socket's path, inside the folder, must fit in 107 bytes.
        folder = parent + "/etch-" + UUID().uuidString.prefix(8).lowercased()
        connectionString = "host=\(folder) user=etch dbname=postgres"
        try await Self.run("start", folder)
    }

    deinit {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [Self.script, "stop", folder]
        script.standardOutput = FileHandle.nullDevice
        try? script.run()
        script.waitUntilExit()
    }

    /// Stops the server as an administrator's restart does: open transactions are rolled
    /// back and connections ended. The cluster stays, for ``start()``.
    func stop() async throws { try await Self.run("pause", folder) }

    /// Starts the server of the cluster again, after ``stop()``.
    func start() async throws { try await Self.run("start", folder) }

    /// Runs the script, waiting for it without holding a thread.
    private static func run(_ command: String, _ folder: String) async throws {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [Self.script, command, folder]
        let output = Pipe()
        script.standardOutput = output
        script.standardError = output
        let status = try await withCheckedThrowingContinuation { continuation in
            script.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try script.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else {
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw ScriptFailed(command: command, folder: folder, status: status, output: said)
        }
    }
}

extension PostgresTestCluster {
    /// `Scripts/postgres-server.sh` failed.
    struct ScriptFailed: Error, CustomStringConvertible {
        let command: String
        let folder: String
        let status: Int32
        let output: String

        var description: String { "postgres-server.sh \(command) \(folder) exited with \(status): \(output)" }
    }
}
