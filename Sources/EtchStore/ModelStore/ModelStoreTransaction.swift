@_spi(EtchCollections) import Etch

/// The reads and writes of one ``ModelStore/write(_:)``: ``StoreTransaction`` for a
/// ``Store``. Reads through it see its own changes; nothing it does is seen by others until
/// it commits.
///
/// ```swift
/// try await store.write { tx in
///     try tx.insert(artist)
///     try tx.update(Album.self, id: "b1") { $0.copyWith(title: "Remastered") }
///     try tx.delete(Album.self, id: "b2")
/// }
/// ```
public protocol ModelStoreTransaction: AnyObject {
    /// The object with an id as this transaction sees it.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    func object<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws -> Model?

    /// Inserts an object, or replaces the one with the same id.
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - localValues: Whether a replaced object's `@local` values carry over into `object`.
    func insert<Model: IdentifiedModel>(_ object: Model, localValues: LocalValuesPolicy) throws

    /// Inserts or replaces several objects, carrying their `@local` values over; when an id
    /// repeats, the last one wins. A store may write them together: the PostgreSQL store
    /// sends each 1,000 in two statements. The default inserts them one at a time.
    func insert<Model: IdentifiedModel>(contentsOf objects: some Sequence<Model>) throws

    /// Replaces the object with an id by what `transform` makes of it.
    ///
    /// - Returns: The new object.
    /// - Throws: ``StoreError/notFound(model:id:)`` when there is no such object, and what
    ///   `transform` throws.
    @discardableResult
    func update<Model: IdentifiedModel>(
        _ type: Model.Type, id: Model.ID, _ transform: (Model) throws -> Model
    ) throws -> Model

    /// Deletes the object with an id, applying the `@onDelete` rules of the references to it.
    ///
    /// - Returns: The deleted object, or `nil` when there was none.
    @discardableResult
    func delete<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws -> Model?
}

extension ModelStoreTransaction {
    /// Inserts an object, or replaces the one with the same id, carrying its `@local` values
    /// over.
    public func insert<Model: IdentifiedModel>(_ object: Model) throws {
        try insert(object, localValues: .carryOver)
    }

    /// Inserts or replaces several objects, one at a time; when an id repeats, the last one
    /// wins.
    public func insert<Model: IdentifiedModel>(contentsOf objects: some Sequence<Model>) throws {
        for object in objects { try insert(object, localValues: .carryOver) }
    }
}
