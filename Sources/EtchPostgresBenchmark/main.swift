// etch-pg-bench: Etch's PostgreSQL path against hand-written libpq code, side by side, in one
// run. `swift run -c release etch-pg-bench --help` explains the options and every row.

import Foundation

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

let options: Options
do {
    guard
        let parsed = try Options.parse(
            Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    else {
        print(Options.usage)
        exit(0)
    }
    options = parsed
} catch {
    printError("error: \(error)")
    exit(2)
}

if let request = options.committer, let url = options.url {
    do {
        try await Committer.run(request, options: options, url: url)
        exit(0)
    } catch {
        printError("error: \(error)")
        exit(1)
    }
}

var server: PostgresServer?
do {
    if options.startServer { server = try PostgresServer.start() }
    guard let url = server?.connectionString ?? options.url else { throw MismatchError(description: "no server") }
    printError(
        options.quick
            ? "quick run: \(options.count) albums, tiny iteration counts" : "full run: \(options.count) albums")
    #if DEBUG
        printError("warning: a debug build; measure with `swift run -c release etch-pg-bench`")
    #endif
    var runner = Runner(options: options)
    try await PostgresBenchmarks.run(&runner, url: url)
    let memory = PeakMemory.summary(count: options.count)
    if options.json {
        print(try Report.json(runner.results))
        (Report.misses(runner.results) + [memory.line]).forEach(printError)
    } else {
        print(Report.table(runner.results))
        print(Report.legend)
        print(memory.line)
    }
    printError("checksum: \(runner.harness.checksum)")
    server?.stop()
} catch {
    printError("error: \(error)")
    server?.stop()
    exit(1)
}
