/// What a commit to a file-backed ``Store`` survives once ``Store/write(_:)`` returned: the
/// file's SQLite `synchronous` setting in its WAL journal.
///
/// Either way the file stays consistent: a crash or a power loss never leaves half a commit
/// or a damaged file, and the objects a store reads after reopening are those of one commit.
/// The two differ in which commits a power loss may take back.
///
/// ```swift
/// // A cache the app can fetch again: commits cost no sync to the disk.
/// let store = try Store(url: url, models: EtchModels.all, options: StoreOptions(durability: .normal))
/// ```
public enum StoreDurability: String, Sendable, Hashable, CaseIterable {
    /// Every commit is on the disk before ``Store/write(_:)`` returns (`synchronous = FULL`:
    /// the WAL is synced at each commit): it survives the process being killed, the system
    /// crashing and the machine losing power. The default. Each commit waits for one sync,
    /// which costs from tens of microseconds to milliseconds, depending on the disk.
    case full
    /// Commits are written to the WAL but not synced (`synchronous = NORMAL`, GRDB's and
    /// Core Data's default): a commit that returned survives the process being killed or
    /// crashing, since the operating system holds what it wrote; a system crash or a power
    /// loss may take back the last commits before the WAL was next synced (at a checkpoint),
    /// never part of one. Commits cost no sync, so they are several times faster.
    case normal

    /// The value of SQLite's `PRAGMA synchronous` for this durability.
    var synchronousPragma: String {
        switch self {
        case .full: "FULL"
        case .normal: "NORMAL"
        }
    }
}
