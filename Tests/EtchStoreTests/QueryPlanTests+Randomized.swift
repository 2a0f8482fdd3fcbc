import Etch
import EtchStore
import EtchTestSupport
import Foundation
import Testing

// Random albums and random predicates: the plan's candidates, then QueryEvaluation, always
// give what a plain filter with `predicate.evaluate` and Foundation's sort give.

extension QueryPlanTests {
    /// Random constants for the predicate templates, from small domains so that predicates
    /// often match.
    struct Constants {
        var generator: SeededGenerator

        mutating func artist() -> String { "a\(Int.random(in: 0..<4, using: &generator))" }
        mutating func artists() -> [String] { (0..<Int.random(in: 0...3, using: &generator)).map { _ in artist() } }
        mutating func year() -> Int { Int.random(in: 1987...1994, using: &generator) }
        mutating func rating() -> Double {
            [-0.0, 0, 0.5, 1, 2.5, 3, 4, 4.5, 5].randomElement(using: &generator)!
        }
        mutating func title() -> String {
            ["Closed", "closed", "Open", "Ended", "", "Caf\u{E9}", "Cafe\u{301}", "Abbey"].randomElement(
                using: &generator)!
        }
        mutating func fragment() -> String {
            ["ed", "", "C", "Ab", "e", "\u{E9}", "los"].randomElement(using: &generator)!
        }
        mutating func genre() -> Genre? { [nil, .rock, .jazz, .pop].randomElement(using: &generator)! }
        /// Two ordered values, so that a range built from them never traps in the reference.
        mutating func ordered<T: Comparable>(_ make: (inout Constants) -> T) -> (T, T) {
            let (first, second) = (make(&self), make(&self))
            return (min(first, second), max(first, second))
        }
    }

    /// Predicate templates over ModelKit's conditions and over `nil`, filled with random constants.
    static let templates = conditionTemplates + nilTemplates

