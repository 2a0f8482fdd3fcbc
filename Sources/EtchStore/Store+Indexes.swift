@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// The object whose `@unique` field holds a value (OOCModel's `with:is:`).
    ///
    /// `nil` identifies no object: it is exempt from uniqueness, so any number of objects
    /// hold it, and this answers `nil` for it; ``objects(_:where:is:)`` lists them.
    ///
    /// ```swift
    /// try await store.unique(Artist.self, \.slug, "nina")
    /// ```
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` when the field is not `@unique`.
    /// - Complexity: O(1).
    public nonisolated func unique<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, _ keyPath: KeyPath<Model, Value>, _ value: Value
    ) async throws(StoreError) -> Model? {
        try await readSnapshot().unique(type, keyPath, value)
    }

    /// The objects whose `@index` (or `@unique`) field holds a value, in id order; for `nil`,
    /// those without a value, which a `@unique` field holds as many of as an `@index` does.
    ///
    /// ```swift
    /// try await store.objects(Album.self, where: \.artist, is: Ref(id: "a1"))
    /// try await store.objects(Album.self, where: \.catalog, is: nil)   // the albums without one
    /// ```
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` when the field has no such index.
    /// - Complexity: O(*k*) for *k* objects found.
    public nonisolated func objects<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, where keyPath: KeyPath<Model, Value>, is value: Value
    ) async throws(StoreError) -> [Model] {
        try await readSnapshot().objects(type, where: keyPath, is: value)
    }

    /// The objects of a `@sorted` field's range, in value order (ties by id), after `offset`
    /// and at most `limit` of them.
    ///
    /// ```swift
    /// try await store.sorted(Album.self, by: \.rating, from: 4.0, order: .reverse, limit: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - lower: The smallest value in the range, or `nil` for no lower end.
    ///   - upper: The largest value in the range, or `nil` for no upper end.
    ///   - order: `.forward` for smallest first, `.reverse` for largest first.
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` without a `@sorted` index on the
    ///   field; a field sorted only within groups (`@sorted(groupBy:)`) takes `inGroup:`.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned.
    public nonisolated func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, from lower: Value? = nil, through upper: Value? = nil,
        order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) async throws(StoreError) -> [Model] {
        try await readSnapshot().sorted(
            type, by: keyPath, from: lower, through: upper, order: order, limit: limit, offset: offset)
    }

    /// The objects of one group of a `@sorted(groupBy:)` field's range: those whose group
    /// field holds `group` (a `nil` group is a group of its own), in value order.
    ///
    /// ```swift
    /// try await store.sorted(Album.self, by: \.year, inGroup: Ref<Artist>(id: "a1"), limit: 20)
    /// ```
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` without a grouped sorted index on the field.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned.
    public nonisolated func sorted<Model: IdentifiedModel, Value: IndexableValue, Group: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Group, from lower: Value? = nil,
        through upper: Value? = nil, order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) async throws(StoreError) -> [Model] {
        try await readSnapshot().sorted(
            type, by: keyPath, inGroup: group, from: lower, through: upper, order: order, limit: limit, offset: offset)
    }

    /// Adds an index at runtime on any key path, a computed property included, built over
    /// the objects held now and kept up to date from then on (OOCModel indexed computed
    /// properties this way).
    ///
    /// ```swift
    /// extension Album { var isClassic: Bool { year < 1980 } }
    /// try await store.addIndex(.index("isClassic", \Album.isClassic))
    /// try await store.objects(Album.self, where: \.isClassic, is: true)
    /// ```
    ///
    /// - Throws: ``StoreError/duplicateIndex(model:name:)`` when an index of the kind has the
    ///   name, or, for `.index` and `.unique`, one of the other of the two (a query's plan
    ///   names the index it looks up); or a unique violation among the objects held. The store
    ///   is unchanged then.
    public func addIndex<Model: IdentifiedModel>(_ index: ModelIndex<Model>) throws(StoreError) {
        try catchUpIfStale()
        let table = try tables.table(of: Model.self)
        let readsByKey: Set<ModelIndex<Model>.Kind> = [.index, .unique]
        if readsByKey.contains(index.kind),
            table.indexes.contains(where: { $0.index.name == index.name && readsByKey.contains($0.index.kind) })
        {
            throw StoreError.duplicateIndex(model: Model.modelName, name: index.name)
        }
        try table.addIndex(index)
        publishSnapshot()
    }

    /// The objects of a range of one group of the sorted index at `position` in the table's
    /// indexes.
    static func range<Model: IdentifiedModel>(
        in table: TableContents<Model>, indexAt position: Int, group: IndexKey, lower: IndexKey?, upper: IndexKey?,
        order: SortOrder, limit: Int?, offset: Int
    ) -> [Model] {
        if let lower, let upper, upper < lower { return [] }
        return table.sortedObjects(
            indexAt: position, group: group,
            from: lower.map { IndexBound(key: $0, isInclusive: true) },
            to: upper.map { IndexBound(key: $0, isInclusive: true) },
            reversed: order == .reverse,
            offset: offset, limit: limit)
    }

    /// The error for a read through an index the model lacks, naming the field as the schema
    /// spells it when an index of another kind reads it (`Album.year`), since a key path
    /// prints as `\Album.<computed 0x… (Int)>` on Linux.
    package static func noIndex<Model: IdentifiedModel>(_ type: Model.Type, _ keyPath: AnyKeyPath, _ kind: String)
        -> StoreError
    {
        // The schema's field name, from the generated code or, for a key path an index reads
        // (one added at runtime on a computed property), the index's name.
        let named =
            Model._fieldName(of: keyPath)
            ?? Model._indexes.lazy.flatMap { [$0.value] + ($0.groupBy.map { [$0] } ?? []) }
            .first { $0.keyPath == keyPath }?.name
        return .noIndex(
            model: Model.modelName, keyPath: named.map { "\(Model.modelName).\($0)" } ?? "\(keyPath)", kind: kind)
    }
}
