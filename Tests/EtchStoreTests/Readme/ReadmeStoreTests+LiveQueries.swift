import Etch
import EtchStore
import Foundation
import Testing

#if canImport(SwiftUI)
    import SwiftUI
#endif

extension ReadmeStoreTests {
    /// The README's live-query block: a list screen and a detail screen that follow commits.
    /// Its SwiftUI view compiles where SwiftUI is; the rest runs everywhere.
    @MainActor
    @Test func theLiveQueryBlockDoesWhatItSays() async throws {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in
            try tx.insert(Artist(id: "a1", name: "Nina Simone", slug: "nina"))
            try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965, rating: 4.5))
            try tx.insert(Album(id: "r1", title: "Horses", artist: Ref(id: "a1"), year: 1975, rating: 4, genre: .rock))
        }
        var title = ""
        // A commit while the list screen watches: a better-rated rock album.
        let commit = Task {
            try await store.write { tx in
                try tx.insert(
                    Album(id: "r2", title: "Marquee Moon", artist: Ref(id: "a1"), year: 1977, rating: 5, genre: .rock))
            }
        }

        // snippet: live-queries
        // The list screen: the 20 best-rated rock albums, as SwiftUI reads them (the `View` part
        // builds on Apple platforms only, where SwiftUI is; the rest builds everywhere).
        let rock = Genre.rock
        let topRock = StoreQuery<Album>(
            predicate: #Predicate { $0.genre == rock }, sortBy: [SortDescriptor(\.rating, order: .reverse)],
            fetchLimit: 20)

        #if canImport(SwiftUI)
            struct TopRock: View {
                @State var albums: ListMirror<Album>  // ListMirror(store, topRock): @MainActor, @Observable
                var body: some View { List(albums.objects) { Text($0.title) } }
            }
            _ = TopRock(albums: ListMirror(store, topRock))
        #endif

        // The same with UIKit, or anywhere: apply each change, or hand its indices to a table view.
        var rows: [Album] = []
        for await change in try await store.observe(topRock) {
            change.apply(to: &rows)  // rows == (try await store.fetch(topRock))
            #expect(rows == (try await store.fetch(topRock)) || rows.map(\.id) == ["r1"])
            if rows.map(\.id) == ["r2", "r1"] { break }
        }
        try await commit.value

        // The detail screen: an artist's albums (an inverse relation), and the artist itself.
        let albums = ListMirror(store, Artist.albums, of: "a1")
        for _ in 0..<5_000 where albums.objects.map(\.id) != ["r2", "r1", "b1"] {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(albums.objects.map(\.id) == ["r2", "r1", "b1"])
        let deletion = Task { try await store.write { tx in try tx.delete(Artist.self, id: "a1") } }
        for await artist in try await store.observe(Artist.self, id: "a1") {
            title = artist?.name ?? "Deleted"  // nil once deleted
            if artist == nil { break }
            #expect(title == "Nina Simone")
        }
        // end snippet
        _ = try await deletion.value
        #expect(title == "Deleted")
    }
}
