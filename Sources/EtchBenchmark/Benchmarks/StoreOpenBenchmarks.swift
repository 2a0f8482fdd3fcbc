import Etch
import EtchBenchmarkSupport
import EtchStore
import Foundation

/// Opening a store file of albums and holding them: how long `Store(url:models:)` takes and
/// how much memory the open store keeps, against the same figures measured on the code
/// before the open was reworked (issue 24), kept here so later runs compare with them.
enum StoreOpenBenchmarks {
    /// The figures of the code before the open was reworked (commit 7575eaa, 2026-11-27),
    /// measured with these rows, release build, on the shared 2-core benchmark machine under
    /// a load average of ~9: seconds to open and hold, and resident bytes per album held, by
    /// number of albums. The memory breakdown then: heap in use 2,090 B (the albums' own
    /// storage 1,689 B, the tables, indexes and SQLite 400 B) + 854 B freed by the opening
    /// but kept by the allocator; in a fresh process the open took 1.78 s. Of the open's
    /// time, `perf` put 61% in building the indexes (`ModelTable.load(_:)`), 29% in decoding
    /// the JSON, 5% in checking `@unique`, 1% in reading SQLite.
    static let before: [Int: (seconds: Double, residentBytes: Double)] = [100_000: (2.40, 2_944)]

    /// Runs the open and memory rows at 100k albums (10k with `--quick`; 10k, 100k and 1M
    /// with `--growth`).
    static func run(_ runner: inout Runner) async throws {
        let sizes = runner.options.growth ? [10_000, 100_000, 1_000_000] : [runner.options.quick ? 10_000 : 100_000]
        for size in sizes {
            let label = DataSourceBenchmarks.short(size)
            let names = (
                open: "store open and hold albums, file of \(label)",
                memory: "store memory per album held, file of \(label)"
            )
            guard [names.open, names.memory].contains(where: runner.includes) else { continue }
            runner.progress("writing \(size) albums to a store file")
            let directory = try ScratchDirectory()
            let url = directory.url.appending(path: "albums.store")
            let jsonBytes = try await writeAlbums(size, to: url)
            runner.note("albums: \(jsonBytes / size) bytes of JSON each; \(StoreFileBenchmarks.storeFileSize(url))")
            if runner.includes(names.memory) { try await memory(&runner, name: names.memory, url: url, size: size) }
            if runner.includes(names.open) { try await open(&runner, name: names.open, url: url, size: size) }
        }
    }

    /// Writes `count` albums into a new store file at `url`, closes it, checks that it reads
    /// back, and returns the bytes of their JSON.
    private static func writeAlbums(_ count: Int, to url: URL) async throws -> Int {
        let json = AlbumGenerator.json(count)
        let albums = try json.map { try LibraryAlbum(jsonData: $0) }
        let store = try Store(url: url, models: [LibraryAlbum.self])
        try await store.write { tx in try tx.insert(contentsOf: albums) }
        await store.close()
        let reopened = try Store(url: url, models: [LibraryAlbum.self])
        let read = try await reopened.objects(LibraryAlbum.self)
        try expectSame(read.count, count, "albums read back")
        try expectSame(read == albums, true, "the file holds the albums, every key kept")
        await reopened.close()
        return json.reduce(0) { $0 + $1.count }
    }

    private static func open(_ runner: inout Runner, name: String, url: URL, size: Int) async throws {
        runner.progress(name)
        let seconds = try await runner.harness.secondsPerOperation(
            operations: 1,
            [
                {
                    let store = try Store(url: url, models: [LibraryAlbum.self])
                    return try await store.count(LibraryAlbum.self)
                }
            ])[0]
        let before = Self.before[size]
        runner.record(name, etch: seconds, baseline: before?.seconds ?? 0, requiredRatio: size == 100_000 ? 4 : nil)
        if before == nil { runner.note("\(name): no figure of the code before the parallel open at this size") }
    }

    private static func memory(_ runner: inout Runner, name: String, url: URL, size: Int) async throws {
        runner.progress(name)
        let measured = try await OpenMeter.measure(url)
        try expectSame(measured.count, size, "albums the opening process holds")
        func perAlbum(_ bytes: Int) -> String { "\(Int((Double(bytes) / Double(size)).rounded())) B" }
        let resident = measured.residentOpen - measured.residentBefore
        let heap = measured.heapOpen - measured.heapBefore
        let models = measured.heapModels - measured.heapBefore
        runner.note(
            "\(name), per album: resident \(perAlbum(resident)) = heap in use \(perAlbum(heap)) "
                + "(the albums' own storage \(perAlbum(models)), the store's tables, indexes and SQLite "
                + "\(perAlbum(heap - models)), of which SQLite \(perAlbum(measured.sqliteOpen))) "
                + "+ freed by the opening but kept by the allocator \(perAlbum(resident - heap)) "
                + "(malloc_trim gives back \(perAlbum(measured.residentOpen - measured.residentTrimmed))); "
                + "heap in use once every album was read from the open store \(perAlbum(measured.heapRead - measured.heapBefore)); "
                + "opened in \(Report.duration(measured.openSeconds)) in that fresh process")
        let before = Self.before[size]
        runner.record(
            name, unit: .bytes, etch: Double(resident) / Double(size), baseline: before?.residentBytes ?? 0,
            requiredRatio: size == 100_000 ? 2 : nil)
    }
}
