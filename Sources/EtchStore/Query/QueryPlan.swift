import Etch

/// How a store finds the objects a query's predicate may match: a scan of every object, or
/// lookups and ranges in the model's indexes.
///
/// A plan gives candidates, a superset of the matches: the store still evaluates the whole
/// predicate on each candidate, so a plan changes how fast a query runs, never what it
/// returns. Print a plan to see whether a query uses an index:
///
/// ```swift
/// let artistID = "a1"
/// print(plan(#Predicate<Album> { $0.artist.id == artistID && $0.year >= 1990 }, indexes: Album._indexes))
/// // range Album.year by artist == "a1" in [1990, …)
/// ```
public enum QueryPlan: Sendable, Hashable {
    /// Every object of the model, because no index answers the predicate.
    case scan(model: String)
    /// No object: the predicate holds for none, whatever the store holds (an empty `in` list,
    /// a range whose lower bound is above its upper, `x == 1 && x == 2`).
    case empty
    /// The objects whose key in the `.index` or `.unique` index named `index` is one of
    /// `keys`.
    case lookup(model: String, index: String, keys: [IndexKey])
    /// The objects of the `.sorted` index named `index` whose keys lie between `lower` and
    /// `upper` (`nil` for no bound); for an index grouped by another field, only those of the
    /// group whose key is `group`.
    case range(model: String, index: String, group: IndexKey?, lower: IndexBound?, upper: IndexBound?)
    /// The objects of any of the plans, each taken once: an OR whose every branch uses an index.
    case union([QueryPlan])
}
