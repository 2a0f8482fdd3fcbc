@_spi(EtchCollections) import Etch
import Foundation

/// Chooses how to find the objects a predicate may match, from the model's indexes.
///
/// - Parameters:
///   - predicate: The query's predicate; `nil` matches every object.
///   - indexes: The model's indexes, schema and runtime ones.
/// - Returns: A plan whose candidates include every object the predicate holds for (see
///   ``QueryPlan``): a lookup or range for the most selective indexed condition of an AND, a
///   union for an OR whose every branch is indexed, `.empty` for a predicate no object can
///   meet, a scan otherwise.
/// - Complexity: O(*n* × *i*) for a predicate of *n* expressions and *i* indexes.
package func plan<Model>(_ predicate: Predicate<Model>?, indexes: [ModelIndex<Model>]) -> QueryPlan {
    let planner = QueryPlanner(model: String(describing: Model.self), indexes: indexes)
    guard let predicate else { return planner.plan(.always) }
    return planner.plan(PlanningContext(model: predicate.variable.key).condition(of: predicate.expression))
}

/// Turns a ``QueryCondition`` into a ``QueryPlan`` with one model's indexes.
struct QueryPlanner<Model> {
    /// The model's name, for the plan's description.
    let model: String
    /// The indexes the plan may use.
    let indexes: [ModelIndex<Model>]

    /// The plan for `condition`.
    func plan(_ condition: QueryCondition) -> QueryPlan {
        switch condition {
        case .always, .opaque: .scan(model: model)
        case .never: .empty
        case .field: planConjunction([condition])
        case .and(let parts): planConjunction(parts)
        case .or(let parts): planDisjunction(parts)
        }
    }

    /// An OR: the union of its branches' plans if none is a scan.
    private func planDisjunction(_ parts: [QueryCondition]) -> QueryPlan {
        var branches: [QueryPlan] = []
        for part in parts {
            switch plan(part) {
            case .scan: return .scan(model: model)
            case .empty: continue
            case .union(let nested): branches += nested
            case let branch: branches.append(branch)
            }
        }
        return union(branches)
    }

    /// The union of `plans`, lookups in one index merged into one, repeats removed; `.empty`
    /// for none, the plan itself for one.
    ///
    /// - Complexity: O(*n*) for *n* plans and keys.
    func union(_ plans: [QueryPlan]) -> QueryPlan {
        var merged: [QueryPlan] = []
        var seen: Set<QueryPlan> = []
        var lookups: [String: (position: Int, keys: [IndexKey], seen: Set<IndexKey>)] = [:]
        for plan in plans {
            guard case .lookup(_, let index, let keys) = plan else {
                if seen.insert(plan).inserted { merged.append(plan) }
                continue
            }
            var lookup = lookups[index] ?? (merged.count, [], [])
            if lookup.position == merged.count { merged.append(plan) }
            for key in keys where lookup.seen.insert(key).inserted { lookup.keys.append(key) }
            lookups[index] = lookup
        }
        for (index, lookup) in lookups {
            merged[lookup.position] = .lookup(model: model, index: index, keys: lookup.keys)
        }
        switch merged.count {
        case 0: return .empty
        case 1: return merged[0]
        default: return .union(merged)
        }
    }
}
