import Etch
import Foundation

/// Consumes an observation's stream in the background and keeps every element, so a test
/// can wait for the n-th one with a time limit instead of hanging when it never comes.
final class ChangeCollector<Element: Sendable>: Sendable {
    private let state = Locked<(elements: [Element], finished: Bool)>(([], false))
    private let consumer = Locked<Task<Void, Never>?>(nil)

    init(_ stream: AsyncStream<Element>) {
        let task = Task { [self] in
            for await element in stream { state.withLock { $0.elements.append(element) } }
            state.withLock { $0.finished = true }
        }
        consumer.withLock { $0 = task }
    }

    /// The elements received so far.
    var elements: [Element] { state.withLock { $0.elements } }

    /// Whether the stream ended.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Waits up to five seconds for at least `count` elements; returns them.
    func waitFor(_ count: Int) async -> [Element] {
        for _ in 0..<500 {
            let elements = elements
            if elements.count >= count { return elements }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return elements
    }

    /// Waits up to five seconds for the stream to end.
    func waitForEnd() async -> Bool {
        for _ in 0..<500 {
            if isFinished { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return isFinished
    }

    /// Stops consuming, which ends the observation.
    func cancel() { consumer.withLock { $0?.cancel() } }
}

extension ChangeCollector {
    /// The rows a list holds after applying, in order, every change received so far, and
    /// what was wrong on the way: a change for a list of another length, or one whose
    /// indices do not turn the rows into its snapshot. (``ListChange/apply(to:)`` forgives
    /// a wrong length by taking the snapshot; a test must not.)
    func replay<Model: Equatable>() -> (rows: [Model], problems: [String]) where Element == ListChange<Model> {
        var rows: [Model] = []
        var problems: [String] = []
        for (number, change) in elements.enumerated() {
            if rows.count != change.oldCount {
                problems.append("change \(number) is for \(change.oldCount) rows, the list has \(rows.count)")
            }
            change.apply(to: &rows)
            if rows != change.snapshot { problems.append("change \(number)'s indices do not give its snapshot") }
        }
        return (rows, problems)
    }
}
