import Etch
import EtchStore
import Foundation
import Testing

/// A small commit changes the tables' nodes in place when no read holds the published
/// snapshot; a snapshot a reader keeps still never changes, and reads meanwhile see whole
/// commits.
extension StoreSnapshotTests {
    /// A snapshot kept across many one-object commits, long enough for the store to stop
    /// tracking it as retired, still reads its own objects and index entries: the nodes it
    /// shares with the tables are copied, not changed, by the commits applied in place.
    @Test(arguments: StoreStorage.allCases)
    func aSnapshotKeptAcrossSmallCommitsKeepsItsObjects(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            try await store.write { tx in
                for number in 0..<3_000 {
                    try tx.insert(
                        Artist(id: "a\(number)", name: "Artist \(number)", slug: "s\(number)", country: "FR"))
                }
            }
            let kept = store.snapshot
            for round in 0..<60 {
                // Spread over the table: each commit reaches leaves of its own.
                let number = (round * 97) % 3_000
                try await store.write { tx in
                    try tx.update(Artist.self, id: "a\(number)") {
                        $0.copyWith(name: "Renamed \(round)").copyWith(slug: "t\(number)").copyWith(country: "NO")
                    }
                    if round % 10 == 0 { try tx.delete(Artist.self, id: "a\(number + 1)") }
                    if round % 7 == 0 { try tx.insert(Artist(id: "n\(round)", name: "New", slug: "n\(round)")) }
                }
                // Past the store's reclaim attempts: the kept snapshot is no longer retired,
                // so later commits take the in-place path while it still shares their nodes.
                if round == 20 || round == 40 { try await Task.sleep(for: .milliseconds(40)) }
            }
            #expect(try kept.count(Artist.self) == 3_000)
            let objects = try kept.objects(Artist.self)
            #expect(objects.count == 3_000)
            for artist in objects {
                let number = artist.id.dropFirst()
                #expect(artist.name == "Artist \(number)" && artist.slug == "s\(number)" && artist.country == "FR")
            }
            #expect(try kept.unique(Artist.self, \.slug, "s0")?.id == "a0")
            #expect(try kept.unique(Artist.self, \.slug, "t0") == nil)
            #expect(try kept.objects(Artist.self, where: \.country, is: "FR").count == 3_000)
            #expect(try kept.objects(Artist.self, where: \.country, is: "NO").isEmpty)

            let now = store.snapshot
            #expect(try now.object(Artist.self, id: "a97")?.name == "Renamed 1")
            #expect(try now.unique(Artist.self, \.slug, "t97")?.id == "a97")
            #expect(try now.unique(Artist.self, \.slug, "s97") == nil)
            #expect(try now.object(Artist.self, id: "a1") == nil)
            #expect(try now.object(Artist.self, id: "n7")?.name == "New")
            #expect(try now.objects(Artist.self, where: \.country, is: "NO").count == 60)
            #expect(try now.count(Artist.self) == 3_000 - 6 + 9)
        }
    }

    /// Readers taking snapshots and reading by id while one- and two-object commits run see
    /// each commit whole: the two objects one commit changes always agree.
    @Test(arguments: StoreStorage.allCases)
    func readsDuringSmallCommitsSeeOneWholeCommit(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            try await store.write { tx in
                for number in 0..<1_000 { try tx.insert(Artist(id: "a\(number)", name: "0", slug: "s\(number)")) }
            }
            let readers = (0..<2).map { _ in
                Task {
                    var last = 0
                    for _ in 0..<400 {
                        let snapshot = store.snapshot
                        let first = try snapshot.object(Artist.self, id: "a10")?.name
                        let second = try snapshot.object(Artist.self, id: "a900")?.name
                        #expect(first == second)
                        let round = Int(first ?? "") ?? -1
                        #expect(round >= last)
                        last = round
                        _ = try await store.object(Artist.self, id: "a500")
                        await Task.yield()
                    }
                    return last
                }
            }
            for round in 1...300 {
                try await store.write { tx in
                    try tx.update(Artist.self, id: "a10") { $0.copyWith(name: "\(round)") }
                    try tx.update(Artist.self, id: "a900") { $0.copyWith(name: "\(round)") }
                }
            }
            for reader in readers { #expect(try await reader.value <= 300) }
            #expect(try await store.object(Artist.self, id: "a900")?.name == "300")
        }
    }
}
