import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

/// Keeping tracks in a file: a file-backed ``Store``, which writes what one commit changed in
/// one SQLite transaction, against a ``DataSource`` with a file, which rewrites the whole file
/// on every save, as Etch users do today.
///
/// Both files sit in one scratch directory under the system's temporary directory and hold
/// the same tracks; both sides make the same changes, and both files must read back the
/// same before anything is timed.
enum StoreFileBenchmarks {
    /// Runs the commit and open rows (one after a schema change) at 100k tracks (10k with `--quick`).
    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let label = DataSourceBenchmarks.short(size)
        let commitName = "store commit 1 object, file of \(label)"
        if runner.includes(commitName) {
            try await commit(&runner, name: commitName, size: size, bar: size == 100_000 ? 100 : nil)
        }
        let openName = "store open file of \(label)"
        if runner.includes(openName) { try await open(&runner, name: openName, size: size) }
        let schemaChangeName = "store open file of \(label) after adding an indexed field"
        if runner.includes(schemaChangeName) {
            try await openAfterSchemaChange(&runner, name: schemaChangeName, size: size)
        }
    }

    /// The store's file in `directory`.
    static func storeURL(in directory: URL) -> URL { directory.appending(path: "tracks.store") }

    /// The data source's file in `directory`.
    static func dataSourceURL(in directory: URL) -> URL { directory.appending(path: "tracks.json") }

    /// Opens the data source file in `directory`, saving only when asked.
    static func openDataSource(in directory: URL) -> DataSource<Track> {
        DataSource<Track>(sortedBy: [], file: DataSourceFile(url: dataSourceURL(in: directory), autosaveDelay: nil))
    }

    /// Writes `tracks` into a new store file and a new data source file in `directory`, and
    /// returns both, open.
    static func makeFiles(_ tracks: [Track], in directory: URL) async throws -> (Store, DataSource<Track>) {
        let store = try Store(url: storeURL(in: directory), models: [Track.self])
        try await store.write { tx in try tx.insert(contentsOf: tracks) }
        let dataSource = openDataSource(in: directory)
        await dataSource.sortAndAdd(contentsOf: tracks)
        try await dataSource.save()
        return (store, dataSource)
    }

    /// Both files read back, compared with each other and with `expected`.
    static func expectSameFiles(in directory: URL, _ expected: [Track], _ what: String) async throws {
        let store = try Store(url: storeURL(in: directory), models: [Track.self])
        let fromStore = try await store.objects(Track.self)
        let fromDataSource = await openDataSource(in: directory).objects
        try expectSame(fromStore.count, expected.count, "\(what): tracks in the store file")
        try expectSame(fromStore == expected, true, "\(what): the store file holds the tracks")
        try expectSame(fromDataSource == expected, true, "\(what): the data source file holds the tracks")
    }

    /// Says how large each file is; the store's WAL only while it is there.
    static func noteSizes(_ runner: Runner, in directory: URL) {
        runner.note(
            "store file \(storeFileSize(storeURL(in: directory))), "
                + "data source file \((fileSize(dataSourceURL(in: directory)) ?? 0) / 1024) KiB")
    }

    /// The size of the store file at `url`, and of its WAL while it is there: `2564 KiB + WAL 12 KiB`.
    static func storeFileSize(_ url: URL) -> String {
        let wal = fileSize(URL(filePath: url.path + "-wal")).map { " + WAL \($0 / 1024) KiB" } ?? ""
        return "\((fileSize(url) ?? 0) / 1024) KiB\(wal)"
    }

    /// The size of the file at `url` in bytes, or nil when there is none.
    private static func fileSize(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
    }

    private static func commit(_ runner: inout Runner, name: String, size: Int, bar: Double?) async throws {
        runner.progress("writing \(size) tracks to a store file and a data source file")
        let directory = try ScratchDirectory()
        let tracks = StoreBenchmarks.tracks(size)
        let (store, dataSource) = try await makeFiles(tracks, in: directory.url)

        // Each change sets a play count no track had before, so every commit changes a track.
        var (etchRandom, naiveRandom) = (SeededGenerator(seed: 31), SeededGenerator(seed: 31))
        var (etchRound, naiveRound) = (0, 0)
        func change(_ random: inout SeededGenerator, _ round: inout Int) -> (id: Int, plays: Int) {
            round += 1
            return (random.int(in: 0...size - 1), 10_000 + round)
        }
        func commitOne(_ id: Int, _ plays: Int) async throws {
            try await store.write { tx in try tx.update(Track.self, id: id) { $0.copyWith(plays: plays) } }
        }
        func rewrite(_ id: Int, _ plays: Int) async throws {
            await dataSource.update(id: id) { $0.copyWith(plays: plays) }
            try await dataSource.save()
        }
        var expected = tracks
        for _ in 0..<3 {
            let (id, plays) = change(&etchRandom, &etchRound)
            try await commitOne(id, plays)
            let naive = change(&naiveRandom, &naiveRound)
            try await rewrite(naive.id, naive.plays)
            expected[id] = expected[id].copyWith(plays: plays)
        }
        try await expectSameFiles(in: directory.url, expected, "after 3 changes")

        try await runner.compare(name, requiredRatio: bar) {
            let (id, plays) = change(&etchRandom, &etchRound)
            try await commitOne(id, plays)
            return plays
        } baseline: {
            let (id, plays) = change(&naiveRandom, &naiveRound)
            try await rewrite(id, plays)
            return plays
        }
        noteSizes(runner, in: directory.url)
    }

    private static func open(_ runner: inout Runner, name: String, size: Int) async throws {
        runner.progress("writing \(size) tracks to a store file and a data source file")
        let directory = try ScratchDirectory()
        let tracks = StoreBenchmarks.tracks(size)
        // Written, then closed, so that opening reads them as an app's next launch would.
        _ = try await makeFiles(tracks, in: directory.url)
        try await expectSameFiles(in: directory.url, tracks, "as written")

        try await runner.compare(name) {
            try await Store(url: storeURL(in: directory.url), models: [Track.self]).count
        } baseline: {
            await openDataSource(in: directory.url).count
        }
        noteSizes(runner, in: directory.url)
    }
}
