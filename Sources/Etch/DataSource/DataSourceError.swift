import Foundation

/// Why a ``DataSource`` could not read or write its file.
///
/// ```swift
/// if case .damaged(let error) = tasks.cacheStatus {
///     print(error)
///     // The cache file /…/tasks.json could not be read (not valid JSON (812 bytes): …);
///     // it was kept at /…/tasks.json.damaged-2025-01-01T120000
/// }
/// ```
public enum DataSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's bytes are not a data source file (not JSON, or a wrong header). It was
    /// renamed to `keptAt`, or, when that failed too, left in place (`keptAt` is `nil`) and
    /// saving is refused so it is never overwritten.
    case damagedFile(URL, reason: String, keptAt: URL?)
    /// The file is there but reading it failed at `step` (`"open"` or `"read"`) with a
    /// system error, such as `EIO`, `EMFILE` or `EACCES`. It was left untouched, and saving
    /// over it is refused: the error may pass, and the file may be fine.
    case readFailed(URL, step: String, code: Int32, reason: String)
    /// The file was written in a format `version` newer than the `supported` one this code
    /// reads. It was left untouched, and saving over it is refused.
    case unsupportedVersion(URL, version: Int, supported: Int)
    /// Saving failed at `step` (such as `"write"` or `"rename"`) with a system error;
    /// the previous file is intact.
    case writeFailed(URL, step: String, code: Int32, reason: String)
    /// The objects could not be encoded; `reason` names the first object that cannot be
    /// written (by index and id) and why, such as a NaN double. Nothing was written: the
    /// previous file is intact.
    case encodingFailed(URL, reason: String)
    /// Saving is refused because the file there must not be overwritten: it could not be
    /// read (``readFailed(_:step:code:reason:)``, ``unsupportedVersion(_:version:supported:)``),
    /// or it was damaged and could not be moved or copied aside.
    case saveRefused(URL, reason: String)
    /// The store behind a data source (see ``DataSourceBacking``) refused a write, such as
    /// one that breaks a `@unique` index; the data source went back to what the store holds.
    case storeWriteFailed(reason: String)

    /// The file concerned; `nil` for a store's refusal.
    public var url: URL? {
        switch self {
        case .damagedFile(let url, _, _), .readFailed(let url, _, _, _), .unsupportedVersion(let url, _, _),
            .writeFailed(let url, _, _, _), .encodingFailed(let url, _), .saveRefused(let url, _):
            url
        case .storeWriteFailed: nil
        }
    }

    /// What happened, in words a person can act on.
    public var description: String {
        switch self {
        case .damagedFile(let url, let reason, let keptAt?):
            "The cache file \(url.path) could not be read (\(reason)); it was kept at \(keptAt.path)"
        case .damagedFile(let url, let reason, nil):
            "The cache file \(url.path) could not be read (\(reason)) nor moved aside; it is left untouched"
                + " and saving is refused"
        case .readFailed(let url, let step, let code, let reason):
            "Could not read the cache file \(url.path): \(step) failed: \(reason) (errno \(code)); it is left untouched"
                + " and saving over it is refused"
        case .unsupportedVersion(let url, let version, let supported):
            "The cache file \(url.path) has format version \(version), newer than the version \(supported) this code"
                + " reads; it is left untouched and saving over it is refused"
        case .writeFailed(let url, let step, let code, let reason):
            "Could not save \(url.path): \(step) failed: \(reason) (errno \(code)); the previous file is intact"
        case .encodingFailed(let url, let reason):
            "Could not save \(url.path): \(reason)"
        case .saveRefused(let url, let reason):
            "Refusing to save \(url.path): \(reason)"
        case .storeWriteFailed(let reason):
            "The store refused the data source's write (\(reason)); the data source shows what the store holds"
        }
    }
}
