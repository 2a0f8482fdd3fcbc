import Foundation

/// Where and how a ``DataSource`` keeps its objects between launches.
///
/// ```swift
/// let file = DataSourceFile(url: cachesDirectory.appending(path: "tasks.json"), autosaveDelay: .seconds(2))
/// ```
public struct DataSourceFile: Sendable, Hashable {
    /// The file; its directory must exist.
    public var url: URL
    /// How long after a change the data source saves by itself (the autosave of
    /// CBLModel); `nil` saves only on ``DataSource/save()``. Changes made meanwhile are saved
    /// together.
    public var autosaveDelay: Duration?

    /// Makes a file description.
    public init(url: URL, autosaveDelay: Duration? = .seconds(1)) {
        self.url = url
        self.autosaveDelay = autosaveDelay
    }
}

/// Reads and writes a data source's file: decoding, keeping damaged files aside, atomic saves.
enum DataSourceFileStore<Element: ImmutableModel> {
    enum LoadResult {
        case noFile
        case loaded([Element])
        case damaged(DataSourceError)
    }

    /// Reads the file; a file that cannot be read or decoded is renamed aside.
    static func load(from url: URL) -> LoadResult {
        AtomicFile.removeLeftovers(for: url)
        guard FileManager.default.fileExists(atPath: url.path) else { return .noFile }
        let reason: String
        do {
            let data = try Data(contentsOf: url)
            return .loaded(try DataSourceFileCodec.decode(data, as: Element.self))
        } catch let failure as DataSourceFileCodec.Failure {
            reason = failure.reason
        } catch {
            reason = "unreadable: \(error.localizedDescription)"
        }
        return .damaged(.damagedFile(url, reason: reason, keptAt: moveAside(url)))
    }

    /// Renames a damaged file to `name.damaged-<timestamp>`, or returns `nil` if it cannot.
    private static func moveAside(_ url: URL) -> URL? {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
            .replacingOccurrences(of: ":", with: "")
        let base = url.path + ".damaged-" + stamp
        var target = base
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = base + "-\(attempt)"
        }
        guard rename(url.path, target) == 0 else { return nil }
        return URL(fileURLWithPath: target)
    }

    /// Encodes and writes the objects atomically.
    static func save(_ objects: [Element], to url: URL) throws(DataSourceError) {
        let data: Data
        do {
            data = try DataSourceFileCodec.encode(objects)
        } catch {
            throw .encodingFailed(url, reason: error.reason)
        }
        try AtomicFile.write(data, to: url)
    }
}
