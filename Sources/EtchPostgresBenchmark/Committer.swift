import EtchBenchmarkSupport
import Foundation

/// One process of the concurrent row: this program again, in its hidden committer mode,
/// making one-object commits to one side's table from an agreed start on.
enum Committer {
    /// How many processes commit at once.
    static let processes = 8

    /// What one committer process is told.
    struct Request {
        /// The side whose table it commits to.
        var side: Options.Side
        /// Its number, from 0: it writes the albums whose number leaves this remainder
        /// divided by ``processes``, so no two processes write one row.
        var process: Int
        /// When to make the first commit, in ``monotonicSeconds()``.
        var start: Double
    }

    /// The albums process `process` writes: its share of the first ones, their rating changed.
    static func albums(process: Int, commits: Int, count: Int) -> [AlbumRecord] {
        var generator = AlbumGenerator(count: count)
        let records = generator.next(processes * commits, of: count)
        return stride(from: process, to: records.count, by: processes).map { records[$0].rerated }
    }

    /// Runs the hidden mode: connects, waits for the start, commits, then prints the
    /// monotonic seconds of its first commit's start and its last commit's end.
    static func run(_ request: Request, options: Options, url: String) async throws {
        let records = albums(process: request.process, commits: options.commitsPerProcess, count: options.count)
        let begin: Double
        switch request.side {
        case .etch:
            let albums = try await EtchAlbums(connectionString: url)
            let models = try records.map { try LibraryAlbum(jsonString: $0.json) }
            begin = try await waitForStart(request.start)
            for model in models { try await albums.commit(model) }
            await albums.store.close()
        case .baseline:
            let albums = try BaselineAlbums(connectionString: url)
            begin = try await waitForStart(request.start)
            for record in records { try albums.commit(record) }
        }
        print("\(begin) \(monotonicSeconds())")
    }

    /// Sleeps until `start`, and returns when it began (later than `start` when the process
    /// was late).
    private static func waitForStart(_ start: Double) async throws -> Double {
        let wait = start - monotonicSeconds()
        if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
        return monotonicSeconds()
    }

    /// Runs ``processes`` committer processes on one side, all starting at once, and
    /// returns the seconds from the first one's start to the last one's end, per commit.
    static func secondsPerCommit(side: Options.Side, options: Options, url: String) async throws -> Double {
        let start = monotonicSeconds() + (options.quick ? 1 : 2)
        let directory = FileManager.default.temporaryDirectory
        var arguments = ["--url", url, "--count", String(options.count)]
        if options.quick { arguments.append("--quick") }
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for process in 0..<processes {
                let file = directory.appending(path: "etch-pg-bench-\(getpid())-\(process).out")
                let all = arguments + ["--internal-committer", side.rawValue, String(process), String(start)]
                group.addTask {
                    defer { try? FileManager.default.removeItem(at: file) }
                    let output = try await ProgramRun.output(of: all, to: file, role: "committer \(process)")
                    return String(decoding: output, as: UTF8.self)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let spans = outputs.map { $0.split(whereSeparator: \.isWhitespace).compactMap { Double($0) } }
        guard spans.allSatisfy({ $0.count == 2 }) else {
            throw MismatchError(description: "a committer printed no times: \(outputs)")
        }
        let first = spans.map { $0[0] }.min() ?? 0
        let last = spans.map { $0[1] }.max() ?? 0
        return (last - first) / Double(processes * options.commitsPerProcess)
    }
}
