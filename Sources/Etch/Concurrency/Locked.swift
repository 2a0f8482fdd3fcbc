#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// State guarded by a POSIX mutex: the lock of every piece of state Etch shares between
/// threads.
///
/// The standard library's `Mutex` waits in the kernel without telling the thread sanitizer,
/// which then reports every contended hand-over as a data race; `pthread_mutex_lock` is one
/// of the calls the sanitizer watches. Uncontended, a lock and an unlock cost about 20 ns.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Locked<State: ~Copyable>: @unchecked Sendable {
    /// The mutex, at an address that never moves while threads wait on it.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The state, read and written only while `mutex` is held.
    private var state: State

    /// Guards `state`, which from now on is reached only through ``withLock(_:)``.
    package init(_ state: consuming sending State) {
        self.state = state
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the state while holding the lock, and returns what it returns.
    ///
    /// `body` must not call `withLock` on the same lock: the mutex is not recursive.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock()
        defer { unlock() }
        return try body(&stateForLockHolder)
    }

    /// Takes the lock, for a caller that keeps its state elsewhere (a `Locked(())`) and
    /// cannot pass it through ``withLock(_:)``; pair each with ``unlock()``.
    @usableFromInline package func lock() { pthread_mutex_lock(mutex) }
    /// Gives the lock back after ``lock()``.
    @usableFromInline package func unlock() { pthread_mutex_unlock(mutex) }

    /// The state, for ``withLock(_:)`` alone, which holds the lock around every use.
    @usableFromInline var stateForLockHolder: State {
        _read { yield state }
        _modify { yield &state }
    }
}
