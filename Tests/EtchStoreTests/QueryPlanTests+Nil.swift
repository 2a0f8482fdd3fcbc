import Etch
import EtchStore
import Foundation
import Testing

// The plan for `nil` on an optional field of every kind of index: `@unique` (which holds
// many objects of `nil`: nulls are exempt from uniqueness), `@index`, `@sorted`, and the
// group of `@sorted(groupBy:)`.

extension QueryPlanTests {
    static var nilCases: [PlanCase<Album>] {
        let rock = Genre.rock
        // `#Predicate` takes no array literal holding `nil`: the lists are captured.
        let catalogs: [String?] = ["c2", nil]
        let genres: [Genre?] = [nil, .rock]
        let threeOrNone: [Int?] = [3, nil]
        return [
            PlanCase("nil on a unique index", #Predicate { $0.catalog == nil }, lookup("catalog", .null)),
            PlanCase("nil first on a unique index", #Predicate { nil == $0.catalog }, lookup("catalog", .null)),
            PlanCase("a value on a unique index", #Predicate { $0.catalog == "c2" }, lookup("catalog", .string("c2"))),
            PlanCase(
                "in with nil on a unique index", #Predicate { catalogs.contains($0.catalog) },
                lookup("catalog", .string("c2"), .null)),
            PlanCase(
                "in with nil as contains(where:) on a unique index",
                #Predicate { album in catalogs.contains(where: { $0 == album.catalog }) },
                lookup("catalog", .string("c2"), .null)),
            PlanCase("exists on a unique index", #Predicate { $0.catalog != nil }, .scan(model: "Album")),
            PlanCase("not nil on a unique index", #Predicate { !($0.catalog == nil) }, .scan(model: "Album")),
            // Many objects may hold nil: a lookup of it is a lookup, not a unique one.
            PlanCase(
                "nil on a unique index, then a lookup", #Predicate { $0.catalog == nil && $0.artist.id == "a1" },
                lookup("artist", .string("a1"))),
            PlanCase(
                "a lookup, then nil on a unique index", #Predicate { $0.genre == rock && $0.catalog == nil },
                lookup("genre", .string("rock"))),
            PlanCase(
                "a value on a unique index, then a lookup", #Predicate { $0.artist.id == "a1" && $0.catalog == "c2" },
                lookup("catalog", .string("c2"))),
            PlanCase(
                "nil on a unique index before a range", #Predicate { $0.rating > 3 && $0.catalog == nil },
                lookup("catalog", .null)),
            PlanCase(
                "nil on a unique index or a value", #Predicate { $0.catalog == nil || $0.catalog == "c1" },
                lookup("catalog", .null, .string("c1"))),
            PlanCase(
                "in with nil on an index", #Predicate { genres.contains($0.genre) },
                lookup("genre", .null, .string("rock"))),
            PlanCase(
                "nil on a sorted index", #Predicate { $0.peak == nil }, peaks(inclusive(.null), inclusive(.null))),
            PlanCase(
                "in with nil on a sorted index", #Predicate { threeOrNone.contains($0.peak) },
                .union([peaks(inclusive(.int(3)), inclusive(.int(3))), peaks(inclusive(.null), inclusive(.null))])),
            PlanCase("exists on a sorted index", #Predicate { $0.peak != nil }, .scan(model: "Album")),
            // A bound on an optional goes through `??` or `flatMap`, which the planner does not read.
            PlanCase("a bound through ??", #Predicate { ($0.peak ?? 0) >= 1 }, .scan(model: "Album")),
            PlanCase(
                "a bound through flatMap", #Predicate { $0.peak.flatMap { $0 > 1 } ?? false }, .scan(model: "Album")),
        ]
    }

    @Test(arguments: nilCases)
    func planOfNil(_ testCase: PlanCase<Album>) {
        #expect(plan(testCase.predicate, indexes: Self.albumIndexes) == testCase.expected)
    }

    static var nilGroupCases: [PlanCase<Room>] {
        let floors: [Int?] = [nil, 1]
        return [
            PlanCase(
                "nil group", #Predicate { $0.floor == nil }, floorRange(.null, nil, nil)),
            PlanCase(
                "nil group, then a bound", #Predicate { $0.floor == nil && $0.name >= "B" },
                floorRange(.null, inclusive(.string("B")), nil)),
            PlanCase(
                "in with nil on a group", #Predicate { floors.contains($0.floor) },
                .union([floorRange(.null, nil, nil), floorRange(.int(1), nil, nil)])),
            PlanCase("any group", #Predicate { $0.floor != nil }, .scan(model: "Room")),
        ]
    }

    @Test(arguments: nilGroupCases)
    func planOfNilGroup(_ testCase: PlanCase<Room>) {
        #expect(plan(testCase.predicate, indexes: Self.roomIndexes) == testCase.expected)
    }

    /// A range of Album's `peak` index.
    static func peaks(_ lower: IndexBound?, _ upper: IndexBound?) -> QueryPlan {
        .range(model: "Album", index: "peak", group: nil, lower: lower, upper: upper)
    }

    /// A range of Room's `name` index within the rooms of one floor.
    static func floorRange(_ floor: IndexKey, _ lower: IndexBound?, _ upper: IndexBound?) -> QueryPlan {
        .range(model: "Room", index: "name by floor", group: floor, lower: lower, upper: upper)
    }
}
