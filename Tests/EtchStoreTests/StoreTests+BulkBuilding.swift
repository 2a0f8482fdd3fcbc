import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

// Indexes built in bulk — when a file opens, and when one commit changes a large part of a
// table — answer every read as the indexes built one object at a time do: the same objects
// in the same order, ties by id, `nil` first, -0 equal to 0, the nil group apart.

extension StoreTests {
    /// Random albums over small domains, so that keys repeat: ratings with -0 and 0 and
    /// extremes (a file holds no NaN or infinity), catalog numbers mostly absent and
    /// otherwise distinct, peaks often `nil`.
    static func randomAlbums(_ count: Int, seed: UInt64) -> [Album] {
        var random = SeededGenerator(seed: seed)
        let artists = [nina, miles, fela]
        let ratings: [Double] = [-0.0, 0, 0.5, 3, 4.5, -2, 1e300, -1e-300]
        return (0..<count).map { number in
            var album = album(
                "r\(Int.random(in: 0..<100_000, using: &random))-\(number)",
                by: artists[Int.random(in: 0..<artists.count, using: &random)],
                Int.random(in: 1960...1966, using: &random),
                rating: ratings[Int.random(in: 0..<ratings.count, using: &random)],
                genre: [nil, .rock, .jazz, .pop][Int.random(in: 0..<4, using: &random)])
            if Int.random(in: 0..<4, using: &random) == 0 { album = album.copyWith(catalog: "c\(number)") }
            if Bool.random(using: &random) { album = album.copyWith(peak: Int.random(in: 1...5, using: &random)) }
            return album
        }
    }

    /// Every index read of the albums that the two stores must answer alike.
    static func indexReads(_ store: Store) async throws -> [[String]] {
        var reads: [[String]] = [
            try await store.sorted(Album.self, by: \.rating).map(\.id),
            try await store.sorted(Album.self, by: \.rating, order: .reverse).map(\.id),
            try await store.sorted(Album.self, by: \.peak).map(\.id),
            try await store.sorted(Album.self, by: \.rating, from: 0, through: 3).map(\.id),
            try await store.objects(Album.self, where: \.catalog, is: nil).map(\.id),
            try await store.objects(Album.self).map(\.id),
        ]
        for genre in [nil, Genre.rock, .jazz, .pop] {
            reads.append(try await store.objects(Album.self, where: \.genre, is: genre).map(\.id))
        }
        for artist in [nina, miles, fela] {
            reads.append(try await store.sorted(Album.self, by: \.year, inGroup: Ref(artist)).map(\.id))
            reads.append(
                try await store.sorted(Album.self, by: \.year, inGroup: Ref(artist), order: .reverse, limit: 7)
                    .map(\.id))
            reads.append(try await store.objects(Album.self, where: \.artist, is: Ref(artist)).map(\.id))
        }
        for number in stride(from: 0, to: 3_000, by: 7) {
            reads.append([try await store.unique(Album.self, \.catalog, "c\(number)")?.id ?? "-"])
        }
        return reads
    }

    @Test func indexesBuiltInBulkAnswerAsIndexesBuiltOneByOne() async throws {
        try await Self.withDirectory { directory in
            let albums = Self.randomAlbums(3_000, seed: 11)
            // One object at a time: many small commits, in the albums' random order.
            let incremental = try Store(models: EtchModels.all)
            try await incremental.write { tx in try tx.insert(contentsOf: [Self.nina, Self.miles, Self.fela]) }
            for start in stride(from: 0, to: albums.count, by: 100) {
                let part = albums[start..<min(start + 100, albums.count)]
                try await incremental.write { tx in try tx.insert(contentsOf: Array(part)) }
            }
            // In bulk: one commit of them all, then the file opened again.
            let url = directory.appending(path: "bulk.sqlite")
            let bulk = try Store(url: url, models: EtchModels.all)
            try await bulk.write { tx in
                try tx.insert(contentsOf: [Self.nina, Self.miles, Self.fela])
                try tx.insert(contentsOf: albums)
            }
            let expected = try await Self.indexReads(incremental)
            #expect(try await Self.indexReads(bulk) == expected)
            await bulk.close()
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await Self.indexReads(reopened) == expected)
            await reopened.close()
        }
    }
}
