@_spi(EtchCollections) import Etch
import Foundation

extension Store: ModelStore {
    /// The objects of a `@sorted` field's range; the same as
    /// ``sorted(_:by:from:through:order:limit:offset:)``.
    public nonisolated func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, in range: SortedRange<Value>
    ) async throws(StoreError) -> [Model] {
        try await sorted(
            type, by: keyPath, from: range.lower, through: range.upper, order: range.order, limit: range.limit,
            offset: range.offset)
    }

    /// The objects of one group of a `@sorted(groupBy:)` field's range; the same as
    /// ``sorted(_:by:inGroup:from:through:order:limit:offset:)``.
    public nonisolated func sorted<Model: IdentifiedModel, Value: IndexableValue, Group: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Group, in range: SortedRange<Value>
    ) async throws(StoreError) -> [Model] {
        try await sorted(
            type, by: keyPath, inGroup: group, from: range.lower, through: range.upper, order: range.order,
            limit: range.limit, offset: range.offset)
    }
}
