import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension ReadmeStoreTests {
    /// The README's migration block, on a file whose labels were stored with a `title`.
    @Test func theMigrationBlockDoesWhatItSays() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try StoreEvolutionTests.file(
                in: directory,
                holding: [("Label", #""l1""#, #"{"id":"l1","title":"Blue Note"}"#)])
            #expect(throws: StoreError.self) { try Store(url: url, models: EtchModels.all) }

            // snippet: migration
            let rename = StoreMigration("label-title-to-name", model: Label.self) { old in
                var new = old
                new["name"] = old["title"]
                new["title"] = nil
                return new
            }
            let store = try Store(url: url, models: EtchModels.all, options: StoreOptions(migrations: [rename]))
            // end snippet
            let label = try await store.object(Label.self, id: "l1")
            #expect(label?.name == "Blue Note" && label?.dictionary["title"] == nil)
            await store.close()
            // It ran once: the file records it, and holds the migrated objects.
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.object(Label.self, id: "l1")?.name == "Blue Note")
        }
    }

    /// The README's example of a schema change the stored objects cannot take is the
    /// store's own message, for 1204 artists stored before their `name` was required.
    @Test func theIncompatibleSchemaMessageIsTheStores() async throws {
        try await StoreTests.withDirectory { directory in
            let artists = (1...1204).map { ("Artist", "\"a\($0)\"", #"{"id":"a\#($0)","slug":"s\#($0)"}"#) }
            let url = try StoreEvolutionTests.file(in: directory, holding: artists)
            let renamed = url.deletingLastPathComponent().appending(path: "library.sqlite")
            try FileManager.default.moveItem(at: url, to: renamed)
            let error = #expect(throws: StoreError.self) { try Store(url: renamed, models: EtchModels.all) }
            let message = (error.map(String.init(describing:)) ?? "")
                .replacingOccurrences(of: renamed.deletingLastPathComponent().path, with: "…")
            let shown = try ReadmeSnippet.readmeBlock("incompatible-schema-error").joined(separator: " ")
            #expect(message == shown)
        }
    }
}