    /// Predicate templates over ModelKit's conditions, filled with random constants.
    static let conditionTemplates: [@Sendable (inout Constants) -> Predicate<Album>] = [
        {
            let a = $0.artist()
            return #Predicate { $0.artist.id == a }
        },
        {
            let a = $0.artist()
            return #Predicate { $0.artist.id != a }
        },
        {
            let g = $0.genre()
            return #Predicate { $0.genre == g }
        },
        {
            let g = $0.genre()
            return #Predicate { $0.genre != g }
        },
        { _ in #Predicate { $0.genre == nil } },
        { _ in #Predicate { $0.genre != nil } },
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
            return #Predicate { $0.rating <= r }
        },
        {
            let r = $0.rating()
            return #Predicate { $0.rating > r }
        },
        {
            let r = $0.rating()
            return #Predicate { r <= $0.rating }
        },
        {
            let (a, y) = ($0.artist(), $0.year())
            return #Predicate { $0.year == y && $0.artist.id == a }
        },
        {
            let (a, y) = ($0.artist(), $0.year())
            return #Predicate { $0.artist.id == a && $0.year >= y }
        },
        {
            let (a, (y1, y2)) = ($0.artist(), $0.ordered { $0.year() })
            return #Predicate { $0.artist.id == a && $0.year < y2 && $0.year >= y1 }
        },
        {
            let a = $0.artists()
            return #Predicate { a.contains($0.artist.id) }
        },
        {
            let a = $0.artists()
            return #Predicate { !a.contains($0.artist.id) }
        },
        {
            let (lo, hi) = $0.ordered { $0.rating() }
            return #Predicate { (lo...hi).contains($0.rating) }
        },
        {
            let (a, (lo, hi)) = ($0.artist(), $0.ordered { $0.year() })
            return #Predicate { (lo..<hi).contains($0.year) && $0.artist.id == a }
        },
        {
            let p = $0.fragment()
            return #Predicate { $0.title.starts(with: p) }
        },
        {
            let s = SuffixPattern($0.fragment())
            return #Predicate { $0.title.contains(s) }
        },
        {
            let c = $0.fragment()
            return #Predicate { $0.title.contains(c) }
        },
        {
            let (a, b) = ($0.artist(), $0.artist())
            return #Predicate { $0.artist.id == a || $0.artist.id == b }
        },
        {
            let (a, r) = ($0.artist(), $0.rating())
            return #Predicate { $0.artist.id == a || $0.rating > r }
        },
        {
            let (a, t) = ($0.artist(), $0.title())
            return #Predicate { $0.artist.id == a || $0.title == t }
        },
        {
            let (a, r) = ($0.artist(), $0.rating())
            return #Predicate { !($0.artist.id == a) && $0.rating >= r }
        },
        {
            let (a, g, r) = ($0.artist(), $0.genre(), $0.rating())
            return #Predicate { ($0.artist.id == a || $0.genre == g) && $0.rating < r }
        },
        {
            let (r1, r2) = ($0.rating(), $0.rating())
            return #Predicate { $0.rating > r1 && $0.rating < r2 }
        },
        {
            let (a, b) = ($0.artist(), $0.artist())
            return #Predicate { $0.artist.id == a && $0.artist.id == b }
        },
        {
            let (a, y) = ($0.artists(), $0.year())
            return #Predicate { album in a.contains(where: { $0 == album.artist.id }) && album.year > y }
        },
        {
            let (g, a, y) = ($0.genre(), $0.artist(), $0.year())
            return #Predicate { $0.genre == g && $0.artist.id == a && $0.year <= y }
        },
        {
            let (r1, r2, y) = ($0.rating(), $0.rating(), $0.year())
            return #Predicate { $0.rating == r1 || $0.rating == r2 || $0.year == y }
        },
        {
            let (a, (y1, y2)) = ($0.artists(), $0.ordered { $0.year() })
            return #Predicate { a.contains($0.artist.id) && (y1...y2).contains($0.year) }
        },
    ]

    /// Sorts a query may ask for.
    static let sorts: [[SortDescriptor<Album>]] = [
        [], [SortDescriptor(\.year)], [SortDescriptor(\.rating, order: .reverse)], [SortDescriptor(\.title)],
        [SortDescriptor(\.year, order: .reverse), SortDescriptor(\.rating)],
    ]

    /// Random albums, with values the templates' constants often hit; about half of them
    /// without a catalog number, the others with one of their own (it is unique).
    static func randomAlbums(_ constants: inout Constants) -> [Album] {
        (0..<Int.random(in: 0...40, using: &constants.generator)).map { number in
            album(
                "al\(number)", title: constants.title(), artist: constants.artist(), year: constants.year(),
                rating: constants.rating(), genre: constants.genre(),
                catalog: Bool.random(using: &constants.generator) ? "c\(number)" : nil, peak: constants.peak())
        }
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func planAndEvaluationAgreeWithAFilter(seed: UInt64) throws {
        var constants = Constants(generator: SeededGenerator(seed: seed))
        var plansUsed: Set<String> = []
        for _ in 0..<25 {
            let albums = Self.randomAlbums(&constants).shuffled(using: &constants.generator)
            let indexes = InMemoryIndexes(albums, indexes: Self.albumIndexes)
            for _ in 0..<12 {
                let predicate = Self.templates.randomElement(using: &constants.generator)!(&constants)
                let query = StoreQuery(
                    predicate: predicate, sortBy: Self.sorts.randomElement(using: &constants.generator)!,
                    fetchLimit: Bool.random(using: &constants.generator)
                        ? nil : Int.random(in: 0...10, using: &constants.generator),
                    fetchOffset: Int.random(in: 0...3, using: &constants.generator))

                let queryPlan = plan(predicate, indexes: Self.albumIndexes)
                plansUsed.insert(String(describing: queryPlan).prefix { $0 != " " && $0 != ":" }.description)
                let answer = try QueryEvaluation(query).results(from: indexes.candidates(queryPlan))

                let matches = try albums.filter { try predicate.evaluate($0) }
                let sorted = matches.sorted(using: query.sortBy + [SortDescriptor(\.id)])
                let expected = sorted.dropFirst(query.fetchOffset).prefix(query.fetchLimit ?? .max)
                #expect(answer.map(\.id) == expected.map(\.id), "\(queryPlan)")
                if queryPlan == .empty { #expect(matches.isEmpty, "\(queryPlan)") }
            }
        }
        #expect(plansUsed == ["scan", "empty", "lookup", "range", "union"])
    }
}
