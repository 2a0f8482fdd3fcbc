/// A task that an actor's initializer starts after `self` is complete, kept where the
/// actor's `deinit` can cancel it (the initializer may no longer set the actor's own
/// properties once the task holds `self`).
final class TaskHandle: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    init() {}

    /// Keeps `task`, to be cancelled by ``cancel()``.
    func hold(_ task: Task<Void, Never>) {
        self.task.withLock { $0 = task }
    }

    /// Cancels the task held, if any.
    func cancel() {
        task.withLock { $0?.cancel() }
    }
}
