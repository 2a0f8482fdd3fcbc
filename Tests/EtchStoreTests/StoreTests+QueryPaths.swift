import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

// Results never depend on the plan: random albums (NaN ratings, nil genres and peaks,
// repeated years and ratings) and random predicates, sorts, limits and offsets, through
// `fetch` and `fetchCount` (index walks, index counts, compiled predicates, Foundation's
// evaluation), against a filter with `predicate.evaluate` and a sort that orders each field
// as its index does (NaN last), ties by id ascending in both directions.

extension StoreTests {
    /// A sort of the test, with how the reference reads its field's key.
    struct ReferenceSort: Sendable {
        let descriptors: [SortDescriptor<Album>]
        let keys: [@Sendable (Album) -> IndexKey]
        let reversed: [Bool]
    }

    /// Sorts that a walk answers (years within an artist, ratings, peaks) and some it does not.
    static let referenceSorts: [ReferenceSort] = [
        ReferenceSort(descriptors: [], keys: [], reversed: []),
        ReferenceSort(descriptors: [SortDescriptor(\.year)], keys: [{ $0.year.indexKey }], reversed: [false]),
        ReferenceSort(
            descriptors: [SortDescriptor(\.year, order: .reverse)], keys: [{ $0.year.indexKey }], reversed: [true]),
        ReferenceSort(descriptors: [SortDescriptor(\.rating)], keys: [{ $0.rating.indexKey }], reversed: [false]),
        ReferenceSort(
            descriptors: [SortDescriptor(\.rating, order: .reverse)], keys: [{ $0.rating.indexKey }], reversed: [true]),
        ReferenceSort(
            descriptors: [SortDescriptor(\.year, order: .reverse), SortDescriptor(\.rating)],
            keys: [{ $0.year.indexKey }, { $0.rating.indexKey }], reversed: [true, false]),
    ]

    /// The reference answer: a filter with Foundation's evaluation, a sort by index keys, ties
    /// by id ascending, then the page.
    static func referenceAnswer(_ albums: [Album], _ query: StoreQuery<Album>, _ sort: ReferenceSort) throws -> [Album]
    {
        let matches = try albums.filter { try query.predicate?.evaluate($0) ?? true }
        let sorted = matches.sorted { first, second in
            for (key, reversed) in zip(sort.keys, sort.reversed) {
                let (left, right) = (key(first), key(second))
                if left == right { continue }
                return reversed ? right < left : left < right
            }
            return first.id < second.id
        }
        return Array(sorted.dropFirst(max(0, query.fetchOffset)).prefix(max(0, query.fetchLimit ?? .max)))
    }

    /// Random albums whose ratings are NaN now and then.
    static func albumsWithNaN(_ constants: inout QueryPlanTests.Constants) -> [Album] {
        QueryPlanTests.randomAlbums(&constants).map { album in
            Int.random(in: 0..<6, using: &constants.generator) == 0 ? album.copyWith(rating: .nan) : album
        }
    }

    /// Predicates that walks and counts answer, beside the planner's random templates.
    static let walkTemplates: [@Sendable (inout QueryPlanTests.Constants) -> Predicate<Album>?] = [
        { _ in nil },
        {
            let a = $0.artist()
            return #Predicate { $0.artist.id == a }
        },
        {
            let a = $0.artist()
            let y = $0.year()
            return #Predicate { $0.artist.id == a && $0.year >= y }
        },
        {
            let a = $0.artist()
            let t = $0.title()
            return #Predicate { $0.artist.id == a && $0.title == t }
        },
        {
            let r = $0.rating()
            return #Predicate { $0.rating > r }
        },
        {
            let (low, high) = $0.ordered { $0.rating() }
            return #Predicate { $0.rating >= low && $0.rating < high }
        },
        {
            // NaN or a number: `==` NaN holds for no album, though the index holds NaN ratings.
            let r = Bool.random(using: &$0.generator) ? Double.nan : $0.rating()
            return #Predicate { $0.rating == r }
        },
        {
            let g = $0.genre()
            return #Predicate { $0.genre == g }
        },
    ]

    @Test(arguments: 0..<6 as Range<UInt64>)
    func resultsNeverDependOnThePlan(seed: UInt64) async throws {
        var constants = QueryPlanTests.Constants(generator: SeededGenerator(seed: seed + 500))
        var plans: Set<String> = []
        for _ in 0..<8 {
            let albums = Self.albumsWithNaN(&constants)
            let store = try Store(models: EtchModels.all)
            try await store.write { tx in try tx.insert(contentsOf: albums) }
            for _ in 0..<16 {
                let predicate =
                    Bool.random(using: &constants.generator)
                    ? Self.walkTemplates.randomElement(using: &constants.generator)!(&constants)
                    : QueryPlanTests.templates.randomElement(using: &constants.generator)!(&constants)
                let sort = Self.referenceSorts.randomElement(using: &constants.generator)!
                let query = StoreQuery(
                    predicate: predicate, sortBy: sort.descriptors,
                    fetchLimit: Bool.random(using: &constants.generator)
                        ? nil : Int.random(in: 0...8, using: &constants.generator),
                    fetchOffset: Int.random(in: 0...4, using: &constants.generator))
                let plan = try await store.plan(for: query)
                plans.insert(String(plan.description.prefix { $0 != " " }))
                let expected = try Self.referenceAnswer(albums, query, sort).map(\.id)
                #expect(try await store.fetch(query).map(\.id) == expected, "\(plan)")
                // Twice: the second run reuses the query's prepared plan.
                #expect(try await store.fetch(query).map(\.id) == expected, "\(plan), again")
                let count = try albums.filter { try predicate?.evaluate($0) ?? true }.count
                #expect(try await store.fetchCount(query) == count, "\(plan)")
            }
        }
        #expect(plans.contains("walk"))
    }

