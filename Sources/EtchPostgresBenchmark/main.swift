// etch-pg-bench: Etch's PostgreSQL path against hand-written libpq code, side by side, in one
// run. `swift run -c release etch-pg-bench --help` explains the options and every row.

import EtchBenchmarkSupport
import Foundation

let options = parsedOptions(usage: Options.usage) {
    try Options.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
}

if let request = options.committer, let url = options.url {
    await runInternalMode { try await Committer.run(request, options: options, url: url) }
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
