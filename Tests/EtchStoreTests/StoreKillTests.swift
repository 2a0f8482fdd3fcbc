import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process committing to a store, killed with SIGKILL at random moments: the file keeps
/// every acknowledged commit, whole.
@Suite struct StoreKillTests {}

extension StoreKillTests {
    /// The helper executable, built beside the test bundle.
    static var helperURL: URL {
        #if os(Linux)
            let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            let testBinary = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL
        #endif
        return testBinary.deletingLastPathComponent().appendingPathComponent("EtchStoreCommitLoopHelper")
    }

    /// Runs the helper on `url`, kills it after `delay` past its first acknowledged commit,
    /// and returns the versions it acknowledged.
    static func runHelperUntilKilled(on url: URL, after delay: Duration) async throws -> [Int] {
        let helper = Process()
        helper.executableURL = helperURL
        helper.arguments = [url.path]
        let output = Pipe()
        helper.standardOutput = output
        try helper.run()
        let first = output.fileHandleForReading.availableData
        try await Task.sleep(for: delay)
        kill(helper.processIdentifier, SIGKILL)
        helper.waitUntilExit()
        #expect(helper.terminationReason == .uncaughtSignal, "the helper exited by itself")
        let rest = try output.fileHandleForReading.readToEnd() ?? Data()
        return String(decoding: first + rest, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
    }

    /// The version the store at `url` holds, after checking that every object of the
    /// helper's commits carries it (see `EtchStoreCommitLoopHelper`).
    static func wholeVersion(at url: URL) async throws -> Int {
        let store = try Store(url: url, models: EtchModels.all)
        let version = try #require(try await store.object(Room.self, id: 1)).capacity
        let artists = try await store.objects(Artist.self)
        #expect(artists.map(\.id) == ["version"] && artists.first?.name == "v\(version)", "version \(version)")
        #expect(try await store.unique(Artist.self, \.slug, "v\(version)")?.id == "version")
        let albums = try await store.sorted(Album.self, by: \.year, inGroup: Ref<Artist>(id: "version"))
        #expect(Set(albums.map(\.id)) == Set((0..<version % 20 + 1).map { "\($0)" }), "version \(version)")
        #expect(albums.allSatisfy { $0.year == version && $0.title == "v\(version)" }, "version \(version)")
        #expect(try await store.count(Album.self) == albums.count)
        return version
    }

    @Test func killedCommitsKeepEveryAcknowledgedCommitWhole() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            var random = SeededGenerator(seed: 9)
            var version = 0
            for round in 0..<8 {
                let delay = Duration.microseconds(Int.random(in: 0..<40_000, using: &random))
                let acknowledged = try await Self.runHelperUntilKilled(on: url, after: delay)
                // The helper carried on from the version the last round left.
                #expect(acknowledged.first == version + 1, "round \(round): \(acknowledged.prefix(3))")
                #expect(acknowledged == Array(acknowledged.indices.map { version + 1 + $0 }), "round \(round)")
                let last = acknowledged.last ?? version
                version = try await Self.wholeVersion(at: url)
                // Every acknowledged commit survived, and at most the one under way besides.
                #expect(version == last || version == last + 1, "round \(round): \(version) after \(last)")
            }
            #expect(version > 8)
        }
    }
}
