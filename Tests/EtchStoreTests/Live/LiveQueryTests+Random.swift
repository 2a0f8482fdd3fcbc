import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension LiveQueryTests {
    /// One observed list and how to get its answer by running it again.
    struct Observed<Model: IdentifiedModel>: Sendable {
        let name: String
        let collector: ChangeCollector<ListChange<Model>>
        let rerun: @Sendable (Store) async throws -> [Model]
    }

    /// Whether two lists hold the same objects in the same order, `@local` values included
    /// (a model's `==` leaves them out, and a change of them alone is still a change).
    static func same<Model: IdentifiedModel>(_ lhs: [Model], _ rhs: [Model]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 && $0.localValues == $1.localValues }
    }

    /// Checks an observed list after a commit: it got one change exactly when its answer
    /// changed, and replaying its changes gives the answer. Returns the answer and the
    /// number of changes it should have now.
    static func check<Model: IdentifiedModel>(
        _ observed: Observed<Model>, in store: Store, previous: [Model], changes: Int, context: String
    ) async throws -> (answer: [Model], changes: Int) {
        let answer = try await observed.rerun(store)
        let expected = same(answer, previous) ? changes : changes + 1
        let received = await observed.collector.waitFor(expected)
        #expect(received.count == expected, "\(context), \(observed.name): \(received.count) changes, not \(expected)")
        let (rows, problems) = observed.collector.replay()
        #expect(problems.isEmpty, "\(context), \(observed.name): \(problems)")
        #expect(
            same(rows, answer),
            "\(context), \(observed.name): replayed \(rows.map(\.id)), the query answers \(answer.map(\.id))")
        return (answer, expected)
    }

    static func albumQueries(seed: UInt64) -> [(String, StoreQuery<Album>)] {
        let rock = Genre.rock
        let year = 1960 + Int(seed % 6)
        return [
            ("all by year, newest first", StoreQuery(sortBy: [SortDescriptor(\.year, order: .reverse)])),
            (
                "rock by rating, top 4",
                StoreQuery(
                    predicate: #Predicate { $0.genre == rock }, sortBy: [SortDescriptor(\.rating)], fetchLimit: 4)
            ),
            (
                "from \(year) by title, 3 after 2",
                StoreQuery(
                    predicate: #Predicate { $0.year >= year }, sortBy: [SortDescriptor(\.title)], fetchLimit: 3,
                    fetchOffset: 2)
            ),
            ("rated over 2.5, by id", StoreQuery(predicate: #Predicate { $0.rating > 2.5 })),
            (
                "by rating then year, all after 5",
                StoreQuery(sortBy: [SortDescriptor(\.rating), SortDescriptor(\.year)], fetchOffset: 5)
            ),
            ("none", StoreQuery(fetchLimit: 0)),
        ]
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomCommitsKeepEveryObservationEqualToRunningItAgain(seed: UInt64) async throws {
        let store = try Store(models: EtchModels.all)
        var albums: [Observed<Album>] = []
        for (name, query) in Self.albumQueries(seed: seed) {
            albums.append(
                Observed(name: name, collector: ChangeCollector(try await store.observe(query))) {
                    try await $0.fetch(query)
                })
        }
        for artist in ["a1", "a2"] {
            albums.append(
                Observed(
                    name: "\(artist)'s albums",
                    collector: ChangeCollector(try await store.observe(Artist.albums, of: artist))
                ) {
                    try await $0.related(Artist.albums, of: artist)
                })
        }
        let roomQuery = StoreQuery<Room>(predicate: #Predicate { $0.capacity > 10 }, sortBy: [SortDescriptor(\.name)])
        let rooms = Observed(
            name: "rooms for more than 10", collector: ChangeCollector(try await store.observe(roomQuery))
        ) {
            try await $0.fetch(roomQuery)
        }
        let album = ChangeCollector(try await store.observe(Album.self, id: "b01"))
        // Tracks of albums the transactions will put and delete: deleting an album deletes
        // its tracks in the same commit (`@onDelete(cascade)`), and the track list sees it.
        try await store.write { tx in
            for number in 0..<20 {
                try tx.insert(
                    Track(
                        id: "t\(number)", title: "Track \(number % 7)",
                        album: Ref(id: ReferenceValues.albumIDs[number % 10])))
            }
        }
        let trackQuery = StoreQuery<Track>(sortBy: [SortDescriptor(\.title)], fetchLimit: 12)
        let tracks = Observed(
            name: "tracks by title, first 12", collector: ChangeCollector(try await store.observe(trackQuery))
        ) {
            try await $0.fetch(trackQuery)
        }
        var trackAnswer = try await store.fetch(trackQuery)
        var trackChanges = 1

        var random = SeededGenerator(seed: seed)
        var reference = ReferenceLibrary()
        var albumAnswers = Array(repeating: [Album](), count: albums.count)
        var albumChanges = Array(repeating: 1, count: albums.count)  // the first change: the initial results
        var roomAnswer: [Room] = []
        var roomChanges = 1
        var albumVersions: [Album?] = [nil]
        for number in 1...StoreReferenceTests.transactionCount {
            let operations = ReferenceOperation.randomTransaction(for: reference, using: &random)
            let context = "seed \(seed), transaction \(number)"
            _ = await StoreReferenceTests.refusal(committing: operations, to: store)
            if case .success(let next) = reference.committing(operations) { reference = next }
            for position in albums.indices {
                (albumAnswers[position], albumChanges[position]) = try await Self.check(
                    albums[position], in: store, previous: albumAnswers[position], changes: albumChanges[position],
                    context: context)
            }
            (roomAnswer, roomChanges) = try await Self.check(
                rooms, in: store, previous: roomAnswer, changes: roomChanges, context: context)
            (trackAnswer, trackChanges) = try await Self.check(
                tracks, in: store, previous: trackAnswer, changes: trackChanges, context: context)
            let current = try await store.object(Album.self, id: "b01")
            if !Self.same([current].compactMap { $0 }, [albumVersions.last!].compactMap { $0 }) {
                albumVersions.append(current)
            }
            let received = await album.waitFor(albumVersions.count)
            #expect(received.map { $0?.id } == albumVersions.map { $0?.id }, "\(context): b01's versions")
            #expect(received.last! == albumVersions.last!, "\(context): b01's last version")
        }
        // The lists saw changes, and some windows were left alone by some commits.
        #expect(albumChanges[0] > 20 && roomChanges > 5, "\(albumChanges) \(roomChanges)")
        #expect(albumChanges[1] < albumChanges[0], "\(albumChanges)")
        let tracksLeft = try await store.count(Track.self)
        #expect(trackChanges > 1 && tracksLeft < 20, "the cascades reached the track list")
    }

    @Test func concurrentWritersLeaveEveryObservationEqualToRunningItAgain() async throws {
        let store = try await T.filledStore()
        let query = StoreQuery<Album>(sortBy: [SortDescriptor(\.rating, order: .reverse)], fetchLimit: 10)
        let top = ChangeCollector(try await store.observe(query))
        let all = ChangeCollector(try await store.observe(StoreQuery<Album>(sortBy: [SortDescriptor(\.year)])))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<6 {
                group.addTask {
                    var random = SeededGenerator(seed: UInt64(writer))
                    for step in 0..<40 {
                        let id = "w\(writer)-\(step % 7)"
                        let year = 1950 + Int.random(in: 0..<30, using: &random)
                        let rating = Double(Int.random(in: 0...10, using: &random)) / 2
                        try await store.write { tx in
                            if step % 5 == 4 {
                                try tx.delete(Album.self, id: id)
                            } else {
                                try tx.insert(
                                    T.album(id, by: T.nina, year, rating: rating))
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        // Every change was sent before the last write returned; wait for the consumers.
        let expectedTop = try await store.fetch(query)
        let expectedAll = try await store.fetch(StoreQuery<Album>(sortBy: [SortDescriptor(\.year)]))
        #expect(await StoreConcurrencyTests.eventually { top.replay().rows == expectedTop })
        #expect(await StoreConcurrencyTests.eventually { all.replay().rows == expectedAll })
        #expect(top.replay().problems.isEmpty && all.replay().problems.isEmpty)
    }
}
