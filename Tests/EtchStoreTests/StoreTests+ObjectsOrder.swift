import Etch
import EtchStore
import Foundation
import Testing

extension StoreTests {
    /// The ids a table keeps sorted between reads follow every write that adds or deletes.
    @Test func objectsInIDOrderFollowEveryWrite() async throws {
        let store = try await StoreTests.filledStore()
        #expect(try await store.objects(Artist.self).map(\.id) == ["a1", "a2", "a3"])
        try await store.write { tx in _ = try tx.delete(Artist.self, id: "a2") }
        #expect(try await store.objects(Artist.self).map(\.id) == ["a1", "a3"])
        try await store.write { tx in try tx.insert(Artist(id: "a0", name: "X", slug: "x", country: "FR")) }
        #expect(try await store.objects(Artist.self).map(\.id) == ["a0", "a1", "a3"])
        try await store.write { tx in try tx.insert(Artist(id: "a0", name: "Y", slug: "y", country: "FR")) }
        #expect(try await store.objects(Artist.self).map(\.name) == ["Y", "Nina Simone", "Fela Kuti"])
        try await store.clear(Artist.self)
        #expect(try await store.objects(Artist.self).isEmpty)
        try await store.write { tx in try tx.insert(Artist(id: "a9", name: "Z", slug: "z", country: "FR")) }
        #expect(try await store.objects(Artist.self).map(\.id) == ["a9"])
        // A failed transaction changes nothing.
        _ = try? await store.write { tx in
            try tx.insert(Artist(id: "a5", name: "Q", slug: "q", country: "FR"))
            throw CancellationError()
        }
        #expect(try await store.objects(Artist.self).map(\.id) == ["a9"])
    }
}
