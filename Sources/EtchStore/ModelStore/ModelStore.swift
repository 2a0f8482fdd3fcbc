@_spi(EtchCollections) import Etch
import Foundation

/// A store of models that generic code can be written against: the in-memory or SQLite
/// ``Store``, or a store on a database server (EtchPostgres's `PostgresStore`).
///
/// Every operation is `async throws`, so that a store whose reads go over a network can
/// answer them; each answers as ``Store`` does (the same objects, in the same order, with
/// the same ``StoreError`` for a model's errors). A store on a server throws its own errors
/// too, for a server that is down or a connection that was lost.
///
/// ```swift
/// func rename<S: ModelStore>(_ id: String, to name: String, in store: S) async throws {
///     try await store.write { tx in
///         try tx.update(Artist.self, id: id) { $0.copyWith(name: name) }
///     }
/// }
/// try await rename("a1", to: "Nina", in: sqliteStore)
/// try await rename("a1", to: "Nina", in: postgresStore)
/// ```
public protocol ModelStore: Sendable {
    /// What ``write(_:)`` gives its body: reads and writes of one transaction.
    associatedtype Transaction: ModelStoreTransaction

    /// The object of a type with an id, or `nil`.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    func object<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) async throws -> Model?

    /// The number of objects of a type.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    func count<Model: IdentifiedModel>(_ type: Model.Type) async throws -> Int

    /// The object whose `@unique` field holds a value; `nil` for a `nil` value, which any
    /// number of objects may hold.
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` when the field is not `@unique`.
    func unique<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, _ keyPath: KeyPath<Model, Value>, _ value: Value
    ) async throws -> Model?

    /// The objects whose `@index` (or `@unique`) field holds a value, in id order.
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` when the field has no such index.
    func objects<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, where keyPath: KeyPath<Model, Value>, is value: Value
    ) async throws -> [Model]

    /// The objects of a range of an ungrouped `@sorted` field, in value order (ties by id
    /// ascending in both directions), paged; see ``SortedRange``.
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` without a `@sorted` index on
    ///   the field; ``StoreError/needsGroup(model:field:group:)`` for a field sorted within
    ///   groups only.
    func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, in range: SortedRange<Value>
    ) async throws -> [Model]

    /// The objects of a range of one group of a `@sorted(groupBy:)` field, in value order;
    /// a `nil` group is a group of its own.
    ///
    /// - Throws: ``StoreError/noIndex(model:keyPath:kind:)`` without a grouped sorted index
    ///   on the field.
    func sorted<Model: IdentifiedModel, Value: IndexableValue, Group: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Group, in range: SortedRange<Value>
    ) async throws -> [Model]

    /// The objects a query matches, sorted by its descriptors (ties by id ascending), paged:
    /// what filtering every object with `predicate.evaluate` and sorting would give.
    func fetch<Model: IdentifiedModel>(_ query: StoreQuery<Model>) async throws -> [Model]

    /// The number of objects a query matches, ignoring its limit and offset.
    func fetchCount<Model: IdentifiedModel>(_ query: StoreQuery<Model>) async throws -> Int

    /// The members of an inverse relation of an owner, in the relation's order (ties, and
    /// no order, by id).
    func related<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of ownerID: Owner.ID
    ) async throws -> [Member]

    /// Runs a transaction: every change `body` makes applies when it returns, or none does.
    ///
    /// `body` is synchronous and may run more than once on a store that retries a
    /// transaction that conflicted with another (a database server's): it must do nothing
    /// outside the transaction that it cannot repeat.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``StoreError/uniqueViolation(model:field:value:existingID:newID:)``
    ///   for a `@unique` value another object holds; ``StoreError/deleteRefused(model:id:referencedBy:referringID:field:)``.
    ///   Nothing applies then.
    @discardableResult
    func write<Result: Sendable>(_ body: @Sendable (Transaction) throws -> Result) async throws -> Result
}
