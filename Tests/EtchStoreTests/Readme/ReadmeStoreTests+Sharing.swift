import Etch
import EtchStore
import Foundation
import Testing

/// The server of the README's history block: what each commit uploaded.
final class ReadmeUploads: Sendable {
    private let state = Locked<[String]>([])

    /// What was uploaded, in order: ids, `-` before a deleted one, and commits as JSON.
    var uploaded: [String] { state.withLock { $0 } }

    /// Uploads the changed albums and the ids of the deleted ones.
    func upload(_ albums: [Album], deleting deleted: [String]) async throws {
        state.withLock { $0 += albums.map(\.id) + deleted.map { "-" + $0 } }
    }

    /// Uploads a commit as it is.
    func upload(_ commit: StoreCommit) async throws {
        let json = try JSONEncoder().encode(commit)
        let decoded = try JSONDecoder().decode(StoreCommit.self, from: json)
        state.withLock { $0.append("commit \(decoded.token.number)") }
    }
}

extension ReadmeStoreTests {
    /// The README's block on one file shared by an app and its extension.
    @Test func theSharedFileBlockDoesWhatItSays() async throws {
        try await StoreTests.withDirectory { group in
            // The share extension's store, on the same file, counted one draft before.
            let shareExtension = try Store(url: group.appending(path: "library.sqlite"), models: EtchModels.all)
            try await shareExtension.write { tx in try tx.insert(Counter(id: "drafts", value: 1)) }

            // snippet: shared-file
            // In the app and in its share extension, on the app group's container:
            let store = try Store(url: group.appending(path: "library.sqlite"), models: EtchModels.all)

            try await store.write { tx in  // catches up with the others first
                try tx.update(Counter.self, id: "drafts") { $0.copyWith(value: $0.value + 1) }
            }
            try await shareExtension.write { tx in
                try tx.update(Counter.self, id: "drafts") { $0.copyWith(value: $0.value + 1) }
            }
            try await store.refresh()  // see the others' commits now
            #expect(try await store.object(Counter.self, id: "drafts")?.value == 3)
            await store.close()  // durable, file released; later calls throw .closed
            // end snippet
            await #expect(throws: StoreError.closed) { try await store.object(Counter.self, id: "drafts") }
            let reopened = try Store(url: group.appending(path: "library.sqlite"), models: EtchModels.all)
            #expect(try await reopened.object(Counter.self, id: "drafts")?.value == 3)
        }
    }

    /// The README's history block: a feed of commits since a token, whole and live.
    @Test func theHistoryBlockDoesWhatItSays() async throws {
        try await StoreTests.withDirectory { directory in
            let store = try Store(url: directory.appending(path: "library.sqlite"), models: EtchModels.all)
            try await store.write { tx in
                try tx.insert(Artist(id: "a1", name: "Nina Simone", slug: "nina"))
                try tx.insert(Album(id: "b0", title: "Broadway-Blues-Ballads", artist: Ref(id: "a1"), year: 1964))
            }
            let api = ReadmeUploads()

            // snippet: history
            let seen = await store.historyToken  // Codable: keep it anywhere
            #expect(try JSONDecoder().decode(HistoryToken.self, from: JSONEncoder().encode(seen)) == seen)
            try await store.write { tx in
                try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965))
                try tx.update(Album.self, id: "b0") { $0.copyWith(title: "Broadway, Blues, Ballads") }
            }
            try await store.write { tx in try tx.delete(Album.self, id: "b0") }
            // … later, in any process:
            for commit in try await store.history(since: seen) {
                let albums = try commit.changes(of: Album.self)  // inserted, updated, deleted (last value)
                try await api.upload(albums.inserted + albums.updated, deleting: albums.deleted.map(\.id))
            }
            #expect(api.uploaded == ["b1", "b0", "-b0"])
            for await commit in try await store.historyUpdates(since: seen) {  // the same, live
                try await api.upload(commit)  // a StoreCommit is Codable: ship it as it is
                if commit.token.number == seen.number + 2 { break }
            }
            #expect(api.uploaded.suffix(2) == ["commit \(seen.number + 1)", "commit \(seen.number + 2)"])
            try await store.pruneHistory(before: seen)
            // end snippet
            #expect(try await store.history(since: seen).count == 2)
        }
    }
}
