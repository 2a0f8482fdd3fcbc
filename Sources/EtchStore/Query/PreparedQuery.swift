@_spi(EtchCollections) import Etch
import Foundation

/// How a store answers one query with one model's indexes, worked out once per query value
/// and kept in its ``QueryCache``: the candidates' plan, a walk of a sorted index when the
/// query's sort is the index's order, what remains to test of each candidate, and how to
/// sort the rest.
final class PreparedQuery<Model: IdentifiedModel>: @unchecked Sendable {
    // Unchecked: immutable once made; its key paths and constants come from the query's
    // `Sendable` predicate and the model's `Sendable` indexes.

    /// The indexes it was made with: their number, and the names of those added at runtime.
    let signature: IndexSignature
    /// How candidates are found when the index order is not walked.
    let access: QueryPlan
    /// What remains to test of each of the plan's candidates.
    let filter: QueryFilter<Model>
    /// A walk of a sorted index in the query's order, when one answers the query.
    let walk: IndexWalk?
    /// What remains to test of each object walked; ``QueryFilter/none`` without a walk.
    let walkFilter: QueryFilter<Model>
    /// Whether every object walked matches: read without copying ``walkFilter``, a generic
    /// value whose copy looks its type up at run time.
    let walkTestsNothing: Bool
    /// How the results are sorted when no walk gives them in order.
    let order: QueryOrder<Model>

    /// Prepares `query` for a table whose indexes are `indexes`.
    init(_ query: StoreQuery<Model>, indexes: [ModelIndex<Model>], signature: IndexSignature) {
        self.signature = signature
        let model = Model.modelName
        let planner = QueryPlanner(model: model, indexes: indexes)
        var exactContext: PlanningContext?
        let condition: QueryCondition
        let exact: QueryCondition
        if let predicate = query.predicate {
            let context = PlanningContext(model: predicate.variable.key)
            condition = context.condition(of: predicate.expression)
            exactContext = context
            exactContext?.isExact = true
            exact = exactContext!.condition(of: predicate.expression)
        } else {
            (condition, exact) = (.always, .always)
        }
        access = planner.plan(condition)
        let coverage = QueryCoverage(condition: exact, indexes: indexes, query: query)
        filter = coverage.filter(for: access)
        order = QueryOrder(query.sortBy, indexes: indexes)
        let found = Self.walk(for: query, access: access, indexes: indexes, coverage: coverage, model: model)
        walk = found?.walk
        walkFilter = found?.filter ?? .none
        walkTestsNothing = walkFilter.isNone
    }

    /// The walk that answers the query in its sort's order, if a sorted index has that order
    /// and the walk reads no more than the plan would: an ungrouped index when the plan is a
    /// scan or a range of it, or the group the predicate fixes.
    private static func walk(
        for query: StoreQuery<Model>, access: QueryPlan, indexes: [ModelIndex<Model>], coverage: QueryCoverage<Model>,
        model: String
    ) -> (walk: IndexWalk, filter: QueryFilter<Model>)? {
        guard query.sortBy.count == 1, access != .empty else { return nil }
        let descriptor = query.sortBy[0]
        for (position, index) in indexes.enumerated() where index.kind == .sorted {
            guard let reversed = QueryOrder.direction(of: descriptor, on: index.value) else { continue }
            var group: IndexKey?
            var lower: IndexBound?
            var upper: IndexBound?
            switch access {
            case .range(_, let name, let planGroup, let planLower, let planUpper) where name == index.name:
                (group, lower, upper) = (planGroup, planLower, planUpper)
            case .lookup(_, let name, let keys) where keys.count == 1:
                // The lookup of the group field's own index fixes the group.
                guard let groupBy = index.groupBy,
                    indexes.contains(where: {
                        $0.name == name && $0.kind != .sorted && $0.value.keyPath == groupBy.keyPath
                    })
                else { continue }
                group = keys[0]
            case .scan:
                guard index.groupBy == nil else { continue }
            default:
                continue
            }
            if index.groupBy != nil, group == nil { continue }
            let plan = QueryPlan.range(model: model, index: index.name, group: group, lower: lower, upper: upper)
            let walk = IndexWalk(
                plan: plan, position: position, group: group ?? .null, lower: lower, upper: upper, reversed: reversed)
            return (walk, coverage.filter(for: plan))
        }
        return nil
    }
}

/// A walk of one group of a sorted index, in order or in reverse, which stops once it has
/// what the page needs (see ``PreparedQuery/walk``).
///
/// Not nested in the generic ``PreparedQuery``: a nested type is generic too, and copying
/// one would look its type up at run time, which every walked query and live query did.
struct IndexWalk {
    /// The index, as a plan names it (its range over the walked group and bounds).
    let plan: QueryPlan
    /// The index's position in the table's indexes.
    let position: Int
    /// The group walked; ``IndexKey/null`` for an ungrouped index.
    let group: IndexKey
    let lower: IndexBound?
    let upper: IndexBound?
    /// Whether the walk goes from the largest key to the smallest.
    let reversed: Bool
}

/// The indexes a prepared query was made with: how many, and the names of those a store
/// added at runtime (schema indexes are the same for every store of the model).
struct IndexSignature: Equatable {
    let count: Int
    let runtimeNames: [String]

    init<Model: IdentifiedModel>(_ table: TableContents<Model>) {
        count = table.indexes.count
        let schemaCount = Model._indexes.count
        runtimeNames =
            count > schemaCount ? table.indexes[schemaCount...].map { "\($0.index.kind) \($0.index.name)" } : []
    }
}
