@_spi(EtchCollections) import Etch

/// A ``Store``'s transaction is the ``ModelStore`` transaction of the in-memory and SQLite store.
extension StoreTransaction: ModelStoreTransaction {
    /// Inserts or replaces several objects, carrying their `@local` values over, the
    /// object's table found once; when an id repeats, the last one wins.
    public func insert<Model: IdentifiedModel>(contentsOf objects: some Sequence<Model>) throws {
        try insert(contentsOf: objects, localValues: .carryOver)
    }
}
