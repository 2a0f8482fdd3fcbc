import Etch
import EtchStore
import Foundation
import Testing

// Ranges whose lower bound is above their upper: Foundation's evaluation traps on them, so
// the plan is `.empty` and the evaluation holds them for no object, wherever they stand.

extension QueryPlanTests {
    static let rangeAlbums = [
        album("al1", title: "Help", year: 1985, rating: 1),
        album("al2", title: "Closed", year: 1995, rating: 3),
        album("al3", title: "Help", year: 2005, rating: 5),
    ]

    /// The ids of the albums `predicate` holds for, through ``QueryEvaluation``.
    static func matchingIDs(_ predicate: Predicate<Album>) throws -> [String] {
        try QueryEvaluation(StoreQuery(predicate: predicate)).results(from: rangeAlbums).map(\.id)
    }

    @Test func invertedBetweenIsEmptyAndDoesNotTrap() throws {
        let (low, high) = (2000, 1990)
        let predicate = #Predicate<Album> { (low...high).contains($0.year) }
        #expect(plan(predicate, indexes: Self.albumIndexes) == .empty)
        #expect(try Self.matchingIDs(predicate) == [])
    }

    @Test func invertedHalfOpenBetweenIsEmptyAndDoesNotTrap() throws {
        let (low, high) = (2000, 1990)
        let predicate = #Predicate<Album> { $0.artist.id == "a1" && (low..<high).contains($0.year) }
        #expect(plan(predicate, indexes: Self.albumIndexes) == .empty)
        #expect(try Self.matchingIDs(predicate) == [])
    }

    @Test func invertedBetweenOfNaNIsEmpty() throws {
        let (low, high) = (Double.nan, 4.0)
        let predicate = #Predicate<Album> { (low...high).contains($0.rating) }
        #expect(plan(predicate, indexes: Self.albumIndexes) == .empty)
        #expect(try Self.matchingIDs(predicate) == [])
    }

    @Test func invertedBetweenInsideORHoldsForNothing() throws {
        let (low, high) = (2000, 1990)
        let predicate = #Predicate<Album> { $0.title == "Help" || (low...high).contains($0.year) }
        #expect(plan(predicate, indexes: Self.albumIndexes) == .scan(model: "Album"))
        #expect(try Self.matchingIDs(predicate) == ["al1", "al3"])
    }

    @Test func invertedBetweenUnderNOTHoldsForNothing() throws {
        let (low, high) = (2000, 1990)
        let predicate = #Predicate<Album> { !(low...high).contains($0.year) && $0.rating > 2 }
        #expect(plan(predicate, indexes: Self.albumIndexes) == Self.ratings(Self.exclusive(.double(2)), nil))
        #expect(try Self.matchingIDs(predicate) == ["al2", "al3"])
    }

    @Test func rangeWithABoundFromTheObjectDoesNotTrap() throws {
        // Inverted for al3 (2005...2000), where Foundation would trap.
        let predicate = #Predicate<Album> { ($0.year...2000).contains(1999) }
        #expect(plan(predicate, indexes: Self.albumIndexes) == .scan(model: "Album"))
        #expect(try Self.matchingIDs(predicate) == ["al1", "al2"])
    }

    @Test func validRangesEvaluateAsFoundationDoes() throws {
        let predicates = [
            #Predicate<Album> { (1985...1995).contains($0.year) },
            #Predicate<Album> { (1985..<1995).contains($0.year) || $0.rating == 5 },
            #Predicate<Album> { !(1.0...3.0).contains($0.rating) },
            #Predicate<Album> { ($0.year...2010).contains(2005) },
        ]
        for predicate in predicates {
            let expected = try Self.rangeAlbums.filter { try predicate.evaluate($0) }.map(\.id)
            #expect(try Self.matchingIDs(predicate) == expected)
        }
    }
}
