/// The shape Etch makes a model's table in, which a table that carries Etch's comment must
/// have for the store to use it: the `object` and `id` columns, `id` the primary key, and
/// the schema's indexes by name, each unique or not and of as many columns as the schema's.
///
/// The indexes' expressions are not compared (PostgreSQL prints them in a form of its own):
/// an index of the right name, kind and width but another expression is trusted.
///
/// ```swift
/// try shape.columnProblems(ofTable: oid, on: connection)  // ["the column id is missing"]
/// try shape.indexProblems(ofTable: oid, on: connection)   // ["the index \"Album unique catalog\" is not UNIQUE"]
/// ```
struct PostgresTableShape: Sendable, Equatable {
    /// An index the schema asks for.
    struct Index: Sendable, Equatable {
        /// Its name, as the table holds it (cut to PostgreSQL's limit).
        let name: String
        /// Whether it is UNIQUE.
        let isUnique: Bool
        /// The number of its key columns.
        let columns: Int
    }

    /// The schema's indexes, in schema order.
    var indexes: [Index] = []

    /// What is wrong with the columns of the table of an oid, in words; empty when they
    /// have the shape. Checked before the missing indexes are made, whose expressions need
    /// the columns.
    ///
    /// - Parameters:
    ///   - oid: The table's oid, as text.
    ///   - connection: A connection.
    /// - Throws: ``PostgresError`` when a statement fails.
    func columnProblems(ofTable oid: String, on connection: PostgresConnection) throws(PostgresError) -> [String] {
        var problems: [String] = []
        let columns = try connection.execute(
            """
            SELECT attname::text, format_type(atttypid, atttypmod), attnotnull::text, attgenerated::text
            FROM pg_attribute WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped
            """, [oid]
        ).values
        func column(_ name: String) -> [String?]? { columns.first { $0.first == name } }
        if let object = column("object") {
            if object[1] != "jsonb" { problems.append("the column object is \(object[1] ?? "?"), not jsonb") }
            if object[2] != "true" { problems.append("the column object is not NOT NULL") }
        } else {
            problems.append("the column object is missing")
        }
        if let id = column("id") {
            if id[1] != "jsonb" { problems.append("the column id is \(id[1] ?? "?"), not jsonb") }
            if id[3] != "s" { problems.append("the column id is not generated from the object") }
        } else {
            problems.append("the column id is missing")
        }
        let primaryKey = try connection.execute(
            """
            SELECT string_agg(a.attname::text, ',') FROM pg_index i
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            WHERE i.indrelid = $1::oid AND i.indisprimary
            """, [oid]
        ).singleValue
        if primaryKey != "id" {
            problems.append("the primary key is \(primaryKey.map { "(\($0))" } ?? "missing"), not (id)")
        }
        return problems
    }

    /// What is wrong with the indexes of the table of an oid, in words; empty when they have
    /// the shape.
    ///
    /// - Parameters:
    ///   - oid: The table's oid, as text.
    ///   - connection: A connection, in the transaction that made the missing indexes.
    /// - Throws: ``PostgresError`` when a statement fails.
    func indexProblems(ofTable oid: String, on connection: PostgresConnection) throws(PostgresError) -> [String] {
        var problems: [String] = []
        let found = try connection.execute(
            """
            SELECT c.relname::text, i.indisunique::text, i.indnkeyatts::text, i.indisvalid::text
            FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = $1::oid
            """, [oid]
        ).values
        for index in indexes {
            let quoted = "\"\(index.name)\""
            guard let row = found.first(where: { $0.first == index.name }) else {
                problems.append("the index \(quoted) is missing (its name is taken by another relation)")
                continue
            }
            if (row[1] == "true") != index.isUnique {
                problems.append(
                    "the index \(quoted) is \(index.isUnique ? "not UNIQUE" : "UNIQUE, the schema's is not")")
            }
            if row[2] != String(index.columns) {
                problems.append("the index \(quoted) has \(row[2] ?? "?") columns, the schema's \(index.columns)")
            }
            if row[3] != "true" { problems.append("the index \(quoted) is invalid (a failed CREATE INDEX)") }
        }
        return problems
    }
}
