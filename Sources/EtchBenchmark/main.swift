// etch-bench: Etch against the code a user would otherwise write, side by side, in one run.
// `swift run -c release etch-bench --help` explains the options and every row.

import Foundation

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

let options: Options
do {
    guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Options.usage)
        exit(0)
    }
    options = parsed
} catch {
    printError("error: \(error)")
    exit(2)
}

if let writer = options.writer {
    do {
        try await CommitWriter.run(writer)
        exit(0)
    } catch {
        printError("error: \(error)")
        exit(1)
    }
}

if let file = options.openMeterFile {
    do {
        try await OpenMeter.run(url: file)
        exit(0)
    } catch {
        printError("error: \(error)")
        exit(1)
    }
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
