import Foundation

/// What a store's reads need without waiting for the store's actor: the current snapshot,
/// and whether it may be behind the file.
///
/// The actor publishes a new snapshot after each commit is durable and after each catch-up
/// with other stores' commits; a read takes the current one under a lock, in nanoseconds
/// unless a small commit holds the lock to apply its changes in place (microseconds).
struct StoreReadState: Sendable {
    /// The store as of its last durable commit, or the last commit it caught up with.
    var snapshot: StoreSnapshot
    /// Whether a write holds the file's write lock: no other store can commit then, and the
    /// write caught up when it began, so the snapshot is as fresh as the file.
    var isWriting = false
    /// When the store last looked at its file for other stores' commits.
    var lastCheck = ContinuousClock.now
    /// The file signal's generation when the store last caught up.
    var seenGeneration = 0
    /// Whether ``Store/close()`` was called.
    var isClosed = false
}
