import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

// How observations start and end: the first result and the commits after it, and the end
// of a stream whose consumer took what it wanted.

extension LiveQueryTests {
    /// A walked window (an artist's newest albums, paged) and a query kept sorted whole.
    static let startingQueries: [StoreQuery<Album>] = {
        let artist = Ref<Artist>(id: "a1")
        return [
            StoreQuery(
                predicate: #Predicate { $0.artist == artist }, sortBy: [SortDescriptor(\.year, order: .reverse)],
                fetchLimit: 5, fetchOffset: 1),
            StoreQuery(sortBy: [SortDescriptor(\.title)], fetchLimit: 4),
        ]
    }()

    /// The first element of a stream, taken as a screen takes it: the stream is gone when
    /// this returns.
    static func first<Element>(of stream: AsyncStream<Element>) async -> Element? {
        for await element in stream { return element }
        return nil
    }

    @Test func anObservationWhoseConsumerStoppedIsNotCountedAtOnce() async throws {
        let store = try await T.filledStore()
        for query in Self.startingQueries {
            let rows = await Self.first(of: try await store.observe(query))?.snapshot
            #expect(rows?.map(\.id) == (try await store.fetch(query)).map(\.id))
        }
        _ = await Self.first(of: try await store.observe(Album.self, id: "b1"))
        _ = await Self.first(of: try await store.observe(Artist.albums, of: "a1"))
        #expect(try await store.changeSubscriberCount(of: Album.self) == 0)
        // The store still tells a new observation of each commit.
        let changes = ChangeCollector(try await store.changes(of: Album.self))
        #expect(try await store.changeSubscriberCount(of: Album.self) == 1)
        try await store.write { tx in try tx.insert(T.album("b9", by: T.nina, 1970)) }
        #expect(await changes.waitFor(1).first?.inserted.map(\.id) == ["b9"])
    }

    @Test func observationsStartedBetweenCommitsMissNone() async throws {
        let store = try await T.filledStore()
        var collectors: [(query: StoreQuery<Album>, changes: ChangeCollector<ListChange<Album>>)] = []
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<3 {
                group.addTask {
                    var random = SeededGenerator(seed: UInt64(writer) + 11)
                    for step in 0..<40 {
                        let id = "s\(writer)-\(step % 6)"
                        let year = 1950 + Int.random(in: 0..<40, using: &random)
                        let artist = step % 3 == 0 ? T.miles : T.nina
                        try await store.write { tx in
                            if step % 4 == 3 {
                                try tx.delete(Album.self, id: id)
                            } else {
                                try tx.insert(T.album(id, by: artist, year))
                            }
                        }
                    }
                }
            }
            for round in 0..<30 {
                let query = Self.startingQueries[round % Self.startingQueries.count]
                collectors.append((query, ChangeCollector(try await store.observe(query))))
                await Task.yield()
            }
            try await group.waitForAll()
        }
        // Every change was sent before the last write returned; wait for the consumers.
        for (number, collector) in collectors.enumerated() {
            let expected = try await store.fetch(collector.query)
            #expect(
                await StoreConcurrencyTests.eventually { collector.changes.replay().rows == expected },
                "observation \(number)")
            #expect(collector.changes.replay().problems.isEmpty, "observation \(number)")
        }
    }
}
