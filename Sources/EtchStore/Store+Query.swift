import Etch
import Foundation

extension Store {
    /// The objects a query matches, sorted by its descriptors (ties by id) and paged.
    ///
    /// The query language is Foundation's: a `Predicate` and `SortDescriptor`s. A planner
    /// uses the model's indexes when the predicate allows (``plan(for:)`` tells which) and
    /// scans otherwise; either way the answer is the same as evaluating the predicate on
    /// every object, because the whole predicate is evaluated on every candidate.
    ///
    /// ```swift
    /// let nina = Ref<Artist>(id: "a1")
    /// let sixties = try await store.fetch(StoreQuery<Album>(
    ///     predicate: #Predicate { $0.artist == nina && $0.year >= 1960 && $0.year < 1970 },
    ///     sortBy: [SortDescriptor(\.year)], fetchLimit: 20))
    /// ```
    ///
    /// - Throws: ``StoreError/unknownModel(_:)``, or what the predicate's evaluation throws.
    /// - Complexity: O(log *n* + *k* log *k*) for *k* candidates when an index answers.
    public func fetch<Model: IdentifiedModel>(_ query: StoreQuery<Model>) throws -> [Model] {
        try catchUpIfStale()
        let table = try tables.table(of: Model.self)
        let candidates = Self.candidates(of: plan(query, in: table), in: table)
        return try QueryEvaluation(query).results(from: candidates, id: { $0.id.indexKey })
    }

    /// The number of objects a query matches, ignoring its limit and offset.
    public func fetchCount<Model: IdentifiedModel>(_ query: StoreQuery<Model>) throws -> Int {
        var whole = query
        whole.fetchLimit = nil
        whole.fetchOffset = 0
        whole.sortBy = []
        return try fetch(whole).count
    }

    /// How ``fetch(_:)`` finds a query's candidates: which index, keys and range, or a scan.
    ///
    /// ```swift
    /// try await store.plan(for: StoreQuery<Artist>(predicate: #Predicate { $0.slug == "nina" }))
    /// // lookup Artist.slug in ["nina"]
    /// ```
    public func plan<Model: IdentifiedModel>(for query: StoreQuery<Model>) throws(StoreError) -> QueryPlan {
        try catchUpIfStale()
        return plan(query, in: try tables.table(of: Model.self))
    }

    private func plan<Model: IdentifiedModel>(_ query: StoreQuery<Model>, in table: ModelTable<Model>) -> QueryPlan {
        EtchStore.plan(query.predicate, indexes: table.indexes.map(\.index))
    }

    /// The objects a plan gives, possibly repeated (a union's branches may overlap).
    static func candidates<Model: IdentifiedModel>(of plan: QueryPlan, in table: ModelTable<Model>) -> [Model] {
        switch plan {
        case .scan: return Array(table.objects.values)
        case .empty: return []
        case .lookup(_, let name, let keys):
            guard
                let position = table.indexPosition(of: .index, where: { $0.name == name })
                    ?? table.indexPosition(of: .unique, where: { $0.name == name })
            else { return Array(table.objects.values) }
            return keys.flatMap { table.objects(indexAt: position, withKey: $0) }
        case .range(_, let name, let group, let lower, let upper):
            guard let position = table.indexPosition(of: .sorted, where: { $0.name == name }) else {
                return Array(table.objects.values)
            }
            return table.sortedObjects(
                indexAt: position, group: group ?? .null, from: lower, to: upper, reversed: false, offset: 0,
                limit: nil)
        case .union(let plans):
            return plans.flatMap { candidates(of: $0, in: table) }
        }
    }
}
