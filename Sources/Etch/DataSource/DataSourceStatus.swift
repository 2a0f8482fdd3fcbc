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
public enum DataSourceCacheStatus: Sendable, Hashable {
    /// The data source has no file.
    case none
    /// The file did not exist yet; the data source started empty.
    case noFile
    /// The objects came from the file.
    case loaded(count: Int)
    /// The file could not be read or decoded: it was kept aside (see the error) and the
    /// data source started empty.
    case damaged(DataSourceError)

    /// Whether the objects came from the cache file.
    public var isFromCache: Bool {
        if case .loaded = self { return true }
        return false
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
