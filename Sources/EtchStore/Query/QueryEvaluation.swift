import Foundation

/// Answers a ``StoreQuery`` from the candidates its ``QueryPlan`` gave: the store's last step.
///
/// It evaluates the whole predicate on each candidate, so the answer is a plain filter's
/// whatever the plan, then sorts by the query's descriptors, ties by id, and takes the page.
/// A range whose lower bound is above its upper (`(lo...hi).contains($0.year)` with
/// `lo > hi`), on which Foundation's evaluation traps, holds nothing here, wherever it
/// stands among `&&`, `||` and `!`.
///
/// ```swift
/// let evaluation = QueryEvaluation(query)
/// let page = try evaluation.results(from: candidates)   // matches, sorted, paged
/// ```
package struct QueryEvaluation<Model> {
    /// The query answered.
    package let query: StoreQuery<Model>
    /// The predicate's guarded evaluation, when it holds a range built while evaluating.
    private let guarded: GuardedEvaluation?

    /// Prepares to answer `query`.
    package init(_ query: StoreQuery<Model>) {
        self.query = query
        self.guarded = (query.predicate?.expression as? any GuardedExpression)?.guardedEvaluation()
    }

    /// Whether the query's predicate holds for `model`.
    ///
    /// - Throws: What the predicate's evaluation throws, such as a failed force unwrap.
    package func matches(_ model: Model) throws -> Bool {
        guard let predicate = query.predicate else { return true }
        guard let guarded else { return try predicate.evaluate(model) }
        return try guarded(PredicateBindings((predicate.variable, model)))
    }

    /// The query's answer among `candidates`: each candidate once, those the predicate holds
    /// for, sorted by the query's descriptors and then by `id`, without the first
    /// `fetchOffset`, at most `fetchLimit` of them.
    ///
    /// - Parameters:
    ///   - candidates: The objects the plan gave; an object may come more than once (from
    ///     overlapping branches of a union), and is kept once.
    ///   - id: The identity of an object, which also orders objects the descriptors find equal.
    /// - Throws: What the predicate's evaluation throws.
    /// - Complexity: O(*n* log *n*) for *n* candidates, plus the predicate's evaluations.
    package func results<ID: Hashable & Comparable>(
        from candidates: some Sequence<Model>, id: (Model) -> ID
    ) throws -> [Model] {
        var seen = Set<ID>()
        var matches: [(id: ID, model: Model)] = []
        for candidate in candidates {
            let candidateID = id(candidate)
            guard seen.insert(candidateID).inserted, try self.matches(candidate) else { continue }
            matches.append((candidateID, candidate))
        }
        let sortBy = query.sortBy
        matches.sort { first, second in
            for descriptor in sortBy {
                switch descriptor.compare(first.model, second.model) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return first.id < second.id
        }
        let page = matches.dropFirst(max(0, query.fetchOffset)).prefix(max(0, query.fetchLimit ?? .max))
        return page.map(\.model)
    }
}

extension QueryEvaluation where Model: Identifiable, Model.ID: Comparable {
    /// The query's answer among `candidates`, objects identified and ordered by their ids;
    /// see ``results(from:id:)``.
    ///
    /// - Throws: What the predicate's evaluation throws.
    /// - Complexity: O(*n* log *n*) for *n* candidates, plus the predicate's evaluations.
    package func results(from candidates: some Sequence<Model>) throws -> [Model] {
        try results(from: candidates, id: \.id)
    }
}
