import Foundation

/// Writes a line to standard error.
package func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The command line that `parse` reads; exits after printing `usage` when it asks for help
/// (returns `nil`), and with status 2 after printing its error when it throws.
package func parsedOptions<Options>(usage: String, _ parse: () throws -> Options?) -> Options {
    do {
        guard let options = try parse() else {
            print(usage)
            exit(0)
        }
        return options
    } catch {
        printError("error: \(error)")
        exit(2)
    }
}

/// Runs one of the program's internal modes (a process that another run started), then
/// exits: with status 0, or 1 after printing its error.
package func runInternalMode(_ body: () async throws -> Void) async -> Never {
    do {
        try await body()
        exit(0)
    } catch {
        printError("error: \(error)")
        exit(1)
    }
}
