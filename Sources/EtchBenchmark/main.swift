// etch-bench: Etch against the code a user would otherwise write, side by side, in one run.
// `swift run -c release etch-bench --help` explains the options and every row.

import EtchBenchmarkSupport
import Foundation

let options = parsedOptions(usage: Options.usage) { try Options.parse(Array(CommandLine.arguments.dropFirst())) }

if let writer = options.writer {
    await runInternalMode { try await CommitWriter.run(writer) }
}

if let file = options.openMeterFile {
    await runInternalMode { try await OpenMeter.run(url: file) }
}

do {
    let data = try DataSet.load(directory: options.dataDirectory)
    printError(
        "twitter.json: \(data.twitterOrigin); canada.json: \(data.canada.map { "\($0.count / 1024) KiB" } ?? "not found, skipped")"
    )
    printError(options.quick ? "quick run: tiny sizes and iteration counts" : "full run")
    #if DEBUG
        printError("warning: a debug build; measure with `swift run -c release etch-bench`")
    #endif

    let runner = try await BenchmarkSuite.run(options: options, data: data)
    if options.json {
        print(try Report.json(runner.results))
        Report.bars(runner.results).forEach(printError)
    } else {
        print(Report.table(runner.results))
        print(Report.legend(runner.results))
    }
    printError("checksum: \(runner.harness.checksum)")
} catch {
    printError("error: \(error)")
    exit(1)
}
