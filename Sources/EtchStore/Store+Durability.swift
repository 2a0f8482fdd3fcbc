extension Store {
    /// The durability the store's file connection really has, read back from SQLite's
    /// `PRAGMA synchronous`; nil for a store in memory. For tests: ``StoreOptions/durability``
    /// is what was asked.
    ///
    /// - Throws: ``StoreError/closed`` after ``close()``.
    package func durabilityInEffect() throws(StoreError) -> StoreDurability? {
        guard let file else { return nil }
        return try file.durability()
    }
}
