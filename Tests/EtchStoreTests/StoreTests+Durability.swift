import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension StoreTests {
    @Test(arguments: StoreDurability.allCases)
    func theDurabilityOptionIsTheConnectionsAndCommitsPersistAcrossReopen(_ durability: StoreDurability) async throws {
        try await Self.withDirectory { directory in
            let url = directory.appending(path: "library.sqlite")
            let store = try Store(url: url, models: EtchModels.all, options: StoreOptions(durability: durability))
            #expect(try await store.durabilityInEffect() == durability)
            try await store.write { tx in try tx.insert(Self.nina) }
            try await store.write { tx in try tx.insert(Self.album("b1", by: Self.nina, 1965)) }
            // A second store on the file, with the default, syncs its own commits fully.
            let other = try Store(url: url, models: EtchModels.all)
            #expect(try await other.durabilityInEffect() == .full)
            #expect(try await store.durabilityInEffect() == durability)
            await store.close()
            await other.close()
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.objects(Album.self).map(\.id) == ["b1"])
            #expect(try await reopened.objects(Artist.self).map(\.id) == ["a1"])
        }
    }

    @Test func theDefaultDurabilityIsFullAndAStoreInMemoryHasNone() async throws {
        #expect(StoreOptions().durability == .full)
        #expect(try await Store(models: EtchModels.all).durabilityInEffect() == nil)
    }
}
