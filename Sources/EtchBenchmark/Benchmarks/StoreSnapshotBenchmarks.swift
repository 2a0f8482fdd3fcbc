import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation
import Synchronization

/// Reads that never wait: point reads of a store file while one `write` commits 100k
/// objects, against the same reads of the idle store, and a read of a snapshot against an
/// awaited read.
///
/// Before snapshots (Etch 0.x, 2026-11-26), every read of a store waited for its actor, so
/// one read issued during a 100k-object import waited the whole commit (0.84 s into an empty
/// store, 5.1 s into a store of 100k, the figures); GRDB's pool answered thousands
/// of reads meanwhile, median 113 µs, worst 4 to 12 ms on this machine.
enum StoreSnapshotBenchmarks {
    /// The worst read during the commit that the row accepts, in seconds.
    static let worstTarget = 0.020

    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let label = DataSourceBenchmarks.short(size)
        let duringName = "store point read during a \(label)-object commit vs idle, file of \(label)"
        let worstName = "store worst read during a \(label)-object commit vs 20 ms, file of \(label)"
        let snapshotName = "store point read on a snapshot vs awaited read, \(label)"
        guard [duringName, worstName, snapshotName].contains(where: runner.includes) else { return }
        let directory = try ScratchDirectory()
        let url = StoreFileBenchmarks.storeURL(in: directory.url)
        let store = try Store(url: url, models: [Track.self])
        let tracks = StoreBenchmarks.tracks(size)
        runner.progress("writing \(size) tracks to a store file")
        let importStart = monotonicSeconds()
        try await store.write { tx in try tx.insert(contentsOf: tracks) }
        runner.note(
            "a commit of \(size) objects into an empty store file: \(Report.duration(monotonicSeconds() - importStart)) "
                + "(0.84 s before snapshots, the issue's figure)")

        if runner.includes(snapshotName) {
            var (etchRandom, awaitedRandom) = (SeededGenerator(seed: 23), SeededGenerator(seed: 23))
            let snapshot = store.snapshot
            try await runner.compare(snapshotName, requiredRatio: 1.0) {
                try snapshot.object(Track.self, id: etchRandom.int(in: 0...size - 1))?.plays ?? 0
            } baseline: {
                try await store.object(Track.self, id: awaitedRandom.int(in: 0...size - 1))?.plays ?? 0
            }
        }

        guard runner.includes(duringName) || runner.includes(worstName) else { return }
        runner.progress(duringName)
        let idle = try await readLatencies(store, size: size, until: { $0 >= 20_000 })
        // The commit replaces every track with a changed copy and adds as many new ones.
        let changed = tracks.map { $0.copyWith(plays: $0.plays + 1) }
        let added = tracks.map { track in
            Track(
                id: track.id + size, code: "NEW-\(track.id)", album: track.album, plays: track.plays,
                title: track.title, score: track.score, record: track.record)
        }
        let done = Atomic<Bool>(false)
        let started = monotonicSeconds()
        let writer = Task {
            defer { done.store(true, ordering: .releasing) }
            try await store.write { tx in
                try tx.insert(contentsOf: changed)
                try tx.insert(contentsOf: added)
            }
        }
        let during = try await readLatencies(store, size: size, until: { _ in done.load(ordering: .acquiring) })
        try await writer.value
        let commitSeconds = monotonicSeconds() - started
        guard try await store.count(Track.self) == 2 * size else {
            throw MismatchError(description: "the commit did not land: \(try await store.count(Track.self)) tracks")
        }
        let median = StoreSharingBenchmarks.percentile(during, 0.5)
        let idleMedian = StoreSharingBenchmarks.percentile(idle, 0.5)
        let worst = during.max() ?? 0
        if runner.includes(duringName) {
            runner.record(duringName, etch: median, baseline: idleMedian, requiredRatio: 0.5)
        }
        if runner.includes(worstName) {
            runner.record(worstName, etch: worst, baseline: worstTarget, requiredRatio: 1.0)
        }
        runner.note(
            "reads during a commit of \(2 * size) objects (\(Report.duration(commitSeconds))): \(during.count) "
                + "reads, median \(Report.duration(median)), p99 \(Report.duration(StoreSharingBenchmarks.percentile(during, 0.99))), "
                + "worst \(Report.duration(worst)), \(during.filter { $0 > 0.010 }.count) over 10 ms; "
                + "idle: median \(Report.duration(idleMedian)); "
                + "before snapshots one read waited the whole commit")
        await store.close()
    }

    /// The seconds each awaited point read took, issued one after another until `stop` says
    /// so (it is given the number of reads so far), at least one.
    private static func readLatencies(
        _ store: Store, size: Int, until stop: (Int) -> Bool
    ) async throws -> [Double] {
        var random = SeededGenerator(seed: 29)
        var latencies: [Double] = []
        latencies.reserveCapacity(100_000)
        repeat {
            let id = random.int(in: 0...size - 1)
            let start = monotonicSeconds()
            guard try await store.object(Track.self, id: id) != nil else {
                throw MismatchError(description: "track \(id) is missing during the commit")
            }
            latencies.append(monotonicSeconds() - start)
        } while !stop(latencies.count)
        return latencies
    }
}
