import Etch
import EtchStore
import Foundation
import Testing

// The plan for AND, OR and NOT, nested, and for several conditions on one field.

extension QueryPlanTests {
    static var logicCases: [PlanCase<Album>] {
        let rock = Genre.rock
        return [
            PlanCase(
                "group fixed, then a bound", #Predicate { $0.artist.id == "a1" && $0.year >= 1990 },
                years(by: "a1", inclusive(.int(1990)), nil)),
            PlanCase(
                "group fixed, then ==", #Predicate { $0.artist.id == "a1" && $0.year == 1990 },
                years(by: "a1", inclusive(.int(1990)), inclusive(.int(1990)))),
            PlanCase(
                "group fixed, then between", #Predicate { $0.artist.id == "a1" && (1990...1999).contains($0.year) },
                years(by: "a1", inclusive(.int(1990)), inclusive(.int(1999)))),
            PlanCase(
                "group fixed on the right", #Predicate { $0.year < 2000 && $0.artist.id == "a1" },
                years(by: "a1", nil, exclusive(.int(2000)))),
            PlanCase(
                "bounds without the group", #Predicate { $0.year >= 1990 && $0.year < 2000 }, .scan(model: "Album")),
            PlanCase(
                "two bounds on one field", #Predicate { $0.rating > 1 && $0.rating <= 4 },
                ratings(exclusive(.double(1)), inclusive(.double(4)))),
            PlanCase(
                "the tighter of two bounds", #Predicate { $0.rating >= 1 && $0.rating >= 2 && $0.rating > 2 },
                ratings(exclusive(.double(2)), nil)),
            PlanCase("bounds that cross", #Predicate { $0.rating > 4 && $0.rating < 1 }, .empty),
            PlanCase("bounds that meet, one open", #Predicate { $0.rating >= 4 && $0.rating < 4 }, .empty),
            PlanCase("two different values", #Predicate { $0.artist.id == "a1" && $0.artist.id == "a2" }, .empty),
            PlanCase("a value outside a bound", #Predicate { $0.rating == 2 && $0.rating > 3 }, .empty),
            PlanCase(
                "a value and an in list", #Predicate { ["a1", "a2"].contains($0.artist.id) && $0.artist.id == "a2" },
                lookup("artist", .string("a2"))),
            PlanCase(
                "lookup before range", #Predicate { $0.rating > 3 && $0.genre == rock },
                lookup("genre", .string("rock"))),
            PlanCase(
                "lookup before grouped range of another field",
                #Predicate { $0.artist.id == "a1" && $0.year > 1990 && $0.genre == rock },
                lookup("genre", .string("rock"))),
            PlanCase(
                "fewer keys first", #Predicate { ["a1", "a2"].contains($0.artist.id) && $0.genre == rock },
                lookup("genre", .string("rock"))),
            PlanCase(
                "OR in one index", #Predicate { $0.artist.id == "a1" || $0.artist.id == "a2" },
                lookup("artist", .string("a1"), .string("a2"))),
            PlanCase(
                "OR across indexes", #Predicate { $0.artist.id == "a1" || $0.rating > 4 },
                .union([lookup("artist", .string("a1")), ratings(exclusive(.double(4)), nil)])),
            PlanCase(
                "OR with an unindexed branch", #Predicate { $0.artist.id == "a1" || $0.title == "Help" },
                .scan(model: "Album")),
            PlanCase(
                "OR with a branch no album meets", #Predicate { ($0.rating > 4 && $0.rating < 1) || $0.genre == rock },
                lookup("genre", .string("rock"))),
            PlanCase(
                "AND inside OR",
                #Predicate { ($0.artist.id == "a1" && $0.year > 1990) || $0.genre == rock },
                .union([years(by: "a1", exclusive(.int(1990)), nil), lookup("genre", .string("rock"))])),
            PlanCase(
                "OR inside AND",
                #Predicate { ($0.artist.id == "a1" || $0.artist.id == "a2") && $0.title == "Help" },
                lookup("artist", .string("a1"), .string("a2"))),
            PlanCase(
                "OR inside AND, beside a lookup",
                #Predicate { ($0.rating < 1 || $0.rating > 4) && $0.genre == rock },
                lookup("genre", .string("rock"))),
            PlanCase(
                "OR inside AND, beside nothing indexed",
                #Predicate { ($0.rating < 1 || $0.rating > 4) && $0.title == "Help" },
                .union([ratings(nil, exclusive(.double(1))), ratings(exclusive(.double(4)), nil)])),
            PlanCase("NOT", #Predicate { !($0.artist.id == "a1") }, .scan(model: "Album")),
            PlanCase(
                "NOT beside a lookup", #Predicate { !($0.artist.id == "a1") && $0.genre == rock },
                lookup("genre", .string("rock"))),
            PlanCase(
                "exists beside a range", #Predicate { $0.genre != nil && $0.rating > 3 },
                ratings(exclusive(.double(3)), nil)),
            PlanCase(
                "in as contains(where:), then a bound",
                #Predicate { album in ["a1", "a2"].contains(where: { $0 == album.artist.id }) && album.year > 1990 },
                .union([years(by: "a1", exclusive(.int(1990)), nil), years(by: "a2", exclusive(.int(1990)), nil)])),
            PlanCase(
                "in, then a bound on a field grouped by it",
                #Predicate { ["a1", "a2"].contains($0.artist.id) && $0.year > 1990 },
                .union([years(by: "a1", exclusive(.int(1990)), nil), years(by: "a2", exclusive(.int(1990)), nil)])),
            PlanCase(
                "OR of ==, then a bound on a field grouped by it",
                #Predicate { ($0.artist.id == "a1" || $0.artist.id == "a2") && $0.year > 1990 },
                .union([years(by: "a1", exclusive(.int(1990)), nil), years(by: "a2", exclusive(.int(1990)), nil)])),
        ]
    }

    @Test(arguments: logicCases)
    func planOfLogic(_ testCase: PlanCase<Album>) {
        #expect(plan(testCase.predicate, indexes: Self.albumIndexes) == testCase.expected)
    }

    @Test func descriptionsReadAsPlans() {
        let cases: [(QueryPlan, String)] = [
            (.scan(model: "Album"), "scan Album"),
            (.empty, "empty: no object can match"),
            (Self.lookup("artist", .string("a1")), #"lookup Album.artist in ["a1"]"#),
            (Self.lookup("genre", .string("rock"), .null), #"lookup Album.genre in ["rock", nil]"#),
            (
                Self.years(by: "a1", Self.inclusive(.int(1990)), nil),
                #"range Album.year by artist == "a1" in [1990, …)"#
            ),
            (Self.ratings(Self.exclusive(.double(1)), Self.inclusive(.double(4))), "range Album.rating in (1.0, 4.0]"),
            (Self.ratings(nil, nil), "range Album.rating in (…, …)"),
            (
                .union([Self.lookup("artist", .string("a1")), Self.ratings(nil, Self.exclusive(.double(2)))]),
                #"union of: lookup Album.artist in ["a1"] | range Album.rating in (…, 2.0)"#
            ),
        ]
        for (plan, description) in cases {
            #expect(plan.description == description)
        }
    }
}
