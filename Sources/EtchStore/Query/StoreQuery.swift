import Foundation

/// What to fetch from a store: which objects, in what order, and which page of them, in
/// Foundation's own query language (as SwiftData's `FetchDescriptor`).
///
/// The store answers a query from its indexes when the predicate allows it (see
/// ``QueryPlan``) and always returns what a plain filter with `predicate.evaluate` would:
/// the objects that match, sorted by `sortBy`, then by id, with `fetchOffset` objects skipped
/// and at most `fetchLimit` kept.
///
/// ```swift
/// let artistID = "a1"
/// let query = StoreQuery<Album>(
///     predicate: #Predicate { $0.artist.id == artistID && $0.year >= 1990 },
///     sortBy: [SortDescriptor(\.year, order: .reverse)],
///     fetchLimit: 10)
/// ```
///
/// `#Predicate` accepts `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, `!`, `contains`
/// (`["a", "b"].contains($0.slug)` for "in"), `starts(with:)`, and `(lo...hi).contains($0.year)`
/// for "between"; ``SuffixPattern`` adds "ends with". Enum cases and references are captured
/// from outside the closure (`let rock = Genre.rock`), since the macro takes neither `.rock`
/// nor initializer calls.
public struct StoreQuery<Model>: Sendable {
    /// Which objects match; `nil` for all of them.
    public var predicate: Predicate<Model>? {
        didSet { cache = QueryCache() }
    }
    /// The order of the results; objects the descriptors find equal go by id ascending, in
    /// either direction.
    public var sortBy: [SortDescriptor<Model>] {
        didSet { cache = QueryCache() }
    }
    /// The most objects to return; `nil` for no limit, a negative limit for none.
    public var fetchLimit: Int?
    /// How many of the sorted matches to skip first; a negative offset skips none.
    public var fetchOffset: Int
    /// The plan and compiled predicate a store made for this query, made once.
    var cache = QueryCache()

    /// Makes a query.
    ///
    /// - Parameters:
    ///   - predicate: Which objects match; `nil` for all of them.
    ///   - sortBy: The order of the results, ties going by id.
    ///   - fetchLimit: The most objects to return; `nil` for no limit.
    ///   - fetchOffset: How many of the sorted matches to skip first.
    public init(
        predicate: Predicate<Model>? = nil, sortBy: [SortDescriptor<Model>] = [], fetchLimit: Int? = nil,
        fetchOffset: Int = 0
    ) {
        self.predicate = predicate
        self.sortBy = sortBy
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
    }
}
