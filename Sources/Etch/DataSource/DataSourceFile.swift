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
enum DataSourceFileStore<Element: ImmutableModel & Identifiable> {
    enum LoadResult {
        /// No file at the URL.
        case noFile
        /// Every object decoded.
        case loaded([Element])
        /// Some objects did not decode; a copy of the file was kept at `keptAt`, or, when
        /// that failed, nowhere (`nil`).
        case partiallyLoaded([Element], skipped: [DataSourceSkippedObject], keptAt: URL?)
        /// The file could not be decoded at all; it was renamed aside (see the error).
        case damaged(DataSourceError)
        /// The file is there but could not be read now, or is of a newer version; it was
        /// left as it is.
        case unreadable(DataSourceError)
    }

    /// Reads the file. Only a file whose bytes are not a data source file counts as
    /// damaged and is renamed aside; a read error or a newer version leaves it untouched.
    ///
    /// - Parameter read: Reads the bytes; tests replace it to inject I/O errors.
    static func load(
        from url: URL,
        read: (URL) throws(DataSourceError) -> Data = AtomicFile.read
    ) -> LoadResult {
        AtomicFile.removeLeftovers(for: url)
        let data: Data
        do {
            data = try read(url)
        } catch {
            if case .readFailed(_, _, ENOENT, _) = error { return .noFile }
            return .unreadable(error)
        }
        do {
            let decoded = try DataSourceFileCodec.decode(data, as: Element.self)
            if decoded.skipped.isEmpty { return .loaded(decoded.objects) }
            // The objects that decode will be saved back without the others, so keep the
            // original bytes, all of them, beside it.
            return .partiallyLoaded(decoded.objects, skipped: decoded.skipped, keptAt: copyAside(data, of: url))
        } catch {
            switch error {
            case .newerVersion(let version):
                return .unreadable(.unsupportedVersion(url, version: version, supported: DataSourceFileCodec.version))
            case .damaged(let reason):
                return .damaged(.damagedFile(url, reason: reason, keptAt: moveAside(url)))
            }
        }
    }

    /// A free name beside `url`: `name.damaged-<timestamp>`, with `-2`, `-3`, … if taken.
    private static func asidePath(for url: URL) -> String {
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
            .replacingOccurrences(of: ":", with: "")
        let base = url.path + ".damaged-" + stamp
        var target = base
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = base + "-\(attempt)"
        }
        return target
    }

    /// Renames a damaged file aside (see ``asidePath(for:)``), or returns `nil` if it cannot.
    private static func moveAside(_ url: URL) -> URL? {
        let target = asidePath(for: url)
        guard rename(url.path, target) == 0 else { return nil }
        return URL(fileURLWithPath: target)
    }

    /// Writes a copy of a file's bytes aside (see ``asidePath(for:)``), durably, or returns
    /// `nil` if it cannot.
    private static func copyAside(_ data: Data, of url: URL) -> URL? {
        let target = URL(fileURLWithPath: asidePath(for: url))
        do {
            try AtomicFile.write(data, to: target)
            return target
        } catch {
            return nil
        }
    }

    /// Encodes and writes the objects atomically.
    ///
    /// - Throws: ``DataSourceError/encodingFailed(_:reason:)`` naming the first object
    ///   that cannot be written, before anything is written: the previous file stays intact.
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
