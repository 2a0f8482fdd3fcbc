extension PostgresModelTable {
    /// Upgrades a table of format 1 (the id a `jsonb` column generated from the object, the
    /// indexes on expressions of the object) to format 2, in the caller's transaction: the
    /// schema's indexes are dropped, the id becomes a column of its own holding its key
    /// (`normalize(id #>> '{}', NFC)` for text), and the comment says format 2. The field
    /// columns and the indexes are then added as for a table that lacks them
    /// (``add(_:on:)``, then the `CREATE INDEX` statements).
    ///
    /// PostgreSQL rewrites the table (twice: the id's new type, then the columns' values)
    /// under an `ACCESS EXCLUSIVE` lock, which blocks every reader and writer of the table
    /// until the transaction commits: seconds per million rows.
    ///
    /// - Throws: ``PostgresError`` when a statement fails, such as the primary key's when
    ///   two ids equal as Etch compares them (Unicode-equivalent text) were two rows.
    func upgradeFromFormat1(oid: String, on connection: PostgresConnection) throws(PostgresError) {
        let indexes = try connection.execute(
            """
            SELECT c.relname::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = $1::oid AND NOT i.indisprimary AND c.relname = ANY ($2::text[])
            """, [oid, PostgresArray.literal(shape.indexes.map(\.name))])
        for row in indexes.values {
            guard let name = row.first ?? nil else { continue }
            try connection.execute("DROP INDEX \(PostgresSQL.identifier(name))")
        }
        try connection.execute("ALTER TABLE \(quotedTable) ALTER COLUMN id DROP EXPRESSION")
        if let kind = id.kind {
            try connection.execute(
                "ALTER TABLE \(quotedTable) ALTER COLUMN id TYPE \(id.type) USING \(kind.typed("(id #>> '{}')"))")
        }
        try connection.execute(
            "COMMENT ON TABLE \(quotedTable) IS \(PostgresSQL.literal(Self.comment(model: model)))")
    }

    /// Adds field columns the table lacks and refills those it has that were not written
    /// for a while (the schema did not index their field), from the objects (with the
    /// server's `normalize` for text), in the caller's transaction: one `ALTER TABLE`, one
    /// `UPDATE`, and each column's comment, which says it is written again.
    ///
    /// A process that still runs the schema before the columns were added writes rows
    /// without their values: every process on a schema must run its new version once one
    /// of them added a field's index.
    ///
    /// - Throws: ``PostgresError`` when a statement fails.
    func add(_ missing: [PostgresColumn], refilling stale: [PostgresColumn], on connection: PostgresConnection)
        throws(PostgresError)
    {
        if !missing.isEmpty {
            try connection.execute(
                "ALTER TABLE \(quotedTable) " + missing.map { "ADD COLUMN \($0.definition)" }.joined(separator: ", "))
        }
        let filled = missing + stale
        guard !filled.isEmpty else { return }
        try connection.execute(
            "UPDATE \(quotedTable) SET " + filled.map { "\($0.quoted) = \($0.computed)" }.joined(separator: ", "))
        for column in filled { try connection.execute(column.commentStatement(table: quotedTable)) }
    }
}
