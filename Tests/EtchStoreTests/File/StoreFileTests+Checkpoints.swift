import Etch
import EtchStore
import Foundation
import Testing

/// The WAL is checkpointed beside the commits, not in them: a commit that grows it past
/// 1,000 pages schedules a checkpoint that runs while the store goes on, and every object
/// stays where readers find it.
extension StoreFileTests {
    /// A store at `url` after one commit of about 6 MB of labels (past 1,000 pages of WAL),
    /// once a checkpoint beside the commits ran, or 30 s passed.
    static func storeAfterABackgroundCheckpoint(at url: URL) async throws -> Store {
        let store = try Store(url: url, models: EtchModels.all)
        let name = String(repeating: "n", count: 2_000)
        let labels = (0..<3_000).map { Label(id: "l\($0)", name: "\($0) \(name)") }
        try await store.write { tx in try tx.insert(contentsOf: labels) }
        let deadline = ContinuousClock.now + .seconds(30)
        while await store.backgroundCheckpoints == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        return store
    }

    @Test func aGrownWALIsCheckpointedBesideTheCommits() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "labels.store")
            let store = try await Self.storeAfterABackgroundCheckpoint(at: url)
            #expect(await store.backgroundCheckpoints >= 1)
            // The store goes on committing and reading meanwhile and after.
            try await store.write { tx in try tx.update(Label.self, id: "l7") { $0.copyWith(name: "seven") } }
            #expect(try await store.object(Label.self, id: "l7")?.name == "seven")
            // The checkpoint copied the commit from the WAL into the database file, which
            // held a few pages before.
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            #expect(size > 5_000_000)
            await store.close()
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.objects(Label.self).count == 3_000)
            #expect(try await reopened.object(Label.self, id: "l7")?.name == "seven")
            await reopened.close()
        }
    }

    /// SQLite syncs the database file only after a checkpoint that copies the whole WAL,
    /// which one beside commits never does; left to it, the commit that copies the WAL's
    /// last pages would sync every page of the cycle.
    @Test func aLargeCheckpointBesideTheCommitsSyncsTheDatabaseFile() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "labels.store")
            let store = try await Self.storeAfterABackgroundCheckpoint(at: url)
            #expect(await store.backgroundCheckpoints >= 1)
            #expect(await store.backgroundSyncs >= 1)
            try await store.write { tx in try tx.update(Label.self, id: "l7") { $0.copyWith(name: "seven") } }
            await store.close()
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.object(Label.self, id: "l7")?.name == "seven")
            await reopened.close()
        }
    }
}
