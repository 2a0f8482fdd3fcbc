import Foundation

/// Where a ``DataSource``'s paging stands.
public enum DataSourceLoadState: Sendable, CustomStringConvertible {
    /// No page was asked for yet.
    case idle
    /// A page or a reload is being fetched.
    case loading
    /// The last page arrived full; there may be more.
    case loaded
    /// The last page arrived short: everything is loaded.
    case exhausted
    /// The last load failed; the objects loaded before are kept, and the next call to
    /// ``DataSource/loadNextPage()`` asks for the same page again.
    case failed(any Error)

    /// Whether a load is running.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// Whether the loader has nothing more to give.
    public var isExhausted: Bool {
        if case .exhausted = self { return true }
        return false
    }

    /// The error of the last load, if it failed.
    public var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// The load state in words, such as `loading` or `failed: …`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .exhausted: "exhausted"
        case .failed(let error): "failed(\(error))"
        }
    }
}

/// What a ``DataSource``'s cache file held when the data source was made.
///
/// ```swift
/// switch tasks.cacheStatus {
/// case .loaded(let count): print("\(count) tasks from the cache")
/// case .partiallyLoaded(let count, let skipped, _): print("\(count) tasks; skipped:", skipped)
/// case .damaged(let error), .unreadable(let error): print(error)
/// case .none, .noFile: break
/// }
/// ```
public enum DataSourceCacheStatus: Sendable, Hashable {
    /// The data source has no file.
    case none
    /// The file did not exist yet; the data source started empty.
    case noFile
    /// The objects came from the file, all of them.
    case loaded(count: Int)
    /// The objects came from the file, except the `skipped` ones, which could not be
    /// decoded. A copy of the whole file, as it was, was kept at `keptAt`, and the data
    /// source has unsaved changes: its next save (the autosave, when the file has one)
    /// writes the objects it holds, without the skipped ones. When the copy could not be made (`keptAt` is `nil`), saving is refused
    /// instead, so the skipped objects are never lost.
    case partiallyLoaded(count: Int, skipped: [DataSourceSkippedObject], keptAt: URL?)
    /// The file's bytes are not a data source file (not JSON, or a wrong header): it was
    /// kept aside (see the error) and the data source started empty.
    case damaged(DataSourceError)
    /// The file is there but could not be read now (``DataSourceError/readFailed(_:step:code:reason:)``)
    /// or was written by a newer version (``DataSourceError/unsupportedVersion(_:version:supported:)``).
    /// It was left untouched, the data source started empty, and saving over the file is
    /// refused, so a file that may be healthy is never replaced by an empty list.
    case unreadable(DataSourceError)

    /// Whether the objects came from the cache file, all or some of them.
    public var isFromCache: Bool {
        switch self {
        case .loaded, .partiallyLoaded: true
        case .none, .noFile, .damaged, .unreadable: false
        }
    }

    /// The objects of the file that could not be decoded; empty unless ``partiallyLoaded(count:skipped:keptAt:)``.
    public var skippedObjects: [DataSourceSkippedObject] {
        if case .partiallyLoaded(_, let skipped, _) = self { return skipped }
        return []
    }
}

/// The state of a ``DataSource`` beside its objects, as ``DataSource/statuses()`` publishes it.
public struct DataSourceStatus: Sendable {
    /// Where paging stands.
    public var loadState: DataSourceLoadState
    /// The error of the last save, or `nil` once a save succeeds.
    public var saveError: DataSourceError?

    /// Makes a status.
    public init(loadState: DataSourceLoadState = .idle, saveError: DataSourceError? = nil) {
        self.loadState = loadState
        self.saveError = saveError
    }
}
