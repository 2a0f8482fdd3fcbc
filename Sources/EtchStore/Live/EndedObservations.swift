@_spi(EtchCollections) import Etch

/// The observations whose streams ended, written down for the store's actor to remove
/// from their tables.
///
/// A stream ends on its consumer's thread (the consumer stopped, or its task was
/// cancelled), where the actor's tables cannot be touched. A task per ended stream to hop
/// to the actor cost a live query's first result more than the query: a task to create, a
/// thread to wake, then the two threads taking turns at the actor. So an ended stream is
/// written down here, and the actor removes what is written down before it adds or counts
/// observations; one delayed sweep, at most one at a time, removes it for a store that
/// does neither.
final class EndedObservations: Sendable {
    /// One ended observation: its table's model type and its number there.
    struct Ended: Sendable {
        let type: any IdentifiedModel.Type
        let number: Int
    }

    private struct State {
        var ended: [Ended] = []
        /// Whether a sweep is on its way, which takes every end written down before it.
        var isSweepScheduled = false
    }

    private let state = Locked(State())

    /// How long a sweep waits before removing the ends written down, so that a consumer
    /// starting and stopping observations in a loop wakes no other thread on each.
    static var sweepDelay: Duration { .milliseconds(10) }

    init() {}

    /// Writes an ended observation down.
    ///
    /// - Returns: Whether the caller must schedule a sweep: none is on its way.
    func record(_ number: Int, of type: any IdentifiedModel.Type) -> Bool {
        state.withLock { state in
            state.ended.append(Ended(type: type, number: number))
            defer { state.isSweepScheduled = true }
            return !state.isSweepScheduled
        }
    }

    /// Takes every end written down.
    ///
    /// - Parameter endingSweep: Whether the scheduled sweep takes them, so that the next
    ///   end schedules another.
    func take(endingSweep: Bool) -> [Ended] {
        state.withLock { state in
            if endingSweep { state.isSweepScheduled = false }
            guard !state.ended.isEmpty else { return [] }
            defer { state.ended = [] }
            return state.ended
        }
    }
}
