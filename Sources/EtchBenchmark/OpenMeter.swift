import EtchBenchmarkSupport
import EtchStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The other process of the memory row (`etch-bench --internal-open <file>`): opens a store
/// file of ``LibraryAlbum``s in a fresh process and prints one ``Measurement`` as JSON, so the
/// row sees what an app's launch costs, with none of the benchmark's own allocations (the
/// albums it generated, the file it wrote) in the figures.
enum OpenMeter {
    /// What the process measured; bytes are of the whole process.
    struct Measurement: Codable {
        /// The albums the store holds.
        var count: Int
        /// The seconds `Store(url:models:)` took.
        var openSeconds: Double
        /// Resident memory before opening, with the store open, and after `malloc_trim(0)`
        /// gave back what the allocator held free.
        var residentBefore: Int
        var residentOpen: Int
        var residentTrimmed: Int
        /// Heap bytes in use (``HeapMeter``) before opening, with the store open, and with only
        /// the albums left: the store closed and dropped, an array of them kept.
        var heapBefore: Int
        var heapOpen: Int
        var heapModels: Int
        /// Heap bytes in use with the store open after every album was read from it once:
        /// an album held as its bytes keeps them beside the values read from them.
        var heapRead: Int
        /// SQLite's own heap with the store open (`sqlite3_memory_used()`): its page cache,
        /// schema and statements.
        var sqliteOpen: Int
    }

    /// Runs the hidden mode: opens the store at `url`, measures, prints.
    static func run(url: URL) async throws {
        #if canImport(Glibc)
            guard let meter = HeapMeter() else { throw MismatchError(description: "no malloc_info()") }
            // SQLite and the store's code are loaded and set up before the first measurement.
            let warmUp = try ScratchDirectory()
            try await Store(url: warmUp.url.appending(path: "warm-up.store"), models: [LibraryAlbum.self]).close()
            let residentBefore = residentBytes()
            let heapBefore = try meter.bytesInUse()
            let start = monotonicSeconds()
            var store: Store? = try Store(url: url, models: [LibraryAlbum.self])
            let openSeconds = monotonicSeconds() - start
            let heapOpen = try meter.bytesInUse()
            let residentOpen = residentBytes()
            let sqliteOpen = StoreFile.sqliteBytesInUse
            FreedMemory.giveBack()
            let residentTrimmed = residentBytes()
            let albums = try await store?.objects(LibraryAlbum.self) ?? []
            let heapRead = try meter.bytesInUse() - albums.count * MemoryLayout<LibraryAlbum>.stride
            await store?.close()
            store = nil
            let heapModels = try meter.bytesInUse() - albums.count * MemoryLayout<LibraryAlbum>.stride
            let measurement = Measurement(
                count: albums.count, openSeconds: openSeconds, residentBefore: residentBefore,
                residentOpen: residentOpen, residentTrimmed: residentTrimmed, heapBefore: heapBefore,
                heapOpen: heapOpen, heapModels: heapModels, heapRead: heapRead, sqliteOpen: sqliteOpen)
            withExtendedLifetime(albums) {}
            print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
        #else
            throw MismatchError(description: "the memory row needs Linux's /proc and glibc")
        #endif
    }

    #if canImport(Glibc)
        /// The process's resident memory, from `/proc/self/statm`.
        static func residentBytes() -> Int {
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return pages * sysconf(Int32(_SC_PAGESIZE))
        }
    #endif

    /// Runs this program again in its `--internal-open` mode on `url` and reads what it measured.
    static func measure(_ url: URL) async throws -> Measurement {
        let output = try await ProgramRun.output(
            of: ["--internal-open", url.path], to: url.deletingLastPathComponent().appending(path: "open-output.json"),
            role: "the opening process", pollInterval: .milliseconds(20))
        return try JSONDecoder().decode(Measurement.self, from: output)
    }
}
