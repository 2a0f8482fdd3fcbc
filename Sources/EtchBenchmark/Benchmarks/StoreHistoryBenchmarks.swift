import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

/// What changed since a sync's last run: ``Store/history(since:)`` against what a sync
/// without a history does, reading every object again (`store.objects`) and comparing each
/// with the copy it kept at its last run.
///
/// A file-backed store of 10k tracks (1k with `--quick`) takes 1,000 commits (100 with
/// `--quick`) of 10 tracks each, every commit giving its tracks plays no track had. Both sides
/// must first find the same tracks changed, with the same final values.
enum StoreHistoryBenchmarks {
    /// How many tracks each commit changes.
    static let tracksPerCommit = 10

    /// Runs the rows over every commit, and over the last 10 only.
    static func run(_ runner: inout Runner) async throws {
        let (size, commits) = runner.options.quick ? (1_000, 100) : (10_000, 1_000)
        let file = "file of \(DataSourceBenchmarks.short(size))"
        let rows = [
            (name: "store history since \(count(commits)) commits of 10 vs re-reading, \(file)", commits: commits),
            (name: "store history since the last 10 commits of 10 vs re-reading, \(file)", commits: 10),
        ]
        guard rows.contains(where: { runner.includes($0.name) }) else { return }
        runner.progress("writing \(size) tracks to a store file, then \(commits) commits of \(tracksPerCommit)")
        let directory = try ScratchDirectory()
        let store = try Store(url: StoreFileBenchmarks.storeURL(in: directory.url), models: [Track.self])
        try await store.write { tx in try tx.insert(contentsOf: StoreBenchmarks.tracks(size)) }
        // What a sync kept at its last run, before each row's commits: the token, the objects.
        let starts = Set(rows.map { commits - $0.commits })
        var kept: [Int: (token: HistoryToken, objects: [Track])] = [:]
        var random = SeededGenerator(seed: 53)
        for round in 1...commits {
            if starts.contains(round - 1) {
                kept[round - 1] = (await store.historyToken, try await store.objects(Track.self))
            }
            var ids = Set<Int>()
            while ids.count < tracksPerCommit { ids.insert(random.int(in: 0...size - 1)) }
            let changed = ids.sorted()
            try await store.write { tx in
                for id in changed { try tx.update(Track.self, id: id) { $0.copyWith(plays: 10_000 + round) } }
            }
        }
        for row in rows where runner.includes(row.name) {
            guard let (token, objects) = kept[commits - row.commits] else { continue }
            try await compare(&runner, name: row.name, store: store, since: token, kept: objects)
        }
        await store.close()
        runner.note("store file \(StoreFileBenchmarks.storeFileSize(StoreFileBenchmarks.storeURL(in: directory.url)))")
    }

    /// `commits` as a row's name says it: `1k`, or `100` below a thousand.
    private static func count(_ commits: Int) -> String {
        commits >= 1_000 ? DataSourceBenchmarks.short(commits) : "\(commits)"
    }

    /// Times `history(since: token)` against reading every track and comparing each with
    /// `kept`, the tracks as they were at `token`.
    private static func compare(
        _ runner: inout Runner, name: String, store: Store, since token: HistoryToken, kept: [Track]
    ) async throws {
        func reread() async throws -> [Track] {
            let now = try await store.objects(Track.self)
            guard now.count == kept.count else {
                throw MismatchError(description: "\(name): \(now.count) tracks, \(kept.count) kept")
            }
            var changed: [Track] = []
            for (old, new) in zip(kept, now) where old != new { changed.append(new) }
            return changed
        }
        // The history's last value of each track it names, in id order.
        var latest: [Int: Track] = [:]
        let commits = try await store.history(since: token)
        for commit in commits {
            for track in try commit.changes(of: Track.self).updated { latest[track.id] = track }
        }
        let fromHistory = latest.sorted { $0.key < $1.key }.map(\.value)
        let fromRereading = try await reread()
        try expectSame(fromHistory.map(\.id), fromRereading.map(\.id), "\(name): the tracks changed")
        try expectSame(fromHistory, fromRereading, "\(name): their final values")
        runner.note(
            "\(name): \(commits.count) commits, \(commits.count * tracksPerCommit) changes of "
                + "\(fromHistory.count) tracks in \(kept.count)")

        // Both sides end with the changed tracks as models: the history's decoded from the
        // JSON it holds, the re-read's compared with the kept copies.
        try await runner.compare(name) {
            var changed = 0
            for commit in try await store.history(since: token) {
                changed += try commit.changes(of: Track.self).updated.count
            }
            return changed
        } baseline: {
            try await reread().count
        }
    }
}
