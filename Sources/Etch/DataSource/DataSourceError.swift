import Foundation

/// Why a ``DataSource`` could not read or write its file.
///
/// ```swift
/// if case .damaged(let error) = tasks.cacheStatus {
///     print(error)
///     // The cache file /…/tasks.json could not be read (object 3: TaskItem: at "title":
///     // missing required key (expected String)); it was kept at /…/tasks.json.damaged-2025-01-01T120000
/// }
/// ```
public enum DataSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but could not be read or decoded. It was renamed to `keptAt`, or, when
    /// that failed too, left in place (`keptAt` is `nil`) and saving is refused so it is
    /// never overwritten.
    case damagedFile(URL, reason: String, keptAt: URL?)
    /// Saving failed at `step` (such as `"write"` or `"rename"`) with a system error;
    /// the previous file is intact.
    case writeFailed(URL, step: String, code: Int32, reason: String)
    /// The objects could not be encoded.
    case encodingFailed(URL, reason: String)
    /// Saving is refused because a damaged file could not be moved aside.
    case saveRefused(URL, reason: String)

    /// The file concerned.
    public var url: URL {
        switch self {
        case .damagedFile(let url, _, _), .writeFailed(let url, _, _, _), .encodingFailed(let url, _),
            .saveRefused(let url, _):
            url
        }
    }

    public var description: String {
        switch self {
        case .damagedFile(let url, let reason, let keptAt?):
            "The cache file \(url.path) could not be read (\(reason)); it was kept at \(keptAt.path)"
        case .damagedFile(let url, let reason, nil):
            "The cache file \(url.path) could not be read (\(reason)) nor moved aside; it is left untouched"
                + " and saving is refused"
        case .writeFailed(let url, let step, let code, let reason):
            "Could not save \(url.path): \(step) failed: \(reason) (errno \(code)); the previous file is intact"
        case .encodingFailed(let url, let reason):
            "Could not save \(url.path): \(reason)"
        case .saveRefused(let url, let reason):
            "Refusing to save \(url.path): \(reason)"
        }
    }
}
