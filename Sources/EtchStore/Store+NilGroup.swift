@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// The objects of the `nil` group of a `@sorted(groupBy:)` field's range: those whose
    /// group field holds `nil`, in value order. This overload lets `inGroup: nil` compile:
    /// a plain `nil` names no type for the generic version to infer.
    ///
    /// ```swift
    /// try await store.sorted(Room.self, by: \.name, inGroup: nil)          // rooms with no floor
    /// try await store.sorted(Room.self, by: \.name, inGroup: 1)            // rooms on floor 1
    /// ```
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` without a grouped sorted index on the field.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned.
    public nonisolated func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Never?, from lower: Value? = nil,
        through upper: Value? = nil, order: SortOrder = .forward, limit: Int? = nil, offset: Int = 0
    ) async throws(StoreError) -> [Model] {
        // Every group type's `nil` has the same index key.
        try await sorted(
            type, by: keyPath, inGroup: Int?.none, from: lower, through: upper, order: order, limit: limit,
            offset: offset)
    }
}
