import Etch
import EtchStore
import Foundation
import Testing

extension ModelStoreTests {
    /// Records with ties, nil values and text whose order differs between collations.
    static let indexedRecords: [Record] = [
        Record(id: "r1", title: "b", singer: Ref(id: "a1"), year: 1990, rating: 4.5, mood: .calm, peak: 3),
        Record(id: "r2", title: "B", singer: Ref(id: "a1"), year: 1990, rating: -1, mood: nil, peak: nil),
        Record(id: "r3", title: "a", singer: Ref(id: "a2"), year: 1985, rating: 0, mood: .loud, peak: 1),
        Record(id: "r10", title: "é", singer: Ref(id: "a1"), year: 2001, rating: 4.5, mood: .calm, peak: 10),
        Record(id: "r4", title: "Z", singer: Ref(id: "a2"), year: 1990, rating: 2.25, mood: .sad, peak: nil),
        Record(id: "R5", title: "_", singer: Ref(id: "a1"), year: 1979, rating: 100, mood: nil, peak: 2),
    ]

    @Test(arguments: ModelStoreBackend.available)
    func indexAndSortedReadsAgree(backend: ModelStoreBackend) async throws {
        try await backend.withStore { try await Self.indexReads(in: $0) }
    }

    static func indexReads(in store: some ModelStore) async throws {
        let records = indexedRecords
        try await store.write { tx in
            try tx.insert(Singer(id: "a1", name: "Nina", slug: "nina", country: "US"))
            try tx.insert(Singer(id: "a2", name: "Édith", slug: "edith"))
            try tx.insert(contentsOf: records)
        }
        func ids(_ objects: [Record]) -> [String] { objects.map(\.id) }
        func byID(_ filter: (Record) -> Bool) -> [String] { records.filter(filter).map(\.id).sorted() }

        #expect(try await store.unique(Singer.self, \.slug, "edith")?.name == "Édith")
        #expect(try await store.unique(Singer.self, \.slug, "nobody") == nil)
        #expect(try await store.objects(Singer.self, where: \.country, is: nil).map(\.id) == ["a2"])
        #expect(
            ids(try await store.objects(Record.self, where: \.singer, is: Ref(id: "a1")))
                == byID { $0.singer.id == "a1" })
        #expect(ids(try await store.objects(Record.self, where: \.mood, is: nil)) == byID { $0.mood == nil })
        #expect(ids(try await store.objects(Record.self, where: \.mood, is: .calm)) == byID { $0.mood == .calm })

        // Ungrouped sorted ranges: value order, ties by id; nil first.
        let byRating = records.sorted { ($0.rating, $0.id) < ($1.rating, $1.id) }.map(\.id)
        #expect(ids(try await store.sorted(Record.self, by: \.rating)) == byRating)
        // In reverse, ties still go by id ascending.
        let byRatingDescending = records.sorted { $0.rating != $1.rating ? $0.rating > $1.rating : $0.id < $1.id }
        #expect(ids(try await store.sorted(Record.self, by: \.rating, order: .reverse)) == byRatingDescending.map(\.id))
        #expect(
            ids(try await store.sorted(Record.self, by: \.rating, from: 0, through: 4.5, limit: 2, offset: 1))
                == Array(
                    records.filter { (0...4.5).contains($0.rating) }.sorted { ($0.rating, $0.id) < ($1.rating, $1.id) }
                        .map(\.id).dropFirst().prefix(2)))
        #expect(try await store.sorted(Record.self, by: \.rating, from: 5, through: 1).isEmpty)
        #expect(try await store.sorted(Record.self, by: \.rating, limit: 0).isEmpty)
        let byPeak = records.sorted { ($0.peak.map { $0 + 1 } ?? 0, $0.id) < ($1.peak.map { $0 + 1 } ?? 0, $1.id) }
        #expect(ids(try await store.sorted(Record.self, by: \.peak)) == byPeak.map(\.id))
        #expect(
            ids(try await store.sorted(Record.self, by: \.peak, through: 2))
                == byPeak.filter { ($0.peak ?? 0) <= 2 }.map(\.id))
        #expect(
            ids(try await store.sorted(Record.self, by: \.peak, from: 2))
                == byPeak.filter { ($0.peak ?? 0) >= 2 }.map(\.id))
        let byPeakDescending = records.sorted {
            ($0.peak ?? -1) != ($1.peak ?? -1) ? ($0.peak ?? -1) > ($1.peak ?? -1) : $0.id < $1.id
        }
        #expect(
            ids(try await store.sorted(Record.self, by: \.peak, order: .reverse, limit: 3))
                == Array(byPeakDescending.map(\.id).prefix(3)))

        // A group of a grouped sorted field.
        let a1 = records.filter { $0.singer.id == "a1" }.sorted { ($0.year, $0.id) < ($1.year, $1.id) }.map(\.id)
        #expect(ids(try await store.sorted(Record.self, by: \.year, inGroup: Ref<Singer>(id: "a1"))) == a1)
        #expect(
            ids(
                try await store.sorted(
                    Record.self, by: \.year, inGroup: Ref<Singer>(id: "a1"), order: .reverse, offset: 1))
                == Array(
                    records.filter { $0.singer.id == "a1" }.sorted {
                        $0.year != $1.year ? $0.year > $1.year : $0.id < $1.id
                    }
                    .map(\.id).dropFirst()))
        #expect(
            ids(
                try await store.sorted(
                    Record.self, by: \.year, inGroup: Ref<Singer>(id: "a1"), from: 1980, through: 1990)) == [
                    "r1", "r2",
                ])

        await #expect(throws: StoreError.needsGroup(model: "Record", field: "year", group: "singer")) {
            try await store.sorted(Record.self, by: \.year)
        }
        await #expect(throws: StoreError.noIndex(model: "Record", keyPath: "Record.title", kind: "sorted")) {
            try await store.sorted(Record.self, by: \.title)
        }
        await #expect(throws: StoreError.noIndex(model: "Record", keyPath: "Record.title", kind: "unique")) {
            try await store.unique(Record.self, \.title, "a")
        }
    }
}
