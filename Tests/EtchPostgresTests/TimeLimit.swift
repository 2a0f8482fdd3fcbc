import Etch

/// A bound on how long a call of the tests may take, to catch a hang rather than measure
/// speed: when `limit` passes first, it throws ``TimeLimitExceeded`` and leaves `operation`
/// running, so that a test whose call blocks forever (in libpq, say) fails rather than
/// stalls the run, as a trait's time limit, which waits for the test's task, would.
///
/// ```swift
/// let count = try await within(.seconds(60)) { try await store.count(Counter.self) }
/// ```
@discardableResult
func within<Result: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let first = FirstOutcome(continuation)
        let timer = Task {
            try await Task.sleep(for: limit)
            first.resume(with: .failure(TimeLimitExceeded(limit: limit)))
        }
        Task {
            do { first.resume(with: .success(try await operation())) } catch { first.resume(with: .failure(error)) }
            timer.cancel()
        }
    }
}

/// A call of the tests took longer than its bound: it hung.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    let limit: Duration

    var description: String { "the call did not return within \(limit): it hangs" }
}

/// A continuation that the operation and the timer race to resume: the first wins.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<Value, any Error>?>

    init(_ continuation: CheckedContinuation<Value, any Error>) { self.continuation = Locked(continuation) }

    func resume(with outcome: Result<Value, any Error>) {
        continuation.withLock { $0.take() }?.resume(with: outcome)
    }
}
