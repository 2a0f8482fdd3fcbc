import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

// Random records and random predicates: each store's fetch and fetchCount give what
// evaluating the predicate on every record, sorting and paging give.

extension ModelStoreTests {
    /// Random values from small domains, so that predicates often match and tie.
    struct RandomValues {
        var generator: SeededGenerator

        mutating func singer() -> String { "a\(Int.random(in: 0..<4, using: &generator))" }
        mutating func singers() -> [String] { (0..<Int.random(in: 0...3, using: &generator)).map { _ in singer() } }
        mutating func year() -> Int { Int.random(in: 1987...1994, using: &generator) }
        mutating func rating() -> Double { [-0.0, 0, 0.5, 1, 2.5, 3, 4, 4.5, 5].randomElement(using: &generator)! }
        mutating func title() -> String {
            [
                "Closed", "closed", "Open", "Ended", "", "Caf\u{E9}", "Cafe\u{301}", "50%_off", #"back\slash"#,
                "\u{212A}elvin",
            ]
            .randomElement(using: &generator)!
        }
        mutating func fragment() -> String {
            ["ed", "", "C", "e", "\u{E9}", "los", "%", "_", "\\", "K", "0%"].randomElement(using: &generator)!
        }
        mutating func mood() -> Mood? { [nil, .calm, .loud, .sad].randomElement(using: &generator)! }
        mutating func peak() -> Int? { [nil, 1, 2, 3, 40].randomElement(using: &generator)! }
        mutating func bool() -> Bool { Bool.random(using: &generator) }
        mutating func ordered<T: Comparable>(_ make: (inout RandomValues) -> T) -> (T, T) {
            let (first, second) = (make(&self), make(&self))
            return (min(first, second), max(first, second))
        }

        mutating func record(_ number: Int) -> Record {
            Record(
                id: "r\(number)", title: title(), singer: Ref(id: singer()), year: year(), rating: rating(),
                mood: mood(),
                catalog: bool() ? "C\(number)" : nil, peak: peak(), plays: Int.random(in: 0...9, using: &generator))
        }
    }

    /// Predicate templates, filled with random values: what SQL can say, what it can only
    /// narrow, and what it cannot say at all.
    static let predicateTemplates: [@Sendable (inout RandomValues) -> Predicate<Record>] = [
        {
            let a = $0.singer()
            return #Predicate { $0.singer.id == a }
        },
        {
            let a = $0.singer()
            return #Predicate { $0.singer.id != a }
        },
        {
            let m = $0.mood()
            return #Predicate { $0.mood == m }
        },
        {
            let m = $0.mood()
            return #Predicate { $0.mood != m }
        },
        { _ in #Predicate { $0.mood == nil } },
        { _ in #Predicate { $0.peak != nil } },
        {
            let p = $0.peak()
            return #Predicate { $0.peak == p }
        },
        {
            let r = $0.rating()
            return #Predicate { $0.rating == r }
        },
        {
            let r = $0.rating()
            return #Predicate { $0.rating < r }
        },
        {
            let r = $0.rating()
            return #Predicate { r <= $0.rating }
        },
        {
            let y = $0.year()
            return #Predicate { $0.year > y }
        },
        {
            let y = $0.year()
            return #Predicate { $0.year >= y && $0.year != 1990 }
        },
        {
            let t = $0.title()
            return #Predicate { $0.title == t }
        },
        {
            let t = $0.title()
            return #Predicate { $0.title < t }
        },
        {
            let t = $0.title()
            return #Predicate { $0.title >= t }
        },
        {
            let f = $0.fragment()
            return #Predicate { $0.title.starts(with: f) }
        },
        {
            let f = $0.fragment()
            return #Predicate { $0.title.contains(f) }
        },
        {
            let f = $0.fragment()
            return #Predicate { !$0.title.contains(f) }
        },
        {
            let a = $0.singers()
            return #Predicate { a.contains($0.singer.id) }
        },
        {
            let a = $0.singers()
            return #Predicate { !a.contains($0.singer.id) }
        },
        {
            let (lo, hi) = $0.ordered { $0.rating() }
            return #Predicate { (lo...hi).contains($0.rating) }
        },
        {
            let (lo, hi) = $0.ordered { $0.year() }
            return #Predicate { (lo..<hi).contains($0.year) }
        },
        {
            let a = $0.singer()
            let r = $0.rating()
            return #Predicate { $0.singer.id == a || $0.rating > r }
        },
        {
            let a = $0.singer()
            let r = $0.rating()
            return #Predicate { !($0.singer.id == a) && $0.rating >= r }
        },
        {
            let a = $0.singer()
            let m = $0.mood()
            let r = $0.rating()
            return #Predicate { ($0.singer.id == a || $0.mood == m) && $0.rating < r }
        },
        {
            let y = $0.year()
            return #Predicate { $0.plays % 2 == 0 && $0.year <= y }
        },
        {
            let y = $0.year()
            return #Predicate { $0.plays % 3 == 0 || $0.year == y }
        },
        {
            let f = $0.fragment()
            let a = $0.singer()
            return #Predicate { $0.title.starts(with: f) || $0.singer.id == a }
        },
        {
            let c = "C\(Int.random(in: 0..<40, using: &$0.generator))"
            return #Predicate { $0.catalog == c }
        },
        {
            let b = $0.bool()
            return #Predicate { _ in b }
        },
        {
            let p = $0.peak()
            let y = $0.year()
            return #Predicate { !($0.peak == p || $0.year < y) }
        },
    ]

    /// Sort orders: of indexed fields (which SQL can sort), of others, and none.
    static let sortOrders: [[SortDescriptor<Record>]] = [
        [],
        [SortDescriptor(\.year)],
        [SortDescriptor(\.rating, order: .reverse)],
        [SortDescriptor(\.year, order: .reverse), SortDescriptor(\.rating)],
        [SortDescriptor(\.peak)],
        [SortDescriptor(\.plays), SortDescriptor(\.year, order: .reverse)],
    ]

    @Test(arguments: ModelStoreBackend.available)
    func randomQueriesMatchEvaluatingEveryObject(backend: ModelStoreBackend) async throws {
        for seed: UInt64 in [23, 2026, 77] {
            try await backend.withStore { try await Self.randomQueries(in: $0, seed: seed) }
        }
    }

    static func randomQueries(in store: some ModelStore, seed: UInt64) async throws {
        var values = RandomValues(generator: SeededGenerator(seed: seed))
        let records = (0..<60).map { values.record($0) }
        try await store.write { tx in try tx.insert(contentsOf: records) }
        for round in 0..<300 {
            let predicate = predicateTemplates.randomElement(using: &values.generator)!(&values)
            let sortBy = sortOrders.randomElement(using: &values.generator)!
            let limit: Int? = values.bool() ? Int.random(in: 0...8, using: &values.generator) : nil
            let offset = values.bool() ? Int.random(in: 0...5, using: &values.generator) : 0
            let query = StoreQuery(predicate: predicate, sortBy: sortBy, fetchLimit: limit, fetchOffset: offset)
            let expected = try QueryEvaluation(query).results(from: records).map(\.id)
            let found = try await store.fetch(query).map(\.id)
            #expect(found == expected, "seed \(seed) round \(round): \(predicate) sorted by \(sortBy)")
            let all = StoreQuery(predicate: predicate)
            let count = try await store.fetchCount(all)
            #expect(count == (try QueryEvaluation(all).results(from: records).count), "round \(round)")
        }
    }
}
