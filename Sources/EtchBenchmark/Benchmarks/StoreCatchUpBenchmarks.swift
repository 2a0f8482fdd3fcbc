import Etch
import EtchStore

/// The lookup rows of ``StoreBenchmarks`` on a file-backed store: every read of a store on a
/// file first checks for other stores' commits (an atomic load and a clock read; at most once
/// per millisecond, SQLite's `PRAGMA data_version`), which an in-memory store skips. These
/// rows show what that check costs against the same naive array scans.
enum StoreCatchUpBenchmarks {
    /// Runs the `@index` and `@unique` lookups on a store file of 100k tracks (10k with
    /// `--quick`).
    static func run(_ runner: inout Runner) async throws {
        let size = runner.options.quick ? 10_000 : 100_000
        let label = DataSourceBenchmarks.short(size)
        let names = (index: "store @index lookup, file of \(label)", unique: "store @unique lookup, file of \(label)")
        guard [names.index, names.unique].contains(where: runner.includes) else { return }
        runner.progress("writing \(size) tracks to a store file")
        let directory = try ScratchDirectory()
        let tracks = StoreBenchmarks.tracks(size)
        let store = try Store(url: StoreFileBenchmarks.storeURL(in: directory.url), models: [Track.self])
        try await store.write { tx in try tx.insert(contentsOf: tracks) }
        let setup = StoreBenchmarks.Setup(store: store, tracks: tracks, albums: StoreBenchmarks.albums(size))
        let bar: Double? = size == 100_000 ? 100 : nil

        if runner.includes(names.index) {
            try await StoreBenchmarks.indexLookup(&runner, name: names.index, setup, bar: bar)
        }
        if runner.includes(names.unique) {
            try await StoreBenchmarks.uniqueLookup(&runner, name: names.unique, setup, bar: bar)
        }
        await store.close()
        runner.note("store file \(StoreFileBenchmarks.storeFileSize(StoreFileBenchmarks.storeURL(in: directory.url)))")
    }
}
