@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// The objects a query matches, sorted by its descriptors (ties by id ascending, in either
    /// direction) and paged.
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
    /// A query sorted by one `@sorted` field, within the group its predicate fixes with `==`
    /// (or over a whole ungrouped index), walks the index in order or in reverse and stops
    /// after `fetchOffset + fetchLimit` matches: no full fetch, no sort. The plan and the
    /// compiled predicate are made once per query value and kept in it.
    ///
    /// - Complexity: O(log *n* + *w*) for a walk that reads *w* objects; O(log *n* + *k* log *k*)
    ///   for *k* candidates of a lookup or range that is then sorted.
    public nonisolated func fetch<Model: IdentifiedModel>(_ query: StoreQuery<Model>) async throws -> [Model] {
        try Self.fetch(query, in: try await readSnapshot().contents(of: Model.self))
    }

    /// ``fetch(_:)`` of one table's contents.
    static func fetch<Model: IdentifiedModel>(_ query: StoreQuery<Model>, in table: TableContents<Model>) throws
        -> [Model]
    {
        let prepared = prepared(query, in: table)
        let limit = max(0, query.fetchLimit ?? .max)
        if let walk = prepared.walk {
            return try Self.results(of: walk, of: prepared, in: table, offset: query.fetchOffset, limit: limit)
        }
        let access = prepared.access
        if case .empty = access { return [] }
        if prepared.filter.isNone, prepared.order.steps.isEmpty, case .lookup(_, _, let keys) = access, keys.count == 1
        {
            // One key of an index, in id order already: the page is a slice.
            let found = Self.candidates(of: access, in: table)
            let offset = max(0, query.fetchOffset)
            // The whole list, as it came: no copy.
            if offset == 0, limit >= found.count { return found }
            return Array(found.dropFirst(offset).prefix(limit))
        }
        var matches = try Self.matches(of: prepared, in: table)
        prepared.order.sort(&matches)
        return matches.dropFirst(max(0, query.fetchOffset)).prefix(limit).map(\.model)
    }

    /// The number of objects a query matches, ignoring its limit and offset: counted in the
    /// indexes, without reading an object, when an index lookup or range guarantees the whole
    /// predicate (see ``plan(for:)``).
    ///
    /// - Throws: ``StoreError/unknownModel(_:)``, or what the predicate's evaluation throws.
    /// - Complexity: O(*k*) for *k* keys looked up or ranges read, when the index answers.
    public nonisolated func fetchCount<Model: IdentifiedModel>(_ query: StoreQuery<Model>) async throws -> Int {
        try Self.fetchCount(query, in: try await readSnapshot().contents(of: Model.self))
    }

    /// ``fetchCount(_:)`` of one table's contents.
    static func fetchCount<Model: IdentifiedModel>(_ query: StoreQuery<Model>, in table: TableContents<Model>) throws
        -> Int
    {
        let prepared = prepared(query, in: table)
        if prepared.filter.isNone, let count = Self.count(of: prepared.access, in: table) { return count }
        return try Self.matches(of: prepared, in: table).count
    }

    /// How ``fetch(_:)`` answers a query: how it finds candidates (which index, keys and
    /// range, or a scan), how many it expects, what it tests of each, and whether it walks a
    /// sorted index in the query's order or sorts the matches after.
    ///
    /// ```swift
    /// try await store.plan(for: StoreQuery<Artist>(predicate: #Predicate { $0.slug == "nina" }))
    /// // lookup Artist.slug in ["nina"] (1 candidate)
    /// ```
    public nonisolated func plan<Model: IdentifiedModel>(for query: StoreQuery<Model>) async throws(StoreError)
        -> QueryExplanation
    {
        Self.plan(for: query, in: try await readSnapshot().contents(of: Model.self))
    }

    /// ``plan(for:)`` of one table's contents.
    static func plan<Model: IdentifiedModel>(for query: StoreQuery<Model>, in table: TableContents<Model>)
        -> QueryExplanation
    {
        let prepared = prepared(query, in: table)
        let indexes = table.indexes.map(\.index)
        func keyText(_ index: String, _ key: IndexKey) -> String {
            let isGroup = index.hasSuffix(" group")
            let name = isGroup ? String(index.dropLast(" group".count)) : index
            guard let model = indexes.first(where: { $0.name == name }),
                let value = isGroup ? model.groupBy : model.value
            else { return key.description }
            return Self.swiftText(of: key, as: type(of: value.keyPath).valueType)
        }
        if let walk = prepared.walk {
            let limit = query.fetchLimit.map { max(0, $0) + max(0, query.fetchOffset) }
            return QueryExplanation(
                access: walk.plan, order: .indexWalk(reversed: walk.reversed, stopsAfter: limit),
                expectedCandidates: Self.count(of: walk.plan, in: table) ?? table.count,
                filter: prepared.walkFilter.summary, keyText: keyText)
        }
        var order = QueryExplanation.Order.sort(by: prepared.order.names)
        if prepared.order.steps.isEmpty, case .lookup(_, _, let keys) = prepared.access, keys.count == 1 {
            order = .idOrder
        }
        if case .empty = prepared.access { order = .idOrder }
        return QueryExplanation(
            access: prepared.access, order: order,
            expectedCandidates: Self.count(of: prepared.access, in: table) ?? table.count,
            filter: prepared.filter.summary, keyText: keyText)
    }

    /// The query's prepared form for the table's indexes: the one the query keeps, or one
    /// made now and kept.
    static func prepared<Model: IdentifiedModel>(_ query: StoreQuery<Model>, in table: TableContents<Model>)
        -> PreparedQuery<Model>
    {
        let signature = IndexSignature(table)
        if let kept = query.cache.value as? PreparedQuery<Model>, kept.signature == signature { return kept }
        let prepared = PreparedQuery(query, indexes: table.indexes.map(\.index), signature: signature)
        query.cache.keep(prepared)
        return prepared
    }

    /// The page the walk of a prepared query gives: the objects that pass its filter, in its
    /// order, after `offset`.
    static func results<Model: IdentifiedModel>(
        of walk: IndexWalk, of prepared: PreparedQuery<Model>, in table: TableContents<Model>, offset: Int, limit: Int
    ) throws -> [Model] {
        guard limit > 0 else { return [] }
        if prepared.walkTestsNothing {
            // Every object walked matches: the page is found by position, as `sorted` finds it.
            return table.sortedObjects(
                indexAt: walk.position, group: walk.group, from: walk.lower, to: walk.upper, reversed: walk.reversed,
                offset: offset, limit: limit)
        }
        var found: [Model] = []
        var toSkip = max(0, offset)
        let filter = prepared.walkFilter
        try table.visitSorted(
            indexAt: walk.position, group: walk.group, from: walk.lower, to: walk.upper, reversed: walk.reversed
        ) { object in
            guard try filter.matches(object) else { return true }
            if toSkip > 0 {
                toSkip -= 1
                return true
            }
            found.append(object)
            return found.count < limit
        }
        return found
    }

    /// Every match among the plan's candidates, each once, with its id key.
    static func matches<Model: IdentifiedModel>(of prepared: PreparedQuery<Model>, in table: TableContents<Model>)
        throws
        -> [(id: IndexKey, model: Model)]
    {
        let candidates = candidates(of: prepared.access, in: table)
        let filter = prepared.filter
        var matches: [(id: IndexKey, model: Model)] = []
        if case .union = prepared.access {
            var seen = Set<IndexKey>()
            for candidate in candidates {
                let id = candidate.id.indexKey
                guard seen.insert(id).inserted, try filter.matches(candidate) else { continue }
                matches.append((id, candidate))
            }
            return matches
        }
        for candidate in candidates where try filter.matches(candidate) {
            matches.append((candidate.id.indexKey, candidate))
        }
        return matches
    }

    /// The number of candidates a plan gives, from the indexes' counts; `nil` for a union,
    /// whose branches may overlap.
    static func count<Model: IdentifiedModel>(of plan: QueryPlan, in table: TableContents<Model>) -> Int? {
        switch plan {
        case .scan: return table.count
        case .empty: return 0
        case .lookup(_, let name, let keys):
            guard
                let position = table.indexPosition(of: .index, where: { $0.name == name })
                    ?? table.indexPosition(of: .unique, where: { $0.name == name })
            else { return table.count }
            return keys.reduce(0) { $0 + table.count(indexAt: position, withKey: $1) }
        case .range(_, let name, let group, let lower, let upper):
            guard let position = table.indexPosition(of: .sorted, where: { $0.name == name }) else {
                return table.count
            }
            return table.countSorted(indexAt: position, group: group ?? .null, from: lower, to: upper)
        case .union:
            return nil
        }
    }

    /// A key as its field's Swift value prints: a date as a date, not seconds.
    static func swiftText(of key: IndexKey, as type: Any.Type) -> String {
        if case .double(let seconds) = key, type == Date.self || type == Date?.self {
            return "\(Date(timeIntervalSinceReferenceDate: seconds))"
        }
        return key.description
    }

    /// The objects a plan gives, possibly repeated (a union's branches may overlap).
    static func candidates<Model: IdentifiedModel>(of plan: QueryPlan, in table: TableContents<Model>) -> [Model] {
        switch plan {
        case .scan: return table.allObjects()
        case .empty: return []
        case .lookup(_, let name, let keys):
            guard
                let position = table.indexPosition(of: .index, where: { $0.name == name })
                    ?? table.indexPosition(of: .unique, where: { $0.name == name })
            else { return table.allObjects() }
            // One key's list as it came; `flatMap` would copy it, in code not specialized
            // for the model.
            if keys.count == 1 { return table.objects(indexAt: position, withKey: keys[0]) }
            return keys.flatMap { table.objects(indexAt: position, withKey: $0) }
        case .range(_, let name, let group, let lower, let upper):
            guard let position = table.indexPosition(of: .sorted, where: { $0.name == name }) else {
                return table.allObjects()
            }
            return table.sortedObjects(
                indexAt: position, group: group ?? .null, from: lower, to: upper, reversed: false, offset: 0,
                limit: nil)
        case .union(let plans):
            return plans.flatMap { candidates(of: $0, in: table) }
        }
    }
}
