import Etch
import EtchStore

extension PostgresStoreTransaction {
    /// Inserts or replaces several objects, carrying each replaced object's `@local` values
    /// over; when an id repeats, the last one wins. The outcome is that of inserting each in
    /// turn, ``insert(_:localValues:)`` with `.carryOver`, in two round trips per
    /// ``batchSize`` objects rather than three per object.
    ///
    /// For each batch, one statement reads the objects the table holds of the batch's ids
    /// (their `@local` values and the history need them) and those holding one of the
    /// batch's `@unique` values; then one `INSERT … ON CONFLICT (id) DO UPDATE` writes the
    /// batch, each column's values (the ids, the objects' JSON, the indexed fields') one
    /// array parameter. When that read finds a `@unique` value
    /// of the batch held by an object that is not the one the batch gives it to, or the
    /// batch repeats an id or a `@unique` value, the batch goes one object at a time
    /// instead, as the order of its writes then matters (and the error names the holder).
    ///
    /// ```swift
    /// try await store.write { tx in
    ///     try tx.insert(contentsOf: albums)
    /// }
    /// ```
    ///
    /// - Parameter objects: The objects, in the order they are written.
    /// - Throws: What ``insert(_:localValues:)`` throws for the first object that fails;
    ///   nothing of its batch is written then, unless the batch went one at a time.
    /// - Complexity: O(*n*) in Swift, and 2 round trips per ``batchSize`` objects.
    public func insert<Model: IdentifiedModel>(contentsOf objects: some Sequence<Model>) throws {
        let table = try store.table(of: Model.self)
        var batch: [Model] = []
        for object in objects {
            batch.append(object)
            guard batch.count == Self.batchSize else { continue }
            try insertBatch(batch, into: table)
            batch.removeAll(keepingCapacity: true)
        }
        if !batch.isEmpty { try insertBatch(batch, into: table) }
    }

    /// The most objects ``insert(contentsOf:)`` writes in one statement.
    static let batchSize = 1000

    /// Writes one batch: its objects' current versions and the holders of its `@unique`
    /// values read in one statement, then the batch in another; or one object at a time
    /// when the order of the writes matters.
    private func insertBatch<Model: IdentifiedModel>(_ objects: [Model], into table: PostgresModelTable) throws {
        guard var batch = try PostgresBatch(objects, table: table) else { return try insertEach(objects) }
        let current = try PostgresModelTable.objects(
            Model.self, batch.readStatement, batch.readParameters, on: connection)
        guard batch.readCurrent(current), let written = batch.written() else { return try insertEach(objects) }
        try lockReferencedObjects(of: written.objects, old: batch.current)
        do {
            try connection.execute(batch.writeStatement, written.parameters)
        } catch {
            guard case .serverError(let sqlState, _, let detail, let constraint, _) = error, sqlState == "23505" else {
                // Text PostgreSQL cannot hold, which one object at a time names; or the server's error.
                guard case .invalidParameter = error else { throw error }
                return try insertEach(objects)
            }
            // A concurrent transaction's value, which the read did not see: the next attempt's
            // read sees it, and the batch goes one at a time, naming the holder.
            let holder = batch.object(holding: detail, constraint: constraint)
            throw UniqueValueTakenConcurrently(
                violation: Self.violation(of: written.objects[holder], constraint: constraint, table: table))
        }
        guard store.history != nil else { return }
        for (position, object) in written.objects.enumerated() {
            try log.record(object, json: written.jsons[position], id: object.id, old: batch.current[position])
        }
    }

    /// Inserts objects one at a time, as ``insert(_:localValues:)`` does.
    private func insertEach<Model: IdentifiedModel>(_ objects: [Model]) throws {
        for object in objects { try insert(object, localValues: .carryOver) }
    }
}
