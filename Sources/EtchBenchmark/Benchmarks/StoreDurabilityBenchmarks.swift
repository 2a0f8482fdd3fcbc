import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

/// A one-object commit with ``StoreDurability/normal`` beside the default ``StoreDurability/full``:
/// the same change to the same file of tracks, on two copies of it, one store each.
enum StoreDurabilityBenchmarks {
    /// The most a `.normal` commit may take: twice GRDB's commit with `synchronous = NORMAL`
    /// measured on the benchmark machine (25 µs, issue 24).
    static let target = 50e-6

    /// The environment variable that asks for more `.normal` commits after the row, alone,
    /// for a profiler (`ETCH_BENCH_PROFILE_COMMITS=20000 perf record -g etch-bench --filter durability`).
    static let profileCommitsVariable = "ETCH_BENCH_PROFILE_COMMITS"

    /// Runs the row at 100k tracks (10k with `--quick`).
    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let name = "store commit 1 object, durability .normal vs .full, file of \(DataSourceBenchmarks.short(size))"
        guard runner.includes(name) else { return }
        runner.progress("writing \(size) tracks to two store files")
        let directory = try ScratchDirectory()
        let tracks = StoreBenchmarks.tracks(size)
        func store(_ durability: StoreDurability) async throws -> Store {
            let url = directory.url.appending(path: "tracks-\(durability).store")
            let store = try Store(url: url, models: [Track.self], options: StoreOptions(durability: durability))
            try await store.write { tx in try tx.insert(contentsOf: tracks) }
            return store
        }
        let (normal, full) = (try await store(.normal), try await store(.full))

        // Each commit sets a play count no track had before, so every commit changes a track;
        // both sides change the same tracks in the same order.
        var (normalRandom, fullRandom) = (SeededGenerator(seed: 37), SeededGenerator(seed: 37))
        var (normalRound, fullRound) = (0, 0)
        func commitOne(_ store: Store, _ random: inout SeededGenerator, _ round: inout Int) async throws -> Int {
            round += 1
            let (id, plays) = (random.int(in: 0...size - 1), 10_000 + round)
            try await store.write { tx in try tx.update(Track.self, id: id) { $0.copyWith(plays: plays) } }
            return plays
        }
        for _ in 0..<3 {
            _ = try await commitOne(normal, &normalRandom, &normalRound)
            _ = try await commitOne(full, &fullRandom, &fullRound)
        }
        try expectSame(
            try await normal.objects(Track.self), try await full.objects(Track.self), "the tracks after 3 commits")

        try await runner.compare(name) {
            try await commitOne(normal, &normalRandom, &normalRound)
        } baseline: {
            try await commitOne(full, &fullRandom, &fullRound)
        }
        if let row = runner.results.last, row.name == name, row.etch > 0 {
            let met = row.etch <= target ? "met" : "MISSED"
            runner.note("\(name): .normal \(Report.duration(row.etch)) (target \(Report.duration(target)): \(met))")
        }
        // The median hides the commits that fold the ones waiting in the history into the
        // objects table (every 128th) and the one that starts the WAL again (about one in
        // 2,000, 5–17 ms): the spread of a run of single commits shows them. As many as
        // Peers/GRDBCommit times, so that the two means take in their rare slow commits alike.
        let spread = try await spreadOfCommits(runner.options.quick ? 256 : 20_000) {
            try await commitOne(normal, &normalRandom, &normalRound)
        }
        runner.note("\(name): .normal commits one by one: \(spread)")
        // For a profiler: that many more `.normal` commits in a row, after the setup and the
        // comparison, so that a profile of the end of the run holds nothing else.
        if let text = ProcessInfo.processInfo.environment[profileCommitsVariable], let count = Int(text), count > 0 {
            let (start, inPlace, checkpoints) = (
                ContinuousClock.now, await normal.inPlaceCommits, await normal.backgroundCheckpoints
            )
            for _ in 0..<count { _ = try await commitOne(normal, &normalRandom, &normalRound) }
            let each = (ContinuousClock.now - start) / count
            let applied = await normal.inPlaceCommits - inPlace
            let checkpointed = await normal.backgroundCheckpoints - checkpoints
            let wal = directory.url.appending(path: "tracks-\(StoreDurability.normal).store-wal")
            let walBytes = (try? FileManager.default.attributesOfItem(atPath: wal.path)[.size] as? Int) ?? 0
            runner.note(
                "\(name): \(count) more .normal commits for a profiler, \(each) each, \(applied) applied in place, "
                    + "\(checkpointed) WAL checkpoints in the background, WAL file \(walBytes / 1024) KiB")
        }
        await normal.close()
        await full.close()
    }

    /// The mean, median, 99th percentile and slowest of `count` commits timed one by one.
    private static func spreadOfCommits(_ count: Int, _ commit: () async throws -> Int) async throws -> String {
        var times: [Duration] = []
        times.reserveCapacity(count)
        let clock = ContinuousClock()
        for _ in 0..<count {
            let start = clock.now
            _ = try await commit()
            times.append(clock.now - start)
        }
        times.sort()
        let (median, high, slowest) = (times[count / 2], times[count * 99 / 100], times[count - 1])
        let mean = times.reduce(Duration.zero, +) / count
        return "mean \(Report.duration(mean.seconds)), median \(Report.duration(median.seconds)), "
            + "99th percentile \(Report.duration(high.seconds)), "
            + "slowest \(Report.duration(slowest.seconds)) of \(count)"
    }
}
