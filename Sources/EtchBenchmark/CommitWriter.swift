import EtchBenchmarkSupport
import EtchStore
import Foundation

/// The other process of the cross-process rows (`etch-bench --internal-writer <file> <n>`):
/// opens the store file, commits `n` times, 15 to 25 ms apart, each commit raising the plays
/// of one track by one, and prints one line per commit, `<k> <seconds>`: the commit's number
/// from 1 and ``monotonicSeconds()`` right after `write` returned.
///
/// The same loop runs in the benchmark's own process for the in-process figure
/// (``commit(to:commits:trackID:)``), so both figures time the same writes.
enum CommitWriter {
    /// What the hidden mode was asked to do.
    struct Request {
        /// The store file.
        var url: URL
        /// How many commits to make.
        var commits: Int
    }

    /// The track whose plays every commit raises.
    static let trackID = 0

    /// Runs the hidden mode: commits, then prints the times.
    static func run(_ request: Request) async throws {
        let store = try Store(url: request.url, models: [Track.self])
        let returned = try await commit(to: store, commits: request.commits)
        await store.close()
        let lines = returned.enumerated().map { "\($0.offset + 1) \($0.element)" }
        print(lines.joined(separator: "\n"))
    }

    /// Commits `commits` times to `store`, 15 to 25 ms apart (a seeded jitter, so the commits
    /// do not fall in step with the observer's watch interval), each setting the plays of
    /// ``trackID`` to one more than before.
    ///
    /// - Returns: ``monotonicSeconds()`` right after each `write` returned, in commit order.
    static func commit(to store: Store, commits: Int) async throws -> [Double] {
        var random = SeededGenerator(seed: 47)
        var returned: [Double] = []
        returned.reserveCapacity(commits)
        for _ in 0..<commits {
            try await Task.sleep(for: .milliseconds(random.int(in: 15...25)))
            try await store.write { tx in
                try tx.update(Track.self, id: trackID) { $0.copyWith(plays: $0.plays + 1) }
            }
            returned.append(monotonicSeconds())
        }
        return returned
    }
}
