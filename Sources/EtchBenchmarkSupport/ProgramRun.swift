import Foundation

/// Runs this program again, in one of its internal modes, as another process of a row.
package enum ProgramRun {
    /// Runs this program with `arguments`, its standard output going to the file at
    /// `outputURL`, and returns that output once it exited.
    ///
    /// A file rather than a pipe: nothing here reads while it runs, and a full pipe would
    /// stall it. The process is polled rather than waited for: waiting would hold one of the
    /// few threads that run the caller's tasks.
    ///
    /// - Parameters:
    ///   - role: What the process is, for errors: "the writer", "committer 3".
    ///   - pollInterval: How often to look whether the process has exited.
    /// - Throws: ``MismatchError`` when the file cannot be made or the process fails.
    package static func output(
        of arguments: [String], to outputURL: URL, role: String, pollInterval: Duration = .milliseconds(5)
    ) async throws -> Data {
        let process = Process()
        #if os(Linux)
            process.executableURL = URL(filePath: "/proc/self/exe")
        #else
            process.executableURL = URL(filePath: CommandLine.arguments[0])
        #endif
        process.arguments = arguments
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
            throw MismatchError(description: "cannot create \(outputURL.path) for \(role)'s output")
        }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        process.standardOutput = output
        try process.run()
        while process.isRunning { try await Task.sleep(for: pollInterval) }
        guard process.terminationStatus == 0 else {
            throw MismatchError(description: "\(role) exited with status \(process.terminationStatus)")
        }
        return try Data(contentsOf: outputURL)
    }
}
