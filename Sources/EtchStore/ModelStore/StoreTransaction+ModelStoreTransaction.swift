@_spi(EtchCollections) import Etch

/// A ``Store``'s transaction is the ``ModelStore`` transaction of the in-memory and SQLite store.
extension StoreTransaction: ModelStoreTransaction {}
