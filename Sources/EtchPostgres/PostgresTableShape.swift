/// The shape Etch makes a model's table in (format 2), which a table that carries Etch's
/// comment must have for the store to use it: the `object` column, the `id` column of the
/// id's type and the primary key, a column per indexed field of its type, and the schema's
/// indexes by name, each unique or not and of as many columns as the schema's.
///
/// A missing field column is not a problem: the schema indexed a field it did not before,
/// and ``PostgresModelTable/create(on:)`` adds the column, filled from the objects. The
/// indexes' expressions are not compared (PostgreSQL prints them in a form of its own): an
/// index of the right name, kind and width but another expression is trusted.
///
/// ```swift
/// try shape.columns(ofTable: oid, on: connection).problems  // ["the column id is missing"]
/// try shape.indexProblems(ofTable: oid, on: connection)      // ["the index \"Album unique catalog\" is not UNIQUE"]
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

    /// The id's column.
    let id: PostgresColumn
    /// The indexed fields' columns.
    var columns: [PostgresColumn] = []
    /// The schema's indexes, in schema order.
    var indexes: [Index] = []

    /// What is wrong with the columns of the table of an oid, in words (empty when they have
    /// the shape); the field columns it lacks; those it has that were not written for a
    /// while (their comment says so: the schema did not index their field); and Etch's
    /// columns of fields the schema no longer indexes, which writes no longer keep, by name.
    /// Checked before the missing indexes are made, which need the columns.
    ///
    /// - Parameters:
    ///   - oid: The table's oid, as text.
    ///   - connection: A connection.
    /// - Throws: ``PostgresError`` when a statement fails.
    func columns(ofTable oid: String, on connection: PostgresConnection) throws(PostgresError)
        -> (problems: [String], missing: [PostgresColumn], stale: [PostgresColumn], unused: [String: String])
    {
        var problems: [String] = []
        let found = try connection.execute(
            """
            SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull::text, a.attgenerated::text,
                c.collname::text, col_description(a.attrelid, a.attnum)
            FROM pg_attribute a LEFT JOIN pg_collation c ON c.oid = a.attcollation
            WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped
            """, [oid]
        ).values
        func column(_ name: String) -> [String?]? { found.first { $0.first == name } }
        if let object = column("object") {
            if object[1] != "jsonb" { problems.append("the column object is \(object[1] ?? "?"), not jsonb") }
            if object[2] != "true" { problems.append("the column object is not NOT NULL") }
        } else {
            problems.append("the column object is missing")
        }
        if let id = column("id") {
            problems += Self.problems(of: id, as: self.id)
        } else {
            problems.append("the column id is missing")
        }
        var missing: [PostgresColumn] = []
        var stale: [PostgresColumn] = []
        for expected in columns {
            guard let row = column(expected.name) else {
                missing.append(expected)
                continue
            }
            problems += Self.problems(of: row, as: expected)
            if row[5] != expected.comment { stale.append(expected) }
        }
        var unused: [String: String] = [:]
        for row in found {
            guard let name = row[0], let comment = row[5], comment.hasPrefix(PostgresColumn.comment(field: "")),
                !comment.hasSuffix(PostgresColumn.notWrittenSuffix), !columns.contains(where: { $0.name == name })
            else { continue }
            unused[name] = comment
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
        return (problems, missing, stale, unused)
    }

    /// What is wrong with a column found (a row of the query of ``columns(ofTable:on:)``)
    /// that should be `expected`.
    private static func problems(of found: [String?], as expected: PostgresColumn) -> [String] {
        var problems: [String] = []
        let name = expected.quoted
        if found[1] != expected.printedType {
            problems.append("the column \(name) is \(found[1] ?? "?"), not \(expected.printedType)")
        } else if expected.kind == .text, found[4] != "C" {
            problems.append("the column \(name) is not COLLATE \"C\"")
        }
        if found[3] == "s" { problems.append("the column \(name) is generated, not written by Etch") }
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
