import Etch

extension Store {
    /// Runs a transaction: every insert, update and delete `body` makes is applied together
    /// when it returns, or none is.
    ///
    /// Before anything changes, the commit checks every `@unique` index and, for a
    /// file-backed store, writes the changed objects in one SQLite transaction. A unique
    /// violation, an error `body` throws or a failed write leaves the store and its file
    /// exactly as they were. After the commit, each affected type's ``changes(of:)``
    /// subscribers get one ``StoreChange``.
    ///
    /// ```swift
    /// try await store.write { tx in
    ///     try tx.insert(album)
    ///     try tx.update(Artist.self, id: "a1") { $0.copyWith(name: "Nina") }
    /// }
    /// ```
    ///
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``StoreError``: a unique violation names the type,
    ///   the field, the value and the id already holding it.
    @discardableResult
    public func write<Result: Sendable>(_ body: @Sendable (StoreTransaction) throws -> Result) throws -> Result {
        let transaction = StoreTransaction(tables: tables)
        let result = try body(transaction)
        try commit(transaction)
        return result
    }

    /// Deletes every object of a type, as one commit.
    public func clear<Model: IdentifiedModel>(_ type: Model.Type) throws {
        try write { tx in try tx.deleteAll(Model.self) }
    }

    /// Deletes every object of every type, as one commit.
    public func clear() throws {
        let transaction = StoreTransaction(tables: tables)
        for table in tables.all { try table.stageDeleteAll(in: transaction) }
        try commit(transaction)
    }

    func commit(_ transaction: StoreTransaction) throws(StoreError) {
        try transaction.applyDeleteRules()
        let staged = transaction.stagedOrder.compactMap { transaction.staged[$0] }
        guard !staged.isEmpty else { return }
        for changes in staged { try changes.check() }
        if let file {
            var records: [RecordChange] = []
            for changes in staged { records += try changes.records() }
            try file.commit(records)
        }
        commitCount += 1
        for changes in staged { changes.apply(commit: commitCount) }
    }
}
