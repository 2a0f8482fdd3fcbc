import Etch
import EtchStore
import Foundation
import Testing

// "Ends with", which `#Predicate` lacks: `contains` of a captured `SuffixPattern`, or an
// `EndsWith` expression built in `Predicate`'s builder.

extension QueryPlanTests {
    static let titles = ["Closed", "closed", "Open", "ed", "", "Caf\u{E9}", "Cafe\u{301}", "Ended"]

    @Test(arguments: ["ed", "", "Closed", "\u{E9}", "e", "d"])
    func suffixPatternInAPredicate(_ suffix: String) throws {
        let pattern = SuffixPattern(suffix)
        let predicate = #Predicate<Album> { $0.title.contains(pattern) }
        for title in Self.titles {
            #expect(try predicate.evaluate(Self.album("x", title: title)) == title.hasSuffix(suffix), "\(title)")
        }
    }

    @Test func suffixPatternOnAnOptionalField() throws {
        let pattern = SuffixPattern("ia")
        let predicate = #Predicate<Artist> { $0.country.flatMap { $0.contains(pattern) } == true }
        #expect(try predicate.evaluate(Artist(id: "1", name: "Ravi", slug: "ravi", country: "India")))
        #expect(try !predicate.evaluate(Artist(id: "2", name: "Nico", slug: "nico", country: "Germany")))
        #expect(try !predicate.evaluate(Artist(id: "3", name: "Anon", slug: "anon")))
    }

    @Test func endsWithInPredicatesBuilder() throws {
        let predicate = Predicate<Album> {
            EndsWith(PredicateExpressions.build_KeyPath(root: $0, keyPath: \.title), PredicateExpressions.Value("ed"))
        }
        #expect(try predicate.evaluate(Self.album("1", title: "Closed")))
        #expect(try !predicate.evaluate(Self.album("2", title: "Open")))
        #expect(plan(predicate, indexes: Self.albumIndexes) == .scan(model: "Album"))
    }

    @Test func endsWithBesideAnIndexedCondition() throws {
        let pattern = SuffixPattern("ed")
        let predicate = #Predicate<Album> { $0.title.contains(pattern) && $0.artist.id == "a2" }
        #expect(plan(predicate, indexes: Self.albumIndexes) == Self.lookup("artist", .string("a2")))
        let albums = [
            Self.album("1", title: "Closed", artist: "a2"), Self.album("2", title: "Closed"),
            Self.album("3", title: "Open", artist: "a2"),
        ]
        #expect(try QueryEvaluation(StoreQuery(predicate: predicate)).results(from: albums).map(\.id) == ["1"])
    }

    @Test func plainContainsIsUnchanged() throws {
        let predicate = #Predicate<Album> { $0.title.contains("los") }
        #expect(try predicate.evaluate(Self.album("1", title: "Closed")))
        #expect(try !predicate.evaluate(Self.album("2", title: "Open")))
    }
}
