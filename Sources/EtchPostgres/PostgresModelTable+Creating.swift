extension PostgresModelTable {
    /// Makes the table and its indexes in the connection's current schema when they are
    /// missing, in one transaction; does nothing more for a table Etch made before.
    ///
    /// Concurrent openers (other processes, other machines) wait for each other on an
    /// advisory lock, so two of them never race to create one table.
    ///
    /// - Parameter connection: A connection outside any transaction.
    /// - Throws: ``PostgresError/foreignTable(table:model:found:)`` for a table, view or other
    ///   relation of the same name that Etch did not make (it is left as it is),
    ///   ``PostgresError/tableShape(table:model:problems:)`` for a table that carries Etch's
    ///   comment but lacks a column or an index Etch makes, or has one of another kind, and
    ///   ``PostgresError`` when a statement fails (nothing is created then).
    public func create(on connection: PostgresConnection) throws(PostgresError) {
        try connection.execute("BEGIN")
        do throws(PostgresError) {
            try connection.execute("SELECT pg_advisory_xact_lock(hashtext('etch: create tables'))")
            let existing = try connection.execute(
                """
                SELECT c.relkind::text, obj_description(c.oid, 'pg_class'), c.oid::text
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relname = $1
                """, [table])
            if let row = existing.values.first {
                let comment = row[1]
                guard row[0] == "r", comment == Self.comment(model: model) else {
                    let found =
                        row[0] == "r" ? comment.map { "'\($0)'" } ?? "empty" : "of relation kind \(row[0] ?? "?")"
                    throw PostgresError.foreignTable(table: table, model: model, found: found)
                }
                // Etch's comment, but columns or indexes of another shape: refused rather
                // than failing at the first statement that needs them.
                let oid = row[2] ?? "0"
                let problems = try shape.columnProblems(ofTable: oid, on: connection)
                guard problems.isEmpty else {
                    throw PostgresError.tableShape(table: table, model: model, problems: problems)
                }
                for statement in statements
                where statement.hasPrefix("CREATE INDEX") || statement.hasPrefix("CREATE UNIQUE") {
                    try connection.execute(statement)
                }
                let indexProblems = try shape.indexProblems(ofTable: oid, on: connection)
                guard indexProblems.isEmpty else {
                    throw PostgresError.tableShape(table: table, model: model, problems: indexProblems)
                }
            } else {
                for statement in statements { try connection.execute(statement) }
            }
            try connection.execute("COMMIT")
        } catch {
            if !connection.isBroken { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }
}
