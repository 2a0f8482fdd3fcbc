import Etch
import EtchStore
import Foundation
import Testing

// A query's plan names the index it reads (`lookup Artist.slug in ["miles"]`), so two lookup
// indexes of one name would leave the store reading the wrong one.

extension StoreTests {
    @Test func aRuntimeIndexCannotTakeTheNameOfAnotherLookupIndex() async throws {
        let store = try await Self.filledStore()
        await #expect(throws: StoreError.duplicateIndex(model: "Artist", name: "slug")) {
            try await store.addIndex(.index("slug", \Artist.name))
        }
        await #expect(throws: StoreError.duplicateIndex(model: "Artist", name: "country")) {
            try await store.addIndex(.unique("country", \Artist.name))
        }
        let miles = StoreQuery<Artist>(predicate: #Predicate { $0.slug == "miles" })
        #expect(try await store.plan(for: miles).access.description == #"lookup Artist.slug in ["miles"]"#)
        #expect(try await store.fetch(miles).map(\.id) == ["a2"])
        // A range names a sorted index, which no lookup reads.
        try await store.addIndex(.sorted("slug", \Artist.name))
        #expect(try await store.fetch(miles).map(\.id) == ["a2"])
        let byName = StoreQuery<Artist>(predicate: #Predicate { $0.name >= "N" })
        #expect(try await store.plan(for: byName).access.description == #"range Artist.slug in ["N", …)"#)
        #expect(try await store.fetch(byName).map(\.id) == ["a1"])
    }
}
