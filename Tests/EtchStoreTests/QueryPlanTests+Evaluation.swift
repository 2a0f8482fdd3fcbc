import Etch
import EtchStore
import Foundation
import Testing

// QueryEvaluation: the predicate on each candidate, the sort, ties by id, and the page.

extension QueryPlanTests {
    static let shelf = [
        album("c", title: "Blue", year: 1990, rating: 4),
        album("a", title: "Abbey", year: 1969, rating: 5),
        album("d", title: "Kind", year: 1959, rating: 5),
        album("b", title: "abbey", year: 1990, rating: 2),
    ]

    /// The ids of the answer to `query` among the shelf's albums.
    static func answer(_ query: StoreQuery<Album>, candidates: [Album] = shelf) throws -> [String] {
        try QueryEvaluation(query).results(from: candidates).map(\.id)
    }

    @Test func noPredicateNoSortGivesAllByID() throws {
        #expect(try Self.answer(StoreQuery()) == ["a", "b", "c", "d"])
    }

    @Test func sortsByDescriptorsThenByID() throws {
        #expect(try Self.answer(StoreQuery(sortBy: [SortDescriptor(\.year)])) == ["d", "a", "b", "c"])
        #expect(
            try Self.answer(StoreQuery(sortBy: [SortDescriptor(\.rating, order: .reverse)])) == ["a", "d", "c", "b"])
        #expect(
            try Self.answer(StoreQuery(sortBy: [SortDescriptor(\.year, order: .reverse), SortDescriptor(\.title)]))
                == ["c", "b", "a", "d"])
        // Strings sort as Swift's `<` on Linux: upper case first.
        #expect(try Self.answer(StoreQuery(sortBy: [SortDescriptor(\.title)])) == ["a", "c", "d", "b"])
    }

    @Test func filtersWithThePredicate() throws {
        let query = StoreQuery<Album>(predicate: #Predicate { $0.rating >= 4 }, sortBy: [SortDescriptor(\.title)])
        #expect(try Self.answer(query) == ["a", "c", "d"])
    }

    @Test func takesThePage() throws {
        let sort = [SortDescriptor(\Album.year)]
        #expect(try Self.answer(StoreQuery(sortBy: sort, fetchLimit: 2)) == ["d", "a"])
        #expect(try Self.answer(StoreQuery(sortBy: sort, fetchLimit: 2, fetchOffset: 1)) == ["a", "b"])
        #expect(try Self.answer(StoreQuery(sortBy: sort, fetchOffset: 3)) == ["c"])
        #expect(try Self.answer(StoreQuery(sortBy: sort, fetchOffset: 9)) == [])
        #expect(try Self.answer(StoreQuery(sortBy: sort, fetchLimit: 0)) == [])
    }

    @Test func negativePageValuesDoNotTrap() throws {
        #expect(try Self.answer(StoreQuery(fetchLimit: -1)) == [])
        #expect(try Self.answer(StoreQuery(fetchOffset: -5)) == ["a", "b", "c", "d"])
    }

    @Test func repeatedCandidatesCountOnce() throws {
        let query = StoreQuery<Album>(predicate: #Predicate { $0.year == 1990 })
        #expect(try Self.answer(query, candidates: Self.shelf + Self.shelf.reversed()) == ["b", "c"])
    }

    @Test func errorsOfThePredicateAreThrown() {
        let country: String? = nil
        let query = StoreQuery<Album>(predicate: #Predicate { _ in country! == "fr" })
        #expect(throws: (any Error).self) { try Self.answer(query) }
    }

    @Test func matchesTellsOneObject() throws {
        let evaluation = QueryEvaluation(StoreQuery<Album>(predicate: #Predicate { $0.title.starts(with: "Ab") }))
        #expect(try evaluation.matches(Self.shelf[1]))
        #expect(try !evaluation.matches(Self.shelf[3]))
    }
}
