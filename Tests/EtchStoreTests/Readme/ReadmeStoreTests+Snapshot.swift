import Etch
import EtchStore
import Foundation
import Testing

extension ReadmeStoreTests {
    /// The README's snapshot block: a snapshot reads synchronously and stays as it was.
    @Test func theSnapshotBlockDoesWhatItSays() async throws {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in
            try tx.insert(Artist(id: "a1", name: "Nina Simone", slug: "nina"))
            try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965))
        }

        // snippet: snapshot
        let snapshot = store.snapshot
        let album = try snapshot.object(Album.self, id: "b1")
        let count = try snapshot.count(Album.self)
        _ = snapshot.historyToken  // store.history(since:) with it: what changed after the snapshot
        // end snippet
        #expect(album?.title == "Pastel Blues" && count == 1)

        try await store.write { tx in
            try tx.update(Album.self, id: "b1") { $0.copyWith(title: "Pastel Blues (Remastered)") }
            try tx.insert(Album(id: "b2", title: "Wild Is the Wind", artist: Ref(id: "a1"), year: 1966))
        }
        #expect(try snapshot.object(Album.self, id: "b1")?.title == "Pastel Blues")
        #expect(try snapshot.count(Album.self) == 1)
        let after = try await store.history(since: snapshot.historyToken)
        #expect(after.count == 1)
        let changes = try #require(after.first).changes(of: Album.self)
        #expect(changes.inserted.map(\.id) == ["b2"] && changes.updated.map(\.id) == ["b1"])
    }
}
