import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

/// A commit seen by a live query of another store on the same file: the time from `write`
/// returning in one store to a live query of the other delivering the change, when the
/// writer is another process (this program again, in its ``CommitWriter`` mode) and, as the
/// baseline, when it is a second store in this process, which the commit wakes at once (so
/// the ratio is small: it says how much the look at the file adds).
///
/// Neither figure fits the harness's loop of timed calls: each commit's latency is measured
/// on the machine's monotonic clock (``monotonicSeconds()``), which both processes read, and
/// the row holds the medians (``Runner/record(_:unit:etch:baseline:requiredRatio:)``); the
/// notes hold the 99th percentiles. Both sides must deliver every commit, in order, and end
/// with the same list, or the row fails.
enum StoreSharingBenchmarks {
    /// What the issue asks of both the median and the 99th percentile, in seconds.
    static let target = 0.050

    /// Runs the rows at the default watch interval (10 ms) and at 2 ms, on a file of 100k
    /// tracks (10k with `--quick`): 200 commits per side (10 with `--quick`).
    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let commits = runner.options.quick ? 10 : 200
        let label = DataSourceBenchmarks.short(size)
        let rows: [(name: String, watch: Duration)] = [
            ("store commit seen by another process's live query, file of \(label)", StoreOptions().watchInterval),
            ("store commit seen by another process's live query, watch 2 ms, file of \(label)", .milliseconds(2)),
        ]
        guard rows.contains(where: { runner.includes($0.name) }) else { return }
        runner.progress("writing \(size) tracks to a store file")
        let directory = try ScratchDirectory()
        let url = StoreFileBenchmarks.storeURL(in: directory.url)
        let store = try Store(url: url, models: [Track.self])
        try await store.write { tx in try tx.insert(contentsOf: StoreBenchmarks.tracks(size)) }
        await store.close()

        for row in rows where runner.includes(row.name) {
            runner.progress(row.name)
            let side = runner.options.side
            let crossProcess =
                side == .baseline
                ? [] : try await latencies(on: url, watch: row.watch, commits: commits, writer: .otherProcess)
            let inProcess =
                side == .etch
                ? [] : try await latencies(on: url, watch: row.watch, commits: commits, writer: .sameProcess)
            runner.record(row.name, etch: percentile(crossProcess, 0.5), baseline: percentile(inProcess, 0.5))
            runner.note(
                "\(row.name): \(commits) commits 15 to 25 ms apart; another process: \(summary(crossProcess)); "
                    + "a second store in this process: \(summary(inProcess)); each bounded by the watch "
                    + "interval (\(Report.duration(row.watch.seconds))) plus the catch-up (PRAGMA data_version, "
                    + "the history row read and applied, the live query updated)")
        }
        runner.note("store file \(StoreFileBenchmarks.storeFileSize(url))")
    }

    /// Where the commits a live query waits for come from.
    enum Writer {
        /// This program again, in its hidden writer mode.
        case otherProcess
        /// A second store on the file in this process.
        case sameProcess
    }

    /// The seconds from each of `commits` commits returning in the writer's store to a live
    /// query of another store on `url`, observed with `watch`, delivering it.
    ///
    /// - Throws: ``MismatchError`` unless the live query delivers every commit and ends with
    ///   the list a fresh fetch gives.
    static func latencies(on url: URL, watch: Duration, commits: Int, writer: Writer) async throws -> [Double] {
        let observer = try Store(url: url, models: [Track.self], options: StoreOptions(watchInterval: watch))
        guard let track = try await observer.object(Track.self, id: CommitWriter.trackID) else {
            throw MismatchError(description: "the store file has no track \(CommitWriter.trackID)")
        }
        let (album, start) = (track.album, track.plays)
        // A screen of the track's album, by plays.
        let query = StoreQuery<Track>(predicate: #Predicate { $0.album == album }, sortBy: [SortDescriptor(\.plays)])
        let stream = try await observer.observe(query)
        let listening = Task { await deliveries(of: stream, start: start, commits: commits) }
        let returned: [Double]
        do {
            switch writer {
            case .otherProcess:
                returned = try await runWriterProcess(on: url, commits: commits)
            case .sameProcess:
                let store = try Store(url: url, models: [Track.self])
                returned = try await CommitWriter.commit(to: store, commits: commits)
                await store.close()
            }
        } catch {
            listening.cancel()
            await observer.close()
            throw error
        }
        // The last commit may still be on its way: wait for it, but not forever.
        let timeout = Task {
            try await Task.sleep(for: .seconds(2))
            listening.cancel()
        }
        let (delivered, last) = await listening.value
        timeout.cancel()
        let fresh = try await observer.fetch(query)
        await observer.close()
        guard delivered.count == commits, returned.count == commits else {
            throw MismatchError(
                description: "the live query delivered \(delivered.count) of \(returned.count) commits (\(writer))")
        }
        try expectSame(last, fresh, "the live list after \(commits) commits (\(writer))")
        // A store of this process is woken by the commit itself, so its live query may deliver
        // before the writer's `write` has returned to its caller: that counts as no delay.
        return zip(delivered, returned).map { max(0, $0 - $1) }
    }

    /// When each commit arrived: the commit that sets the track's plays to `start + k`
    /// arrives with the first change whose list shows at least that. One change may bring
    /// several commits, when they fall within one look at the file.
    ///
    /// - Returns: ``monotonicSeconds()`` at each commit's arrival, in commit order, and the
    ///   list as the last change left it.
    private static func deliveries(
        of stream: AsyncStream<ListChange<Track>>, start: Int, commits: Int
    ) async -> (arrivals: [Double], list: [Track]) {
        var arrivals: [Double] = []
        var list: [Track] = []
        for await change in stream {
            let now = monotonicSeconds()
            list = change.snapshot
            guard let plays = list.first(where: { $0.id == CommitWriter.trackID })?.plays else { continue }
            while arrivals.count < min(plays - start, commits) { arrivals.append(now) }
            if arrivals.count == commits { break }
        }
        return (arrivals, list)
    }

    /// Runs this program again as the writer, and returns when each of its commits returned.
    private static func runWriterProcess(on url: URL, commits: Int) async throws -> [Double] {
        let output = try await ProgramRun.output(
            of: ["--internal-writer", url.path, "\(commits)"],
            to: url.deletingLastPathComponent().appending(path: "writer-output.txt"), role: "the writer process",
            pollInterval: .milliseconds(20))
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        return try lines.enumerated().map { number, line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, Int(fields[0]) == number + 1, let seconds = Double(fields[1]) else {
                throw MismatchError(description: "the writer printed '\(line)' as line \(number + 1)")
            }
            return seconds
        }
    }

    /// The `fraction` percentile of `samples` (nearest rank); 0 for none.
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// The median, the 99th percentile and the largest of `samples`, and whether the first two
    /// meet ``target``.
    private static func summary(_ samples: [Double]) -> String {
        guard !samples.isEmpty else { return "not run" }
        let (median, p99) = (percentile(samples, 0.5), percentile(samples, 0.99))
        let met = median <= target && p99 <= target
        return "median \(Report.duration(median)), p99 \(Report.duration(p99)), "
            + "max \(Report.duration(samples.max() ?? 0)) "
            + "(target \(Report.duration(target)): \(met ? "met" : "MISSED"))"
    }
}
