import Etch
import EtchStore
import Foundation

// The random predicates on `nil`: of a `@unique` field (many albums hold `nil`), of an
// `@index` and of a `@sorted` one, alone, in `in` lists, and beside other conditions.

extension QueryPlanTests.Constants {
    /// A catalog number of the kind ``QueryPlanTests/randomAlbums(_:)`` gives, or `nil` one
    /// time in four.
    mutating func catalog() -> String? {
        Int.random(in: 0..<4, using: &generator) == 0 ? nil : "c\(Int.random(in: 0..<6, using: &generator))"
    }
    /// Up to three catalog numbers, `nil` among them now and then.
    mutating func catalogs() -> [String?] {
        (0..<Int.random(in: 0...3, using: &generator)).map { _ in catalog() }
    }
    /// A chart peak, or `nil` one time in three.
    mutating func peak() -> Int? { [nil, 1, 2].randomElement(using: &generator)! }
    /// Up to three chart peaks, `nil` among them now and then.
    mutating func peaks() -> [Int?] { (0..<Int.random(in: 0...3, using: &generator)).map { _ in peak() } }
}

extension QueryPlanTests {
    /// Predicate templates over `nil` and lists that may hold it, filled with random constants.
    static let nilTemplates: [@Sendable (inout Constants) -> Predicate<Album>] = [
        {
            let c = $0.catalog()
            return #Predicate { $0.catalog == c }
        },
        { _ in #Predicate { $0.catalog == nil } },
        { _ in #Predicate { $0.catalog != nil } },
        {
            let c = $0.catalogs()
            return #Predicate { c.contains($0.catalog) }
        },
        {
            let c = $0.catalogs()
            return #Predicate { album in c.contains(where: { $0 == album.catalog }) }
        },
        {
            let (c, a) = ($0.catalog(), $0.artist())
            return #Predicate { $0.catalog == c && $0.artist.id == a }
        },
        {
            let (c, g) = ($0.catalog(), $0.genre())
            return #Predicate { $0.catalog == c || $0.genre == g }
        },
        {
            let (c, r) = ($0.catalogs(), $0.rating())
            return #Predicate { c.contains($0.catalog) && $0.rating >= r }
        },
        {
            let p = $0.peak()
            return #Predicate { $0.peak == p }
        },
        { _ in #Predicate { $0.peak != nil } },
        {
            let p = $0.peaks()
            return #Predicate { p.contains($0.peak) }
        },
        {
            let (p, r) = ($0.peak(), $0.rating())
            return #Predicate { $0.peak == p && $0.rating < r }
        },
        {
            let g: [Genre?] = [nil, $0.genre()]
            return #Predicate { g.contains($0.genre) }
        },
    ]
}
