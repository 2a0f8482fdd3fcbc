import Foundation

/// Where a ``StoreQuery`` keeps what a store worked out for it — its plan and compiled
/// predicate — so that running one query value again costs no planning.
///
/// Copies of a query share the cache until one changes its predicate or sort, which gives it
/// a cache of its own.
final class QueryCache: @unchecked Sendable {
    // Unchecked: `prepared` is read and written only under `lock`, and what it holds is
    // immutable once made.
    private let lock = NSLock()
    private var prepared: AnyObject?

    /// What the cache holds, if anything.
    var value: AnyObject? {
        lock.lock()
        defer { lock.unlock() }
        return prepared
    }

    /// Keeps `value` in place of what the cache held.
    func keep(_ value: AnyObject) {
        lock.lock()
        defer { lock.unlock() }
        prepared = value
    }
}
