import Foundation

/// A meeting point of threads: each waits in ``arrive(timeout:)`` until all have arrived, so
/// that two transactions' bodies can be made to hold their first locks at once.
final class Rendezvous: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0

    /// A meeting of `parties` threads.
    init(parties: Int = 2) {
        self.parties = parties
    }

    /// Waits until every party has arrived, or until `timeout` has passed.
    ///
    /// - Returns: Whether all arrived in time.
    @discardableResult
    func arrive(timeout: TimeInterval = 10) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while arrived < parties {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}
