@_spi(EtchCollections) import Etch

extension QueryPlanner {
    /// How one index could answer an AND, and how good that is.
    private struct Access {
        /// The plan.
        let plan: QueryPlan
        /// The kind of access, best first.
        let rank: Rank
        /// Among accesses of one rank, smaller is better: the keys looked up, or the open
        /// ends of a range.
        let breadth: Int
        /// For a lookup in an `.index` index: its field and keys, which ranges of an index
        /// grouped by that field, within the groups of those keys, narrow further.
        var lookupField: (keyPath: AnyKeyPath, keys: Set<IndexKey>)? = nil
        /// For bounded ranges of a grouped index: the group field and the groups' keys.
        var groupField: (keyPath: AnyKeyPath, keys: Set<IndexKey>)? = nil
    }

    /// Kinds of index access, most selective first.
    private enum Rank: Int, Comparable {
        case uniqueLookup
        case lookup
        case groupedRange
        case range
        case union

        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What one index can do for an AND.
    private enum Answer {
        /// Nothing: the AND states no usable condition on its field.
        case none
        /// The conditions on its field contradict each other: no object matches the AND.
        case empty
        /// The index narrows the candidates.
        case access(Access)
    }

    /// An AND: the most selective index access any of its parts allow — a unique lookup, then
    /// a lookup, then a range of a grouped index, then a range, then a nested OR's union —
    /// or `.empty` when the conditions on one indexed field contradict each other.
    func planConjunction(_ parts: [QueryCondition]) -> QueryPlan {
        let conditions = parts.compactMap { part -> FieldCondition? in
            if case .field(let condition) = part { condition } else { nil }
        }
        var accesses: [Access] = []
        for index in indexes {
            switch answer(of: index, to: conditions) {
            case .none: continue
            case .empty: return .empty
            case .access(let access): accesses.append(access)
            }
        }
        for part in parts {
            guard case .or = part else { continue }
            switch plan(part) {
            case .scan: continue
            case .empty: return .empty
            case let union: accesses.append(Access(plan: union, rank: .union, breadth: 0))
            }
        }
        // Bounded ranges within the groups of some keys are within the lookup of those keys.
        let narrowed = accesses.filter { access in
            guard let lookup = access.lookupField else { return true }
            return !accesses.contains { other in
                other.groupField.map { $0.keyPath == lookup.keyPath && $0.keys == lookup.keys } ?? false
            }
        }
        let best = narrowed.enumerated().min { first, second in
            (first.element.rank, first.element.breadth, first.offset)
                < (second.element.rank, second.element.breadth, second.offset)
        }
        return best?.element.plan ?? .scan(model: model)
    }

    /// What `index` can do for an AND of `conditions`.
    private func answer(of index: ModelIndex<Model>, to conditions: [FieldCondition]) -> Answer {
        guard let constraint = constraint(on: index.value, conditions) else {
            // A grouped index still reads a whole group when the group is fixed.
            guard index.kind == .sorted, index.groupBy != nil else { return .none }
            return rangeAnswer(of: index, KeyConstraint(), conditions)
        }
        if constraint.isEmpty { return .empty }
        switch index.kind {
        case .index, .unique:
            guard let keys = constraint.allowedKeys else { return .none }
            // `nil` is exempt from uniqueness: a unique index's lookup of it may find as many
            // objects as an `@index` lookup does.
            let isUnique = index.kind == .unique && !keys.contains(.null)
            var access = Access(
                plan: .lookup(model: model, index: index.name, keys: keys),
                rank: isUnique ? .uniqueLookup : .lookup, breadth: keys.count)
            if index.kind == .index { access.lookupField = (index.value.keyPath, Set(keys)) }
            return .access(access)
        case .sorted:
            return rangeAnswer(of: index, constraint, conditions)
        }
    }

    /// What the `.sorted` `index` can do with `constraint` on its field: a range, or a union of
    /// one-key ranges for several keys; for a grouped index, only within groups fixed by `==`
    /// or `in`, a union over the groups.
    private func rangeAnswer(
        of index: ModelIndex<Model>, _ constraint: KeyConstraint, _ conditions: [FieldCondition]
    ) -> Answer {
        let isOpen = constraint.allowedKeys == nil && constraint.lower == nil && constraint.upper == nil
        var groups: [IndexKey?] = [nil]
        if index.groupBy == nil, isOpen {
            // Its conditions' constants have no keys in the index (another type): a whole
            // index is no better than a scan.
            return .none
        }
        if let groupBy = index.groupBy {
            guard let groupConstraint = self.constraint(on: groupBy, conditions) else { return .none }
            if groupConstraint.isEmpty { return .empty }
            guard let keys = groupConstraint.allowedKeys else { return .none }
            groups = keys
        }
        var ranges: [QueryPlan] = []
        for group in groups {
            func range(_ lower: IndexBound?, _ upper: IndexBound?) -> QueryPlan {
                .range(model: model, index: index.name, group: group, lower: lower, upper: upper)
            }
            if let keys = constraint.allowedKeys {
                ranges += keys.map {
                    range(IndexBound(key: $0, isInclusive: true), IndexBound(key: $0, isInclusive: true))
                }
            } else {
                ranges.append(range(constraint.lower, constraint.upper))
            }
        }
        let openEnds =
            constraint.allowedKeys != nil ? 0 : (constraint.lower == nil ? 1 : 0) + (constraint.upper == nil ? 1 : 0)
        let breadth = 3 * (ranges.count - 1) + openEnds
        guard let groupBy = index.groupBy else {
            return .access(Access(plan: union(ranges), rank: .range, breadth: breadth))
        }
        var access = Access(plan: union(ranges), rank: .groupedRange, breadth: breadth)
        if !isOpen {
            access.groupField = (groupBy.keyPath, Set(groups.compactMap { $0 }))
        }
        return .access(access)
    }

    /// What the conditions of an AND allow of `value`'s keys, or `nil` when none tests it.
    private func constraint(on value: ModelIndex<Model>.Value, _ conditions: [FieldCondition]) -> KeyConstraint? {
        let keyPath: AnyKeyPath = value.keyPath
        var constraint: KeyConstraint?
        for condition in conditions where condition.field.keyPath == keyPath {
            let readsReferenceID = condition.field.readsReferenceID
            constraint = constraint ?? KeyConstraint()
            constraint?.narrow(by: condition.constraint) { constant in
                // A `Ref`'s key is its id's, so an id constant keys as itself.
                readsReferenceID ? (constant as? any IndexableValue)?.indexKey : value.keyOfValue(constant)
            }
        }
        return constraint
    }
}
