extension QueryPlan: CustomStringConvertible {
    /// The plan in words, for people tuning queries: `scan Album`,
    /// `lookup Album.artist in ["a1"]`, `range Album.year by artist == "a1" in [1990, …)`,
    /// `union of: lookup Artist.slug in ["a"] | lookup Artist.country in ["fr"]`.
    public var description: String {
        switch self {
        case .scan(let model):
            "scan \(model)"
        case .empty:
            "empty: no object can match"
        case .lookup(let model, let index, let keys):
            "lookup \(model).\(index) in [\(keys.map(\.description).joined(separator: ", "))]"
        case .range(let model, let index, let group, let lower, let upper):
            "range \(model).\(index)\(group.map { " == \($0)" } ?? "") in \(Self.interval(lower, upper))"
        case .union(let plans):
            "union of: \(plans.map(\.description).joined(separator: " | "))"
        }
    }

    /// `[1990, 2000)`, `(…, 3]`: an interval in the usual notation, `…` for a missing bound.
    private static func interval(_ lower: IndexBound?, _ upper: IndexBound?) -> String {
        let start = lower.map { "\($0.isInclusive ? "[" : "(")\($0.key)" } ?? "(…"
        let end = upper.map { "\($0.key)\($0.isInclusive ? "]" : ")")" } ?? "…)"
        return "\(start), \(end)"
    }
}
