import Foundation
import Synchronization

/// A counter per store file, shared by the stores of one process: each commit bumps it, so
/// another store on the same file in the same process sees at once that it must catch up,
/// without asking SQLite.
final class FileSignal: Sendable {
    /// Bumped after every commit to the file by a store of this process.
    let generation = Atomic<Int>(0)

    /// The signals by the files' resolved paths.
    private static let signals = Mutex<[String: FileSignal]>([:])

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
}
