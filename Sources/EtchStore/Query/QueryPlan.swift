@_spi(EtchCollections) import Etch

/// How a store finds the objects a query's predicate may match: a scan of every object, or
/// lookups and ranges in the model's indexes.
///
/// A plan gives candidates, a superset of the matches: the store still evaluates the whole
/// predicate on each candidate, so a plan changes how fast a query runs, never what it
/// returns. A plan's description tells whether a query uses an index:
///
/// ```swift
/// #Predicate<Album> { $0.artist.id == artistID && $0.year >= 1990 }
/// // range Album.year by artist == "a1" in [1990, …)
/// #Predicate<Album> { $0.genre == rock || $0.rating > 4 }
/// // union of: lookup Album.genre in ["rock"] | range Album.rating in (4.0, …)
/// #Predicate<Album> { $0.title.starts(with: "Abbey") }
/// // scan Album
/// ```
///
/// The planner reads `==`, `<`, `<=`, `>`, `>=` between a field and a constant, `in`
/// (`["a", "b"].contains($0.slug)`, or `contains(where:)` over constants), between
/// (`(lo...hi).contains($0.year)`, `lo..<hi`, captured ranges), `&&`, `||`, and `$0.ref.id`
/// for a `Ref` field's index. Of an AND it uses the most selective index: a unique lookup,
/// then a lookup, then a range of a grouped index (which beats a lookup of its own group),
/// then a range, then an OR's union; conditions on one field narrow each other. `nil` is a
/// key like any other (`$0.genre == nil`, or `genres.contains($0.genre)` with a captured
/// `[Genre?]` that holds it): every kind of index holds the objects without a value, a
/// `@unique` one too, whose lookup of `nil` ranks as a plain lookup, since `nil` is exempt
/// from uniqueness.
/// `!=`, `!`, `starts(with:)`, `contains` of a string, ends with, and comparisons through
/// `flatMap` or `!` are scanned.
public enum QueryPlan: Sendable, Hashable {
    /// Every object of the model, because no index answers the predicate.
    case scan(model: String)
    /// No object: the predicate holds for none, whatever the store holds (an empty `in` list,
    /// a range whose lower bound is above its upper, `x == 1 && x == 2`).
    case empty
    /// The objects whose key in the `.index` or `.unique` index named `index` is one of
    /// `keys`; ``IndexKey/null`` finds every object without a value, in either kind.
    case lookup(model: String, index: String, keys: [IndexKey])
    /// The objects of the `.sorted` index named `index` whose keys lie between `lower` and
    /// `upper` (`nil` for no bound); for an index grouped by another field, only those of the
    /// group whose key is `group`.
    case range(model: String, index: String, group: IndexKey?, lower: IndexBound?, upper: IndexBound?)
    /// The objects of any of the plans, each taken once: an OR whose every branch uses an index.
    case union([QueryPlan])
}
