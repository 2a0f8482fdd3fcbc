/// Reads a statement's rows as they come from the server, a piece at a time, and makes one
/// answer of them: what ``PostgresConnectionPool/query(_:_:into:)`` hands each piece.
///
/// A read sent from the caller's thread comes in single-row mode (`PQsetSingleRowMode`): each
/// row is a piece of its own, read as soon as it is in, while the server still works on the
/// later ones, so that reading and the server's work overlap. A read run otherwise (the first
/// time the session prepares its statement) comes as one piece. A reader must give the same
/// answer however its rows are cut, and is dropped when the statement fails after some rows:
/// its answer is then never asked for.
///
/// ```swift
/// struct Lengths: PostgresRowReader {
///     var lengths: [Int] = []
///     mutating func read(_ rows: PostgresResult) throws(PostgresError) {
///         for row in 0..<rows.rowCount { lengths.append(rows.withBytes(row: row, column: 0) { $0.count }) }
///     }
///     consuming func answer() -> [Int] { lengths }
/// }
/// ```
package protocol PostgresRowReader: Sendable {
    /// What the reader makes of the rows.
    associatedtype Answer: Sendable

    /// Reads the next rows, in the statement's order; the piece is valid during the call only.
    ///
    /// - Throws: Whatever stops the read: the statement's other rows are then read and
    ///   dropped, so that the connection can run the next statement, and the error thrown.
    mutating func read(_ rows: PostgresResult) throws(PostgresError)

    /// The answer, once every row was read.
    consuming func answer() -> Answer
}
