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
                // As after the store's reclaim attempts: the kept snapshot is no longer
                // retired, so later commits take the in-place path while it still shares
                // their nodes.
                if round == 20 || round == 40 { await store.dropRetiredSnapshots() }
                if round == 21 || round == 41 {
                    // The commit just made was applied in place beside the kept snapshot.
                    let before = await store.inPlaceCommits
                    try await store.write { tx in
                        try tx.update(Artist.self, id: "a2") { $0.copyWith(name: "A2 \(round)") }
                    }
                    #expect(await store.inPlaceCommits == before + 1)
                }
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

    /// Queries that walk a table's contents after letting go of the snapshot they took it
    /// from, while commits of 32 objects each rename one set of artists, see each commit
    /// whole: every result holds one round's names.
    @Test(arguments: StoreStorage.allCases)
    func queriesDuringSmallCommitsSeeOneWholeCommit(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            try await store.write { tx in
                for number in 0..<2_000 {
                    let country = number % 50 == 0 ? "X" : "Y"
                    try tx.insert(Artist(id: "a\(number)", name: "0", slug: "s\(number)", country: country))
                }
            }
            let renamed = StoreQuery<Artist>(predicate: #Predicate { $0.country == "X" })
            let readers = (0..<2).map { _ in
                Task {
                    var rounds: Set<String> = []
                    for _ in 0..<150 {
                        let found = try await store.fetch(renamed)
                        #expect(found.count == 40)
                        let names = Set(found.map(\.name))
                        #expect(names.count == 1)
                        rounds.formUnion(names)
                        let everyone = try await store.objects(Artist.self)
                        #expect(Set(everyone.filter { $0.country == "X" }.map(\.name)).count == 1)
                        await Task.yield()
                    }
                    return rounds
                }
            }
            for round in 1...150 {
                try await store.write { tx in
                    for number in stride(from: 0, to: 2_000, by: 50) {
                        try tx.update(Artist.self, id: "a\(number)") { $0.copyWith(name: "\(round)") }
                    }
                }
            }
            for reader in readers { #expect(try await reader.value.isSubset(of: Set((0...150).map(String.init)))) }
            #expect(try await store.fetch(renamed).allSatisfy { $0.name == "150" })
        }
    }

    /// A change stream's subscriber hears of a commit after the snapshot holding it is
    /// published: the store it reads then is at least as new as the change.
    @Test(arguments: StoreStorage.allCases)
    func subscribersHearOfACommitAfterItsSnapshotIsPublished(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            let stream = try await store.changes(of: Artist.self)
            let listener = Task { () throws -> Int in
                var seen = 0
                for await change in stream {
                    #expect(store.snapshot.historyToken.number >= change.commit)
                    // Later commits may be in by now, never an earlier state.
                    let heard = Int((change.inserted + change.updated).first?.name ?? "") ?? .max
                    let read = Int(try store.snapshot.object(Artist.self, id: "a0")?.name ?? "") ?? -1
                    #expect(read >= heard)
                    seen += 1
                    if seen == 40 { break }
                }
                return seen
            }
            try await store.write { tx in try tx.insert(Artist(id: "a0", name: "0", slug: "s0")) }
            for round in 1...40 {
                try await store.write { tx in try tx.update(Artist.self, id: "a0") { $0.copyWith(name: "\(round)") } }
            }
            #expect(try await listener.value == 40)
        }
    }

    /// Inverse relations follow small commits applied in place: moving albums between
    /// artists one commit at a time keeps each artist's albums right.
    @Test(arguments: StoreStorage.allCases)
    func relationsFollowSmallCommits(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            try await store.write { tx in
                for number in 0..<3 { try tx.insert(Artist(id: "a\(number)", name: "A", slug: "s\(number)")) }
                for number in 0..<300 {
                    try tx.insert(
                        Album(id: "b\(number)", title: "T", artist: Ref(id: "a\(number % 3)"), year: number))
                }
            }
            #expect(try await store.related(Artist.albums, of: "a0").count == 100)
            for number in stride(from: 0, to: 300, by: 3) {
                try await store.write { tx in
                    try tx.update(Album.self, id: "b\(number)") { $0.copyWith(artist: Ref(id: "a1")) }
                }
            }
            #expect(try await store.related(Artist.albums, of: "a0").isEmpty)
            let moved = try await store.related(Artist.albums, of: "a1")
            #expect(moved.count == 200)
            // Newest first, as the relation declares.
            #expect(moved.map(\.year) == moved.map(\.year).sorted(by: >))
            #expect(try await store.objects(Album.self, where: \.artist, is: Ref(id: "a1")).count == 200)
        }
    }

    /// Commits on either side of the in-place limit (64 objects), each spanning two types (an
    /// album and the tracks its deletion cascades to), leave a snapshot kept across them
    /// whole and the store without what they deleted.
    @Test(arguments: StoreStorage.allCases)
    func commitsAroundTheInPlaceLimitAcrossTwoTypes(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            // Albums of 62, 63 and 64 tracks: deleting one changes 63, 64 or 65 objects.
            let sizes = [62, 63, 64, 62, 63, 64]
            try await store.write { tx in
                for (album, size) in sizes.enumerated() {
                    try tx.insert(Album(id: "b\(album)", title: "T", artist: Ref(id: "a"), year: album))
                    for track in 0..<size {
                        try tx.insert(Track(id: "t\(album)-\(track)", title: "S", album: Ref(id: "b\(album)")))
                    }
                }
            }
            let kept = store.snapshot
            let trackCount = sizes.reduce(0, +)
            for album in sizes.indices {
                let before = await store.inPlaceCommits
                try await store.write { tx in try tx.delete(Album.self, id: "b\(album)") }
                // Past halfway, the in-place path takes 63 and 64 objects, not 65.
                if album > 2 { #expect(await store.inPlaceCommits == before + (sizes[album] < 64 ? 1 : 0)) }
                #expect(try await store.count(Track.self) == sizes[(album + 1)...].reduce(0, +))
                #expect(try await store.objects(Track.self).allSatisfy { $0.album.id != "b\(album)" })
                // Halfway, as after the store's reclaim attempts: the kept snapshot is no
                // longer retired, so the commits after it take the in-place path beside it.
                if album == 2 { await store.dropRetiredSnapshots() }
            }
            #expect(try kept.count(Album.self) == sizes.count)
            #expect(try kept.count(Track.self) == trackCount)
            let keptTracks = try kept.objects(Track.self)
            for (album, size) in sizes.enumerated() {
                #expect(keptTracks.filter { $0.album.id == "b\(album)" }.count == size)
            }
            #expect(try store.snapshot.count(Track.self) == 0)
        }
    }
}
