import Etch
import EtchStore
import Foundation
import Testing

// The plan for each of ModelKit's conditions on one field.

extension QueryPlanTests {
    static var conditionCases: [PlanCase<Album>] {
        let rock = Genre.rock
        let noArtists: [String] = []
        let upToThree = 1.0...3.0
        let fromTwo = 2.0...
        let endsWithEd = SuffixPattern("ed")
        return [
            PlanCase("== on an index", #Predicate { $0.artist.id == "a1" }, lookup("artist", .string("a1"))),
            PlanCase("== on an optional enum", #Predicate { $0.genre == rock }, lookup("genre", .string("rock"))),
            PlanCase(
                "== on a sorted index", #Predicate { $0.rating == 2.5 },
                ratings(inclusive(.double(2.5)), inclusive(.double(2.5)))),
            PlanCase("== on a grouped index, no group", #Predicate { $0.year == 1990 }, .scan(model: "Album")),
            PlanCase("== on no index", #Predicate { $0.title == "Help" }, .scan(model: "Album")),
            PlanCase("!=", #Predicate { $0.artist.id != "a1" }, .scan(model: "Album")),
            PlanCase("<", #Predicate { $0.rating < 3 }, ratings(nil, exclusive(.double(3)))),
            PlanCase("<=", #Predicate { $0.rating <= 3 }, ratings(nil, inclusive(.double(3)))),
            PlanCase(">", #Predicate { $0.rating > 3 }, ratings(exclusive(.double(3)), nil)),
            PlanCase(">=", #Predicate { $0.rating >= 3 }, ratings(inclusive(.double(3)), nil)),
            PlanCase("constant first", #Predicate { 3 < $0.rating }, ratings(exclusive(.double(3)), nil)),
            PlanCase("negative constant", #Predicate { $0.rating > -1.5 }, ratings(exclusive(.double(-1.5)), nil)),
            PlanCase(
                "in", #Predicate { ["a1", "a2"].contains($0.artist.id) },
                lookup("artist", .string("a1"), .string("a2"))),
            PlanCase(
                "in, repeated", #Predicate { ["a1", "a1"].contains($0.artist.id) }, lookup("artist", .string("a1"))),
            PlanCase("in, empty list", #Predicate { noArtists.contains($0.artist.id) }, .empty),
            PlanCase(
                "in on a sorted index", #Predicate { [1.0, 2.0].contains($0.rating) },
                .union([
                    ratings(inclusive(.double(1)), inclusive(.double(1))),
                    ratings(inclusive(.double(2)), inclusive(.double(2))),
                ])),
            PlanCase("not in", #Predicate { !["a1"].contains($0.artist.id) }, .scan(model: "Album")),
            PlanCase("exists", #Predicate { $0.genre != nil }, .scan(model: "Album")),
            PlanCase("not exists", #Predicate { $0.genre == nil }, lookup("genre", .null)),
            PlanCase(
                "between", #Predicate { (1.0...3.0).contains($0.rating) },
                ratings(inclusive(.double(1)), inclusive(.double(3)))),
            PlanCase(
                "between, half-open", #Predicate { (1.0..<3.0).contains($0.rating) },
                ratings(inclusive(.double(1)), exclusive(.double(3)))),
            PlanCase(
                "between, captured range", #Predicate { upToThree.contains($0.rating) },
                ratings(inclusive(.double(1)), inclusive(.double(3)))),
            PlanCase(
                "between, captured partial range", #Predicate { fromTwo.contains($0.rating) },
                ratings(inclusive(.double(2)), nil)),
            PlanCase("between, empty half-open", #Predicate { (2.0..<2.0).contains($0.rating) }, .empty),
            PlanCase("begins with", #Predicate { $0.title.starts(with: "Ab") }, .scan(model: "Album")),
            PlanCase("ends with", #Predicate { $0.title.contains(endsWithEd) }, .scan(model: "Album")),
            PlanCase("contains", #Predicate { $0.title.contains("ab") }, .scan(model: "Album")),
            PlanCase("true", #Predicate { _ in true }, .scan(model: "Album")),
            PlanCase("false", #Predicate { _ in false }, .empty),
        ]
    }

    @Test(arguments: conditionCases)
    func planOfCondition(_ testCase: PlanCase<Album>) {
        #expect(plan(testCase.predicate, indexes: Self.albumIndexes) == testCase.expected)
    }

    static var artistCases: [PlanCase<Artist>] {
        [
            PlanCase(
                "== on a unique index", #Predicate { $0.slug == "s1" },
                .lookup(model: "Artist", index: "slug", keys: [.string("s1")])),
            PlanCase(
                "== on an optional string", #Predicate { $0.country == "fr" },
                .lookup(model: "Artist", index: "country", keys: [.string("fr")])),
            PlanCase(
                "not exists on an optional string", #Predicate { $0.country == nil },
                .lookup(model: "Artist", index: "country", keys: [.null])),
            PlanCase(
                "unique before index", #Predicate { $0.country == "fr" && $0.slug == "s1" },
                .lookup(model: "Artist", index: "slug", keys: [.string("s1")])),
            PlanCase(
                "in on a unique index", #Predicate { ["s1", "s2"].contains($0.slug) },
                .lookup(model: "Artist", index: "slug", keys: [.string("s1"), .string("s2")])),
            PlanCase(
                "in, as contains(where:)",
                #Predicate { artist in ["s1", "s2"].contains(where: { $0 == artist.slug }) },
                .lookup(model: "Artist", index: "slug", keys: [.string("s1"), .string("s2")])),
            PlanCase("no index", #Predicate { $0.name == "Nico" }, .scan(model: "Artist")),
        ]
    }

    @Test(arguments: artistCases)
    func planOfArtistCondition(_ testCase: PlanCase<Artist>) {
        #expect(plan(testCase.predicate, indexes: Self.artistIndexes) == testCase.expected)
    }

    @Test func noPredicateIsAScan() {
        #expect(plan(nil, indexes: Self.albumIndexes) == .scan(model: "Album"))
    }

    @Test func noIndexesMeansAScan() {
        #expect(plan(#Predicate<Album> { $0.artist.id == "a1" }, indexes: []) == .scan(model: "Album"))
    }
}
