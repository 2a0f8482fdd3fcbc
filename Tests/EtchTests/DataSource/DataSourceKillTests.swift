import EtchTestSupport
import Foundation
import Testing

@testable import Etch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct DataSourceKillTests {}

extension DataSourceKillTests {
    /// The helper executable, built beside the test bundle.
    static var helperURL: URL {
        #if os(Linux)
            let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            let testBinary = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL
        #endif
        return testBinary.deletingLastPathComponent().appendingPathComponent("EtchSaveLoopHelper")
    }

    /// Checks that the file holds one complete version written by the helper.
    static func checkCompleteVersion(at url: URL, round: Int) async {
        let tasks = DataSource<TaskItem>(
            sortedBy: [.ascending(\.rank)], file: DataSourceFile(url: url, autosaveDelay: nil))
        guard case .loaded = tasks.cacheStatus else {
            Issue.record("round \(round): the file is not a complete version: \(tasks.cacheStatus)")
            return
        }
        let objects = await tasks.objects
        guard let title = objects.first?.title, let version = Int(title.dropFirst()) else {
            Issue.record("round \(round): no version in the file")
            return
        }
        #expect(objects.count == version % 300 + 1, "round \(round): \(objects.count) objects in version \(version)")
        #expect(objects.allSatisfy { $0.title == title }, "round \(round): mixed versions")
        #expect(objects.map(\.id) == (0..<objects.count).map { "\($0)" }, "round \(round)")
    }

    @Test func killedSavesLeaveACompleteOldOrNewFile() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("tasks.json")
        var random = SeededGenerator(seed: 42)
        for round in 0..<12 {
            let helper = Process()
            helper.executableURL = Self.helperURL
            helper.arguments = [url.path]
            let output = Pipe()
            helper.standardOutput = output
            try helper.run()
            // Wait until at least one save completed, then kill at a random moment.
            let ready = output.fileHandleForReading.availableData
            #expect(String(decoding: ready, as: UTF8.self).contains("ready"), "round \(round): helper did not start")
            try await Task.sleep(for: .microseconds(Int.random(in: 0..<40_000, using: &random)))
            kill(helper.processIdentifier, SIGKILL)
            helper.waitUntilExit()
            #expect(helper.terminationReason == .uncaughtSignal, "round \(round): helper exited by itself")
            await Self.checkCompleteVersion(at: url, round: round)
        }
        // Opening removed any temporary file a killed save left.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(names == ["tasks.json"])
    }
}
