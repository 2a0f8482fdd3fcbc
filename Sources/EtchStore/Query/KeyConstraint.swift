@_spi(EtchCollections) import Etch

/// What the conditions of one AND allow of one index's keys: one of some keys, keys between
/// two bounds, or both. Each condition narrows it; a condition whose constants have no key in
/// the index (another type) is left out, which only widens the candidates.
struct KeyConstraint {
    /// The keys allowed, in the order first stated, without repeats; `nil` for any key
    /// within the bounds.
    private(set) var keys: [IndexKey]?
    /// The lowest keys allowed, `nil` for no bound.
    private(set) var lower: IndexBound?
    /// The highest keys allowed, `nil` for no bound.
    private(set) var upper: IndexBound?

    /// Narrows the constraint by a field's condition, with `key` turning the condition's
    /// constants into index keys (`nil` for a constant of another type).
    mutating func narrow(by constraint: FieldCondition.Constraint, key: (Any) -> IndexKey?) {
        switch constraint {
        case .oneOf(let values):
            var stated: [IndexKey] = []
            for value in values {
                guard let valueKey = key(value) else { return }
                stated.append(valueKey)
            }
            narrow(toOneOf: stated)
        case .interval(let lower, let upper):
            if let lower, let lowerKey = key(lower.value) {
                narrow(lower: IndexBound(key: lowerKey, isInclusive: lower.isInclusive))
            }
            if let upper, let upperKey = key(upper.value) {
                narrow(upper: IndexBound(key: upperKey, isInclusive: upper.isInclusive))
            }
        }
    }

    /// Allows only keys among `stated`.
    private mutating func narrow(toOneOf stated: [IndexKey]) {
        var seen = Set<IndexKey>()
        let unique = stated.filter { seen.insert($0).inserted }
        keys = keys.map { current in current.filter(seen.contains) } ?? unique
    }

    /// Allows only keys on the inner side of `bound` as a lower bound.
    private mutating func narrow(lower bound: IndexBound) {
        if let current = lower, current.key > bound.key || (current.key == bound.key && !current.isInclusive) {
            return
        }
        lower = bound
    }

    /// Allows only keys on the inner side of `bound` as an upper bound.
    private mutating func narrow(upper bound: IndexBound) {
        if let current = upper, current.key < bound.key || (current.key == bound.key && !current.isInclusive) {
            return
        }
        upper = bound
    }

    /// Whether `key` is within both bounds.
    func isWithinBounds(_ key: IndexKey) -> Bool {
        (lower?.admitsFromBelow(key) ?? true) && (upper?.admitsFromAbove(key) ?? true)
    }

    /// The keys allowed within the bounds, or `nil` when the constraint lists no keys.
    var allowedKeys: [IndexKey]? {
        keys?.filter(isWithinBounds)
    }

    /// Whether no key at all meets the constraint: no listed key within the bounds, or a
    /// lower bound above the upper.
    var isEmpty: Bool {
        if let allowedKeys { return allowedKeys.isEmpty }
        guard let lower, let upper else { return false }
        return lower.key > upper.key || (lower.key == upper.key && !(lower.isInclusive && upper.isInclusive))
    }
}
