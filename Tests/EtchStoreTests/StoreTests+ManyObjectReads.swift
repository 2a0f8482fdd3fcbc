import Etch
import EtchStore
import Foundation
import Testing

extension StoreTests {
    /// Reads that hand out many objects at once make them in one call when none has `@local`
    /// values of its own, and one by one when some have: either way, in the read's order,
    /// each object with its own.
    @Test func readsOfManyObjectsKeepEachObjectsLocalValues() async throws {
        let store = try await Self.filledStore()
        let nina = Ref(Self.nina)
        func reads() async throws -> [(ids: [String], playing: [Bool])] {
            let results = [
                try await store.objects(Album.self, where: \.artist, is: nina),
                try await store.sorted(Album.self, by: \.year, inGroup: nina, order: .reverse, limit: 3),
                try await store.sorted(Album.self, by: \.year, inGroup: nina, limit: 2),
                try await store.objects(Album.self),
            ]
            return results.map { albums in (albums.map(\.id), albums.map(\.isPlaying)) }
        }
        func setPlaying(_ playing: Bool, _ ids: [String]) async throws {
            try await store.write { tx in
                for id in ids {
                    try tx.update(Album.self, id: id) { $0.replacingLocalValues(Album.LocalValues(isPlaying: playing)) }
                }
            }
        }

        try await setPlaying(true, ["b1", "b3"])
        var found = try await reads()
        #expect(found[0].ids == ["b1", "b2", "b3"] && found[0].playing == [true, false, true])
        #expect(found[1].ids == ["b3", "b1", "b2"] && found[1].playing == [true, true, false])
        #expect(found[2].ids == ["b2", "b1"] && found[2].playing == [false, true])
        #expect(found[3].ids == ["b1", "b2", "b3", "b4", "b5", "b6"])
        #expect(found[3].playing == [true, false, true, false, false, false])

        try await setPlaying(false, ["b1", "b3"])
        found = try await reads()
        #expect(found[0].ids == ["b1", "b2", "b3"] && found[0].playing == [false, false, false])
        #expect(found[1].ids == ["b3", "b1", "b2"] && !found[1].playing.contains(true))
        #expect(found[3].ids == ["b1", "b2", "b3", "b4", "b5", "b6"] && !found[3].playing.contains(true))
    }
}

extension StoreTests {
    /// Ranges read over many leaves and long runs of equal keys, both ways, with offsets and
    /// limits that cut into the runs (ties go by id ascending either way): the same objects
    /// as sorting them all, whichever path makes the models.
    @Test func rangesOverTiesAndManyLeavesMatchASort() async throws {
        let store = try Store(models: EtchModels.all)
        let artist = Self.nina
        // 400 albums: most share a rating, a few stand out; every 97th has a @local value.
        let albums = (0..<400).map { number in
            let album = Self.album(
                "c\(1000 + number)", by: artist, 1950 + number % 7,
                rating: number % 50 == 0 ? Double(number % 3) + 4 : 1)
            return number % 97 == 0 ? album.replacingLocalValues(Album.LocalValues(isPlaying: true)) : album
        }
        try await store.write { tx in
            try tx.insert(artist)
            try tx.insert(contentsOf: albums)
        }
        func expected(reversed: Bool, offset: Int, limit: Int) -> [String] {
            let sorted = albums.sorted { left, right in
                left.rating != right.rating
                    ? (reversed ? left.rating > right.rating : left.rating < right.rating)
                    : left.id < right.id
            }
            return Array(sorted.dropFirst(offset).prefix(limit).map(\.id))
        }
        for (offset, limit) in [(0, 3), (1, 2), (5, 30), (20, 400), (390, 20), (0, 400), (400, 5), (0, 0)] {
            for order in [SortOrder.forward, .reverse] {
                let found = try await store.sorted(Album.self, by: \.rating, order: order, limit: limit, offset: offset)
                #expect(found.map(\.id) == expected(reversed: order == .reverse, offset: offset, limit: limit))
                let playing = albums.filter(\.isPlaying).map(\.id)
                #expect(found.filter(\.isPlaying).map(\.id) == found.map(\.id).filter(playing.contains))
            }
        }
    }
}
