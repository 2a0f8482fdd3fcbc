import Etch

/// What a stream has sent, collected by a task of its own, for a test to wait on.
final class Collected<Element: Sendable>: Sendable {
    /// The elements, shared with the task.
    private final class Storage: Sendable {
        let elements = Locked<[Element]>([])
    }

    private let storage = Storage()
    private let task: Task<Void, Never>

    /// Collects the elements of `stream` that `isKept` keeps.
    init(_ stream: AsyncStream<Element>, keeping isKept: @escaping @Sendable (Element) -> Bool = { _ in true }) {
        let storage = storage
        task = Task {
            for await element in stream where isKept(element) { storage.elements.withLock { $0.append(element) } }
        }
    }

    deinit { task.cancel() }

    var all: [Element] { storage.elements.withLock { $0 } }

    /// Waits until `count` elements came, or `timeout` passed; the elements then.
    func waitFor(count: Int, timeout: Duration = .seconds(15)) async throws -> [Element] {
        let deadline = ContinuousClock.now + timeout
        while all.count < count && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        return all
    }
}