    /// Ties go by id ascending in every API and both directions: index reads, queries
    /// (walked or sorted), relations and live queries give one order.
    @Test func tiesGoByIDAscendingEverywhere() async throws {
        let store = try Store(models: EtchModels.all)
        let albums = (0..<12).map { number in
            QueryPlanTests.album(
                "t\(String(format: "%02d", number))", artist: "a1", year: 1990 + number % 3,
                rating: Double(number % 2))
        }
        try await store.write { tx in try tx.insert(contentsOf: albums.shuffled()) }
        let artist = Ref<Artist>(id: "a1")
        func expected(_ key: (Album) -> Int, reversed: Bool) -> [String] {
            albums.sorted { key($0) != key($1) ? (reversed ? key($0) > key($1) : key($0) < key($1)) : $0.id < $1.id }
                .map(\.id)
        }
        for reversed in [false, true] {
            let order: SortOrder = reversed ? .reverse : .forward
            let byYear = expected({ $0.year }, reversed: reversed)
            #expect(try await store.sorted(Album.self, by: \.year, inGroup: artist, order: order).map(\.id) == byYear)
            #expect(
                try await store.sorted(Album.self, by: \.year, inGroup: artist, order: order, limit: 5, offset: 3)
                    .map(\.id) == Array(byYear[3..<8]))
            let query = StoreQuery<Album>(
                predicate: #Predicate { $0.artist == artist }, sortBy: [SortDescriptor(\.year, order: order)])
            #expect(try await store.fetch(query).map(\.id) == byYear)
            var page = query
            page.fetchLimit = 5
            page.fetchOffset = 3
            #expect(try await store.fetch(page).map(\.id) == Array(byYear[3..<8]))
            for await change in try await store.observe(page) {
                var rows: [Album] = []
                change.apply(to: &rows)
                #expect(rows.map(\.id) == Array(byYear[3..<8]))
                break
            }
            let byRating = expected({ Int($0.rating) }, reversed: reversed)
            #expect(try await store.sorted(Album.self, by: \.rating, order: order).map(\.id) == byRating)
            let unsorted = StoreQuery<Album>(sortBy: [SortDescriptor(\.rating, order: order)])
            #expect(try await store.fetch(unsorted).map(\.id) == byRating)
        }
    }

    /// A windowed live query that a walk answers follows commits as a fetch answers them.
    @Test func walkedLiveWindowFollowsCommits() async throws {
        let store = try Store(models: EtchModels.all)
        var generator = SeededGenerator(seed: 77)
        let artist = Ref<Artist>(id: "a1")
        let first = (0..<30).map { number in
            QueryPlanTests.album(
                "w\(number)", artist: number % 3 == 0 ? "a2" : "a1",
                year: Int.random(in: 1990...1995, using: &generator))
        }
        try await store.write { tx in try tx.insert(contentsOf: first) }
        let query = StoreQuery<Album>(
            predicate: #Predicate { $0.artist == artist }, sortBy: [SortDescriptor(\.year, order: .reverse)],
            fetchLimit: 5, fetchOffset: 2)
        #expect(try await store.plan(for: query).description.hasPrefix("walk "))
        let stream = try await store.observe(query)
        var iterator = stream.makeAsyncIterator()
        var rows: [Album] = []
        await iterator.next()?.apply(to: &rows)
        #expect(rows.map(\.id) == (try await store.fetch(query).map(\.id)))
        for step in 0..<12 {
            let id = "w\(Int.random(in: 0..<34, using: &generator))"
            let year = Int.random(in: 1988...1997, using: &generator)
            try await store.write { tx in
                if step % 4 == 3, try tx.object(Album.self, id: id) != nil {
                    _ = try tx.delete(Album.self, id: id)
                } else {
                    try tx.insert(QueryPlanTests.album(id, artist: step % 2 == 0 ? "a1" : "a2", year: year))
                }
            }
            let answer = try await store.fetch(query)
            if answer != rows { await iterator.next()?.apply(to: &rows) }
            #expect(rows.map(\.id) == answer.map(\.id), "after step \(step)")
        }
    }
}
