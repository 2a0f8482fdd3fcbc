extension PostgresModelTable {
    /// Makes the table and its indexes in the connection's current schema when they are
    /// missing, in one transaction; for a table Etch made before, adds what the schema
    /// gained since (a column and its index for a newly indexed field, filled from the
    /// objects), and upgrades a table of format 1 in place (see
    /// ``upgradeFromFormat1(oid:on:)``).
    ///
    /// Concurrent openers (other processes, other machines) wait for each other on an
    /// advisory lock, so two of them never race to create or change one table.
    ///
    /// - Parameter connection: A connection outside any transaction.
    /// - Throws: ``PostgresError/foreignTable(table:model:found:)`` for a table, view or other
    ///   relation of the same name that Etch did not make, or made in a later format (it is
    ///   left as it is), ``PostgresError/tableShape(table:model:problems:)`` for a table that
    ///   carries Etch's comment but lacks a column or an index Etch makes, or has one of
    ///   another kind, and ``PostgresError`` when a statement fails (nothing is created or
    ///   changed then).
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
                try update(oid: row[2] ?? "0", kind: row[0], comment: row[1], on: connection)
            } else {
                for statement in statements { try connection.execute(statement) }
            }
            try connection.execute("COMMIT")
        } catch {
            if !connection.isBroken { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Brings a table that exists to the schema's shape, in the caller's transaction: upgrades
    /// it from format 1, adds the missing field columns and indexes; refuses another
    /// program's table and a misshapen one.
    private func update(oid: String, kind: String?, comment: String?, on connection: PostgresConnection)
        throws(PostgresError)
    {
        guard kind == "r", comment == Self.comment(model: model) || comment == Self.comment(model: model, format: 1)
        else {
            let found = kind == "r" ? comment.map { "'\($0)'" } ?? "empty" : "of relation kind \(kind ?? "?")"
            throw PostgresError.foreignTable(table: table, model: model, found: found)
        }
        if comment != Self.comment(model: model) { try upgradeFromFormat1(oid: oid, on: connection) }
        // Etch's comment, but columns or indexes of another shape: refused rather than
        // failing at the first statement that needs them.
        let columns = try shape.columns(ofTable: oid, on: connection)
        guard columns.problems.isEmpty else {
            throw PostgresError.tableShape(table: table, model: model, problems: columns.problems)
        }
        try add(columns.missing, refilling: columns.stale, on: connection)
        for (name, comment) in columns.unused.sorted(by: { $0.key < $1.key }) {
            try connection.execute(
                "COMMENT ON COLUMN \(quotedTable).\(PostgresSQL.identifier(name)) IS "
                    + PostgresSQL.literal(comment + PostgresColumn.notWrittenSuffix))
        }
        for statement in statements where statement.hasPrefix("CREATE INDEX") || statement.hasPrefix("CREATE UNIQUE") {
            try connection.execute(statement)
        }
        let indexProblems = try shape.indexProblems(ofTable: oid, on: connection)
        guard indexProblems.isEmpty else {
            throw PostgresError.tableShape(table: table, model: model, problems: indexProblems)
        }
    }
}
