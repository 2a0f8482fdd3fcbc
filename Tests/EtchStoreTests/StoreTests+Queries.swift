import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

extension StoreTests {
    /// The randomized predicates of the planner's tests, run by a real store over its own
    /// indexes (the generated `Album._indexes`), against a plain filter and sort.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func fetchAgreesWithAFilterAndSort(seed: UInt64) async throws {
        var constants = QueryPlanTests.Constants(generator: SeededGenerator(seed: seed + 100))
        var plansUsed: Set<String> = []
        for _ in 0..<10 {
            let albums = QueryPlanTests.randomAlbums(&constants)
            let store = try Store(models: EtchModels.all)
            try await store.write { tx in try tx.insert(contentsOf: albums) }
            for _ in 0..<12 {
                let predicate = QueryPlanTests.templates.randomElement(using: &constants.generator)!(&constants)
                let query = StoreQuery(
                    predicate: predicate, sortBy: QueryPlanTests.sorts.randomElement(using: &constants.generator)!,
                    fetchLimit: Bool.random(using: &constants.generator)
                        ? nil : Int.random(in: 0...10, using: &constants.generator),
                    fetchOffset: Int.random(in: 0...3, using: &constants.generator))
                let plan = try await store.plan(for: query)
                plansUsed.insert(String(describing: plan.access).prefix { $0 != " " && $0 != ":" }.description)
                let answer = try await store.fetch(query)
                let matches = try albums.filter { try predicate.evaluate($0) }
                let expected = matches.sorted(using: query.sortBy + [SortDescriptor(\.id)])
                    .dropFirst(query.fetchOffset).prefix(query.fetchLimit ?? .max)
                #expect(answer.map(\.id) == expected.map(\.id), "\(plan)")
                #expect(try await store.fetchCount(query) == matches.count)
            }
        }
        #expect(plansUsed.isSuperset(of: ["scan", "lookup", "range"]))
    }

    @Test func queriesUseTheSchemasIndexes() async throws {
        let store = try await Self.filledStore()
        let nina = Ref(Self.nina)
        let query = StoreQuery<Album>(
            predicate: #Predicate { $0.artist == nina && $0.year >= 1960 }, sortBy: [SortDescriptor(\.year)])
        #expect(try await store.plan(for: query).access.description.hasPrefix("range Album.year by artist"))
        #expect(try await store.fetch(query).map(\.id) == ["b1", "b3"])
        let slug = StoreQuery<Artist>(predicate: #Predicate { $0.slug == "miles" })
        #expect(try await store.plan(for: slug).access.description == #"lookup Artist.slug in ["miles"]"#)
        #expect(try await store.fetch(slug).map(\.id) == ["a2"])
        // Two conditions on one field both hold (ModelKit kept only the last).
        let between = StoreQuery<Album>(
            predicate: #Predicate { $0.rating >= 4.0 && $0.rating < 4.5 }, sortBy: [SortDescriptor(\.rating)])
        #expect(try await store.fetch(between).map(\.id) == ["b2", "b6"])
        // A between whose bounds are inverted matches nothing, and does not trap.
        let (low, high) = (1970, 1960)
        let inverted = StoreQuery<Album>(predicate: #Predicate { (low...high).contains($0.year) })
        #expect(try await store.plan(for: inverted) == .empty)
        #expect(try await store.fetch(inverted).isEmpty)
        let ends = SuffixPattern("b3")
        #expect(
            try await store.fetch(StoreQuery<Album>(predicate: #Predicate { $0.title.contains(ends) })).map(\.id) == [
                "b3"
            ])
    }
}
