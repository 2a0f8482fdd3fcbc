import Etch
import EtchStore
import Foundation
import Testing

/// The store lets go of the snapshots it stops publishing once no read holds them; a snapshot
/// a reader keeps stays whole meanwhile and after.
extension StoreSnapshotTests {
    /// Commits that rebuild a whole table replace every node of the old snapshots; each one a
    /// reader holds still reads the objects of its own commit.
    @Test(arguments: StoreStorage.allCases)
    func snapshotsHeldAcrossCommitsThatRebuildATableKeepTheirObjects(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            var held: [StoreSnapshot] = []
            for round in 0..<3 {
                try await store.write { tx in
                    for number in 0..<3_000 {
                        try tx.insert(Artist(id: "a\(number)", name: "Round \(round)", slug: "s\(number)"))
                    }
                }
                held.append(store.snapshot)
                // A read between commits holds the current snapshot only while it reads.
                #expect(try await store.object(Artist.self, id: "a7")?.name == "Round \(round)")
            }
            for (round, snapshot) in held.enumerated() {
                #expect(try snapshot.count(Artist.self) == 3_000)
                #expect(try snapshot.objects(Artist.self).allSatisfy { $0.name == "Round \(round)" })
                #expect(try snapshot.unique(Artist.self, \.slug, "s2999")?.name == "Round \(round)")
            }
        }
    }

    /// Reads running while commits publish new snapshots always see one whole commit.
    @Test(arguments: StoreStorage.allCases)
    func readsDuringCommitsSeeOneWholeCommit(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            try await store.write { tx in
                for number in 0..<100 { try tx.insert(Artist(id: "a\(number)", name: "0", slug: "s\(number)")) }
            }
            let reader = Task {
                var rounds: [String] = []
                for _ in 0..<200 {
                    let snapshot = store.snapshot
                    let names = Set(try snapshot.objects(Artist.self).map(\.name))
                    #expect(names.count == 1)
                    rounds.append(names.first ?? "")
                    await Task.yield()
                }
                return rounds
            }
            for round in 1...20 {
                try await store.write { tx in
                    for number in 0..<100 {
                        try tx.insert(Artist(id: "a\(number)", name: "\(round)", slug: "s\(number)"))
                    }
                }
            }
            let rounds = try await reader.value.compactMap { Int($0) }
            #expect(rounds == rounds.sorted())
            #expect(try await store.count(Artist.self) == 100)
        }
    }
}
