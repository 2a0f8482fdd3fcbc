import CLibPQ
import Etch

/// A statement's result as libpq holds it, read in place: what
/// ``PostgresConnection/execute(_:_:reading:)`` hands its reader, which must not keep it (libpq
/// frees it when the reader returns).
///
/// Reading a value's bytes where libpq put them spares the copies of ``PostgresRows``
/// (a `String` per value, an array per row): the store decodes its objects straight from
/// them.
///
/// ```swift
/// let lengths = try connection.execute("SELECT object FROM \"Album\"", []) { result in
///     (0..<result.rowCount).map { row in result.withBytes(row: row, column: 0) { $0.count } }
/// }
/// ```
package struct PostgresResult {
    /// libpq's result, successful (`PGRES_TUPLES_OK` or `PGRES_COMMAND_OK`).
    let pointer: OpaquePointer
    /// The connection's decoder of stored objects, which the results it reads share (see
    /// ``PostgresConnection/Handle/decoder``); `nil` where the result was read without it.
    var decoder: JSONRecordDecoder?

    /// The number of rows.
    package var rowCount: Int { Int(PQntuples(pointer)) }

    /// The number of columns.
    package var columnCount: Int { Int(PQnfields(pointer)) }

    /// Whether a value is SQL `NULL`.
    package func isNull(row: Int, column: Int) -> Bool {
        PQgetisnull(pointer, Int32(row), Int32(column)) == 1
    }

    /// Calls `body` with a value's bytes in PostgreSQL's text format (empty for `NULL`),
    /// valid during the call only.
    package func withBytes<Value, Failure: Error>(
        row: Int, column: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let (row, column) = (Int32(row), Int32(column))
        return try body(
            UnsafeRawBufferPointer(
                start: PQgetvalue(pointer, row, column), count: Int(PQgetlength(pointer, row, column))))
    }

    /// A value as text; `nil` for SQL `NULL`.
    package func text(row: Int, column: Int) -> String? {
        guard !isNull(row: row, column: column) else { return nil }
        return withBytes(row: row, column: column) { String(decoding: $0, as: UTF8.self) }
    }

    /// The number of rows an `INSERT`, `UPDATE`, `DELETE` or `SELECT` touched, from the
    /// command tag; 0 for other statements.
    package var affectedRows: Int {
        Int(String(cString: PQcmdTuples(pointer))) ?? 0
    }

    /// The result copied into ``PostgresRows``, which outlives it.
    package var rows: PostgresRows {
        let columns = (0..<Int32(columnCount)).map { String(cString: PQfname(pointer, $0)) }
        var values: [[String?]] = []
        values.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            values.append((0..<columns.count).map { text(row: row, column: $0) })
        }
        return PostgresRows(columns: columns, values: values, affectedRows: affectedRows)
    }
}
