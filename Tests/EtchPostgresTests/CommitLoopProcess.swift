import Etch
import EtchTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `EtchPostgresCommitLoopHelper`, run as a process of its own and killed with SIGKILL:
/// the commits it acknowledged, read from its output.
enum CommitLoopProcess {
    /// Runs the helper on the store at `connectionString`, kills it `delay` after it
    /// acknowledged `commits` commits (or ended, or a minute passed), and returns the
    /// numbers of the commits it acknowledged.
    static func runUntilKilled(connectionString: String, after commits: Int, and delay: Duration) async throws
        -> [Int]
    {
        let helper = Process()
        helper.executableURL = HelperExecutable.url(named: "EtchPostgresCommitLoopHelper")
        helper.arguments = [connectionString]
        let output = Pipe()
        helper.standardOutput = output
        let lines = LineReader(output.fileHandleForReading)
        try helper.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while lines.count < commits && !lines.ended && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        try await Task.sleep(for: delay)
        kill(helper.processIdentifier, SIGKILL)
        helper.waitUntilExit()
        #expect(helper.terminationReason == .uncaughtSignal, "the helper exited by itself")
        return try await within(.seconds(60)) { await lines.all() }.compactMap { Int($0) }
    }
}

/// The lines a pipe brings, read by a thread of its own until the pipe ends.
private final class LineReader: Sendable {
    private let state = Locked<(text: String, ended: Bool)>(("", false))

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                state.withLock { $0.text += String(decoding: data, as: UTF8.self) }
            }
            state.withLock { $0.ended = true }
        }.start()
    }

    /// How many whole lines came so far.
    var count: Int { state.withLock { $0.text.utf8.count { $0 == UInt8(ascii: "\n") } } }

    /// Whether the pipe ended.
    var ended: Bool { state.withLock { $0.ended } }

    /// Every line, once the pipe ended.
    func all() async -> [String] {
        while !ended { try? await Task.sleep(for: .milliseconds(1)) }
        return state.withLock { $0.text.split(separator: "\n").map(String.init) }
    }
}
