@_spi(EtchCollections) import Etch
import Foundation

extension StoreSnapshot {
    /// The object whose `@unique` field holds a value (OOCModel's `with:is:`).
    ///
    /// `nil` identifies no object: it is exempt from uniqueness, so any number of objects
    /// hold it, and this answers `nil` for it; ``objects(_:where:is:)`` lists them.
    ///
    /// ```swift
    /// try snapshot.unique(Artist.self, \.slug, "nina")
    /// ```
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` when the field is not `@unique`.
    /// - Complexity: O(1).
    public func unique<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, _ keyPath: KeyPath<Model, Value>, _ value: Value
    ) throws(StoreError) -> Model? {
        let table = try contents(of: type)
        let target: AnyKeyPath = keyPath
        guard let position = table.indexPosition(of: .unique, where: { $0.value.keyPath == target }) else {
            throw Store.noIndex(Model.self, keyPath, "unique")
        }
        return table.object(uniqueIndexAt: position, withKey: value.indexKey)
    }

    /// The objects whose `@index` (or `@unique`) field holds a value, in id order; for `nil`,
    /// those without a value, which a `@unique` field holds as many of as an `@index` does.
    ///
    /// ```swift
    /// try snapshot.objects(Album.self, where: \.artist, is: Ref(id: "a1"))
    /// try snapshot.objects(Album.self, where: \.catalog, is: nil)   // the albums without one
    /// ```
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` when the field has no such index.
    /// - Complexity: O(*k*) for *k* objects found.
    public func objects<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, where keyPath: KeyPath<Model, Value>, is value: Value
    ) throws(StoreError) -> [Model] {
        let table = try contents(of: type)
        let target: AnyKeyPath = keyPath
        guard
            let position = table.indexPosition(of: .index, where: { $0.value.keyPath == target })
                ?? table.indexPosition(of: .unique, where: { $0.value.keyPath == target })
        else { throw Store.noIndex(Model.self, keyPath, "@index or @unique") }
        return table.objects(indexAt: position, withKey: value.indexKey)
    }

    /// The objects of a `@sorted` field's range, in value order (ties by id), after `offset`
    /// and at most `limit` of them.
    ///
    /// ```swift
    /// try snapshot.sorted(Album.self, by: \.rating, from: 4.0, order: .reverse, limit: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - lower: The smallest value in the range, or `nil` for no lower end.
    ///   - upper: The largest value in the range, or `nil` for no upper end.
    ///   - order: `.forward` for smallest first, `.reverse` for largest first.
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` without a `@sorted` index on the
    ///   field; a field sorted only within groups (`@sorted(groupBy:)`) takes `inGroup:`.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned.
    public func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, from lower: Value? = nil, through upper: Value? = nil,
        order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) throws(StoreError) -> [Model] {
        let table = try contents(of: type)
        let target: AnyKeyPath = keyPath
        guard
            let index = table.indexPosition(of: .sorted, where: { $0.groupBy == nil && $0.value.keyPath == target })
        else {
            // A field sorted within groups only: say so, and what to pass.
            if let grouped = table.indexes.first(where: { $0.index.kind == .sorted && $0.index.value.keyPath == target }
            ),
                let group = grouped.index.groupBy
            {
                throw StoreError.needsGroup(model: Model.modelName, field: grouped.index.value.name, group: group.name)
            }
            throw Store.noIndex(Model.self, keyPath, "sorted")
        }
        return Store.range(
            in: table, indexAt: index, group: .null, lower: lower?.indexKey, upper: upper?.indexKey, order: order,
            limit: limit, offset: offset)
    }

    /// The objects of one group of a `@sorted(groupBy:)` field's range: those whose group
    /// field holds `group` (a `nil` group is a group of its own), in value order.
    ///
    /// ```swift
    /// try snapshot.sorted(Album.self, by: \.year, inGroup: Ref<Artist>(id: "a1"), limit: 20)
    /// ```
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` without a grouped sorted index on the field.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned.
    public func sorted<Model: IdentifiedModel, Value: IndexableValue, Group: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Group, from lower: Value? = nil,
        through upper: Value? = nil, order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) throws(StoreError) -> [Model] {
        let table = try contents(of: type)
        let target: AnyKeyPath = keyPath
        guard
            let index = table.indexPosition(of: .sorted, where: { $0.groupBy != nil && $0.value.keyPath == target })
        else { throw Store.noIndex(Model.self, keyPath, "grouped sorted") }
        return Store.range(
            in: table, indexAt: index, group: group.indexKey, lower: lower?.indexKey, upper: upper?.indexKey,
            order: order, limit: limit, offset: offset)
    }
}

extension StoreSnapshot {
    /// The objects of the `nil` group of a `@sorted(groupBy:)` field whose group is optional;
    /// see ``Store/sorted(_:by:inGroup:from:through:order:limit:offset:)-(_,_,Never?,_,_,_,_,_)``.
    public func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Never?, from lower: Value? = nil,
        through upper: Value? = nil, order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) throws(StoreError) -> [Model] {
        // Every group type's `nil` has the same index key.
        try sorted(
            type, by: keyPath, inGroup: Int?.none, from: lower, through: upper, order: order, limit: limit,
            offset: offset)
    }

    /// The objects a query matches, sorted and paged; see ``Store/fetch(_:)``.
    public func fetch<Model: IdentifiedModel>(_ query: StoreQuery<Model>) throws -> [Model] {
        try Store.fetch(query, in: contents(of: Model.self))
    }

    /// The number of objects a query matches, ignoring its limit and offset; see
    /// ``Store/fetchCount(_:)``.
    public func fetchCount<Model: IdentifiedModel>(_ query: StoreQuery<Model>) throws -> Int {
        try Store.fetchCount(query, in: contents(of: Model.self))
    }

    /// How ``fetch(_:)`` answers a query; see ``Store/plan(for:)``.
    public func plan<Model: IdentifiedModel>(for query: StoreQuery<Model>) throws(StoreError) -> QueryExplanation {
        Store.plan(for: query, in: try contents(of: Model.self))
    }
}
