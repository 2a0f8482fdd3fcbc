/// The rows a statement returned, in PostgreSQL's text format, read by hand from libpq's
/// result: column names, then each row's values (`nil` for SQL `NULL`).
///
/// ```swift
/// let rows = try connection.execute("SELECT $1::int + 1 AS next", ["41"])
/// rows.columns  // ["next"]
/// rows.values   // [["42"]]
/// ```
public struct PostgresRows: Sendable, Equatable {
    /// The result's column names, in order.
    public let columns: [String]
    /// Each row's values, in column order, as text; `nil` for SQL `NULL`.
    public let values: [[String?]]
    /// The number of rows an `INSERT`, `UPDATE`, `DELETE` or `SELECT` touched, from the
    /// command tag; 0 for other statements.
    public let affectedRows: Int

    /// Makes a result from its parts.
    ///
    /// - Parameters:
    ///   - columns: The column names.
    ///   - values: Each row's values, in column order.
    ///   - affectedRows: The number of rows the statement touched.
    public init(columns: [String], values: [[String?]], affectedRows: Int) {
        self.columns = columns
        self.values = values
        self.affectedRows = affectedRows
    }

    /// The value of the first row's first column: what a one-value query answers; `nil`
    /// for no rows or SQL `NULL`.
    public var singleValue: String? { values.first?.first ?? nil }
}
