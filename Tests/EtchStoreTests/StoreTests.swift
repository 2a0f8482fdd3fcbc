import Etch
import EtchStore
import Foundation
import Testing

/// The store's behaviour: reads, indexes, ranges, transactions, changes and files.
@Suite struct StoreTests {}

extension Room {
    /// A computed property a runtime index reads: OOCModel's `available = capacity <= 90`.
    var isSmall: Bool { capacity <= 90 }
}

extension StoreTests {
    static let nina = Artist(id: "a1", name: "Nina Simone", slug: "nina", country: "US")
    static let miles = Artist(id: "a2", name: "Miles Davis", slug: "miles", country: "US")
    static let fela = Artist(id: "a3", name: "Fela Kuti", slug: "fela", country: "NG")

    static func album(_ id: String, by artist: Artist, _ year: Int, rating: Double = 0, genre: Genre? = nil) -> Album {
        Album(id: id, title: "Album \(id)", artist: Ref(artist), year: year, rating: rating, genre: genre)
    }

    /// A store with three artists and six albums.
    static func filledStore() async throws -> Store {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in
            try tx.insert(contentsOf: [nina, miles, fela])
            try tx.insert(contentsOf: [
                album("b1", by: nina, 1965, rating: 4.5, genre: .jazz),
                album("b2", by: nina, 1959, rating: 4.0, genre: .jazz),
                album("b3", by: nina, 1970, rating: 3.5),
                album("b4", by: miles, 1959, rating: 5.0, genre: .jazz),
                album("b5", by: miles, 1970, rating: 4.5, genre: .rock),
                album("b6", by: fela, 1973, rating: 4.0, genre: .pop),
            ])
        }
        return store
    }

    @Test func readsByIDTypeAndReference() async throws {
        let store = try await Self.filledStore()
        #expect(try await store.object(Album.self, id: "b1")?.year == 1965)
        #expect(try await store.object(Album.self, id: "zz") == nil)
        #expect(try await store.objects(Artist.self).map(\.id) == ["a1", "a2", "a3"])
        #expect(try await store.count(Album.self) == 6)
        #expect(await store.count == 9)
        #expect(try await store.resolve(Ref<Artist>(id: "a2"))?.name == "Miles Davis")
        #expect(try await store.resolve(Ref<Artist>(id: "gone")) == nil)
        #expect(await store.approximateSize > 9 * 30)
    }

    @Test func aTypeTheStoreWasNotMadeWithIsAClearError() async throws {
        let store = try Store(models: [Artist.self])
        await #expect(throws: StoreError.unknownModel("Album")) { try await store.count(Album.self) }
        #expect(StoreError.unknownModel("Album").description.contains("does not know the model type Album"))
        #expect(throws: StoreError.duplicateModel("Artist")) { try Store(models: [Artist.self, Artist.self]) }
    }

    @Test func uniqueAndIndexedLookups() async throws {
        let store = try await Self.filledStore()
        #expect(try await store.unique(Artist.self, \.slug, "miles")?.id == "a2")
        #expect(try await store.unique(Artist.self, \.slug, "nobody") == nil)
        #expect(try await store.objects(Artist.self, where: \.country, is: "US").map(\.id) == ["a1", "a2"])
        #expect(
            try await store.objects(Album.self, where: \.artist, is: Ref(Self.nina)).map(\.id) == ["b1", "b2", "b3"])
        #expect(try await store.objects(Album.self, where: \.genre, is: nil).map(\.id) == ["b3"])
        await #expect(throws: StoreError.self) { try await store.unique(Artist.self, \.name, "Nina Simone") }
        // A `@unique` field answers `objects(where:)` too; a field with neither index is an error.
        #expect(try await store.objects(Artist.self, where: \.slug, is: "miles").map(\.id) == ["a2"])
        #expect(try await store.objects(Artist.self, where: \.slug, is: "nobody").isEmpty)
        await #expect(
            // Named as the schema spells it (the generated code maps key paths to fields), not
            // as a key path prints on Linux (`\Artist.<computed 0x…>`).
            throws: StoreError.noIndex(model: "Artist", keyPath: "Artist.name", kind: "@index or @unique")
        ) {
            try await store.objects(Artist.self, where: \.name, is: "Nina Simone")
        }
        #expect(Artist._fieldName(of: \Artist.slug) == "slug")
        #expect(Artist._fieldName(of: \Artist.name.count) == nil)
        await #expect(
            // Named as the schema spells it, since an index of another kind reads the field.
            throws: StoreError.noIndex(model: "Artist", keyPath: "Artist.country", kind: "unique")
        ) {
            try await store.unique(Artist.self, \.country, "US")
        }
    }

    @Test func sortedRangesHaveExactLimitsAndOffsets() async throws {
        let store = try await Self.filledStore()
        let byRating = try await store.sorted(Album.self, by: \.rating).map(\.id)
        #expect(byRating == ["b3", "b2", "b6", "b1", "b5", "b4"])
        #expect(try await store.sorted(Album.self, by: \.rating, limit: 2).map(\.id) == ["b3", "b2"])
        #expect(try await store.sorted(Album.self, by: \.rating, limit: 2, offset: 1).map(\.id) == ["b2", "b6"])
        #expect(
            try await store.sorted(Album.self, by: \.rating, order: .reverse, limit: 3).map(\.id) == ["b4", "b1", "b5"])
        #expect(
            try await store.sorted(Album.self, by: \.rating, from: 4.0, through: 4.5).map(\.id) == [
                "b2", "b6", "b1", "b5",
            ])
        #expect(try await store.sorted(Album.self, by: \.rating, from: 5.0, through: 4.0).isEmpty)
        #expect(try await store.sorted(Album.self, by: \.rating, offset: 6).isEmpty)
        #expect(try await store.sorted(Album.self, by: \.rating, limit: 0).isEmpty)
    }

    @Test func groupedRangesStayInTheirGroupAndFollowGroupChanges() async throws {
        let store = try await Self.filledStore()
        let ninas = try await store.sorted(Album.self, by: \.year, inGroup: Ref(Self.nina)).map(\.id)
        #expect(ninas == ["b2", "b1", "b3"])
        #expect(
            try await store.sorted(Album.self, by: \.year, inGroup: Ref(Self.nina), from: 1960, limit: 1).map(\.id) == [
                "b1"
            ])
        // Moving b1 to Miles moves it between groups.
        try await store.write { tx in try tx.update(Album.self, id: "b1") { $0.copyWith(artist: Ref(StoreTests.miles)) }
        }
        #expect(try await store.sorted(Album.self, by: \.year, inGroup: Ref(Self.nina)).map(\.id) == ["b2", "b3"])
        #expect(
            try await store.sorted(Album.self, by: \.year, inGroup: Ref(Self.miles)).map(\.id) == ["b4", "b1", "b5"])
    }

    @Test func rangesGiveTheObjectsAsLastWrittenWhenTheirKeysStay() async throws {
        let store = try await Self.filledStore()
        // Neither change moves b1 or b2 in the rating index or in Nina's years.
        try await store.write { tx in
            try tx.update(Album.self, id: "b1") { $0.copyWith(title: "Pastel Blues") }
            try tx.update(Album.self, id: "b2") { $0.copyWith(isPlaying: true) }
        }
        let byRating = try await store.sorted(Album.self, by: \.rating, from: 4.0, through: 4.5)
        #expect(byRating.map(\.id) == ["b2", "b6", "b1", "b5"])
        #expect(byRating.map(\.title) == ["Album b2", "Album b6", "Pastel Blues", "Album b5"])
        #expect(byRating.map(\.isPlaying) == [true, false, false, false])
        let ninas = try await store.sorted(Album.self, by: \.year, inGroup: Ref(Self.nina), order: .reverse)
        #expect(ninas.map(\.title) == ["Album b3", "Pastel Blues", "Album b2"])
        #expect(ninas.map(\.isPlaying) == [false, false, true])
        // A query answered by the range evaluates its predicate on what the index holds.
        let renamed = StoreQuery<Album>(predicate: #Predicate { $0.rating >= 4.5 && $0.title == "Pastel Blues" })
        #expect(try await store.plan(for: renamed).access.description == "range Album.rating in [4.5, …)")
        #expect(try await store.fetch(renamed).map(\.id) == ["b1"])
    }

    @Test func aNilGroupIsAGroupOfItsOwn() async throws {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in
            try tx.insert(contentsOf: [
                Room(id: 1, name: "Blue", floor: 1), Room(id: 2, name: "Attic", floor: nil),
                Room(id: 3, name: "Amber", floor: 1), Room(id: 4, name: "Cellar", floor: nil),
            ])
        }
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: 1 as Int?).map(\.id) == [3, 1])
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: nil as Int?).map(\.id) == [2, 4])
        // A plain `nil` names the nil group too; a typed group need not be optional.
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: nil).map(\.id) == [2, 4])
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: nil, order: .reverse, limit: 1).map(\.id) == [4])
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: 1).map(\.id) == [3, 1])
        try await store.write { tx in try tx.update(Room.self, id: 2) { $0.copyWith(floor: 1) } }
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: nil).map(\.id) == [4])
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: 1 as Int?).map(\.id) == [3, 2, 1])
    }

    @Test func aRuntimeIndexOnAComputedProperty() async throws {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in
            try tx.insert(contentsOf: [
                Room(id: 1, name: "Hall", capacity: 200), Room(id: 2, name: "Nook", capacity: 4),
            ])
        }
        try await store.addIndex(.index("isSmall", \Room.isSmall))
        #expect(try await store.objects(Room.self, where: \.isSmall, is: true).map(\.id) == [2])
        try await store.write { tx in try tx.update(Room.self, id: 1) { $0.copyWith(capacity: 50) } }
        #expect(try await store.objects(Room.self, where: \.isSmall, is: true).map(\.id) == [1, 2])
        await #expect(throws: StoreError.duplicateIndex(model: "Room", name: "isSmall")) {
            try await store.addIndex(.index("isSmall", \Room.isSmall))
        }
        await #expect(throws: StoreError.self) { try await store.addIndex(.unique("isSmall", \Room.isSmall)) }
    }
}

extension StoreTests {
    @Test func aGroupedSortedFieldNeedsItsGroup() async throws {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in
            try tx.insert(contentsOf: [Room(id: 1, name: "Blue", floor: 1), Room(id: 2, name: "Attic")])
        }
        await #expect(throws: StoreError.needsGroup(model: "Room", field: "name", group: "floor")) {
            try await store.sorted(Room.self, by: \.name)
        }
        #expect(
            StoreError.needsGroup(model: "Room", field: "name", group: "floor").description.contains("pass inGroup:"))
        #expect(try await store.sorted(Room.self, by: \.name, inGroup: 1 as Int?).map(\.id) == [1])
    }
}
