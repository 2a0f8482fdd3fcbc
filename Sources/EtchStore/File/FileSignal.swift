@_spi(EtchCollections) import Etch
import Foundation
import Synchronization

/// What the stores of one process share about one store file: a counter each commit bumps,
/// so another store on the file sees at once that it must catch up without asking SQLite,
/// and the observed stores to wake when one commits, so their observers hear of it at once
/// rather than at their next look.
final class FileSignal: Sendable {
    /// Bumped after every commit to the file by a store of this process.
    let generation = Atomic<Int>(0)
    /// What wakes each observed store, by number.
    private let wakers = Locked<[Int: @Sendable () -> Void]>([:])
    private let nextWaker = Atomic<Int>(0)

    /// The signals by the files' resolved paths.
    private static let signals = Locked<[String: FileSignal]>([:])

    /// The signal of the file at `path`, the same for every store of this process on it.
    static func signal(forPath path: String) -> FileSignal {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return signals.withLock { signals in
            if let signal = signals[resolved] { return signal }
            let signal = FileSignal()
            signals[resolved] = signal
            return signal
        }
    }

    /// Registers what wakes an observed store; returns its number, for ``removeWaker(_:)``
    /// and ``committed(by:)``.
    func addWaker(_ wake: @escaping @Sendable () -> Void) -> Int {
        let number = nextWaker.add(1, ordering: .relaxed).newValue
        wakers.withLock { $0[number] = wake }
        return number
    }

    /// Forgets a store that is no longer observed.
    func removeWaker(_ number: Int) {
        _ = wakers.withLock { $0.removeValue(forKey: number) }
    }

    /// Says that a store of this process committed: bumps the counter and wakes every other
    /// observed store.
    ///
    /// - Parameter waker: The committing store's own number, if it is observed.
    /// - Returns: The counter's new value.
    func committed(by waker: Int?) -> Int {
        let generation = generation.add(1, ordering: .releasing).newValue
        // Most stores are not observed: no list of the others to make then.
        let others = wakers.withLock { wakers in
            wakers.isEmpty ? [] : wakers.compactMap { $0.key != waker ? $0.value : nil }
        }
        for wake in others { wake() }
        return generation
    }
}
