@_spi(EtchCollections) import Etch
import Foundation

extension ModelStore {
    /// The object a reference points to, or `nil` when it dangles.
    public func resolve<Model: IdentifiedModel>(_ reference: Ref<Model>) async throws -> Model? {
        try await object(Model.self, id: reference.id)
    }

    /// The objects of a `@sorted` field's range, in value order (ties by id), after `offset`
    /// and at most `limit` of them; see ``sorted(_:by:in:)``.
    ///
    /// ```swift
    /// try await store.sorted(Album.self, by: \.rating, from: 4.0, order: .reverse, limit: 20)
    /// ```
    public func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, from lower: Value? = nil, through upper: Value? = nil,
        order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) async throws -> [Model] {
        try await sorted(
            type, by: keyPath, in: SortedRange(from: lower, through: upper, order: order, limit: limit, offset: offset))
    }

    /// The objects of one group of a `@sorted(groupBy:)` field's range; see
    /// ``sorted(_:by:inGroup:in:)``.
    ///
    /// ```swift
    /// try await store.sorted(Album.self, by: \.year, inGroup: Ref<Artist>(id: "a1"), limit: 20)
    /// ```
    public func sorted<Model: IdentifiedModel, Value: IndexableValue, Group: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Group, from lower: Value? = nil,
        through upper: Value? = nil, order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) async throws -> [Model] {
        try await sorted(
            type, by: keyPath, inGroup: group,
            in: SortedRange(from: lower, through: upper, order: order, limit: limit, offset: offset))
    }

    /// The objects of the `nil` group of a `@sorted(groupBy:)` field's range: this overload
    /// lets `inGroup: nil` compile.
    public func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Never?, from lower: Value? = nil,
        through upper: Value? = nil, order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) async throws -> [Model] {
        try await sorted(
            type, by: keyPath, inGroup: Int?.none,
            in: SortedRange(from: lower, through: upper, order: order, limit: limit, offset: offset))
    }

    /// The members of an inverse relation of `owner`; see ``related(_:of:)``.
    public func related<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of owner: Owner
    ) async throws -> [Member] {
        try await related(relation, of: owner.id)
    }
}
