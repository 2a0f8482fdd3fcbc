import Etch
import EtchStore
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
