import Foundation

/// A throwaway cluster for `--start-server`, started and stopped by Scripts/postgres-server.sh
/// as Scripts/test-postgres.sh does: initdb in a temporary folder, a server listening only on a
/// Unix socket in it, as the `postgres` user when run as root.
struct PostgresServer {
    /// The cluster's folder: its data, log and socket.
    let directory: String

    /// The cluster's connection string.
    var connectionString: String { "host=\(directory) user=etch dbname=postgres" }

    /// The script, found from this file's place in the package.
    static let script = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Scripts/postgres-server.sh")

    /// Thrown when the script fails; its output went to standard error.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts a cluster in a new temporary folder.
    static func start() throws -> PostgresServer {
        var template = Array(
            FileManager.default.temporaryDirectory.appending(path: "etch-pg-bench.XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed") }
        let server = PostgresServer(directory: String(cString: made))
        do {
            try run("start", server.directory)
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// Stops the cluster and removes its folder.
    func stop() {
        try? Self.run("stop", directory)
    }

    /// Runs the script, its output on standard error, and waits for it.
    ///
    /// Spawned and waited for with `posix_spawn` and `waitpid`, not Foundation's `Process`:
    /// on Linux, `Process` learns that a child ended when a socket the child inherited
    /// closes, and the server the script starts inherits it too, so the script would never
    /// seem to end.
    private static func run(_ command: String, _ directory: String) throws {
        let arguments = ["/bin/bash", script.path, command, directory]
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, cArguments, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(script.path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // The exit status when the script exited (WIFEXITED, WEXITSTATUS), else its signal.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(script.path) \(command) \(directory) failed (wait status \(status))")
        }
    }
}
