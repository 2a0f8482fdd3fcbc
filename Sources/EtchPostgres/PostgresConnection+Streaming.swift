import CLibPQ
import Foundation

/// How far ``PostgresConnection/stream(_:_:waitingUpTo:rows:)`` got with a statement.
enum PostgresStreaming<Element: Sendable>: Sendable {
    /// Every row came in time, and was read.
    case answered([Element])
    /// The statement was sent and the rows read so far are these; the rest is still to
    /// come: ``PostgresConnection/awaitRows(_:_:readSoFar:rows:)`` reads it.
    case sent([Element])
    /// Nothing was sent, because the session has not prepared the statement yet or is in
    /// a transaction: ``PostgresConnection/execute(_:_:reading:)`` runs it.
    case notSent
}

extension PostgresConnection {
    /// Sends a statement the session holds prepared, outside any transaction, in libpq's
    /// single-row mode, and reads its rows on the calling thread as they come, waiting for
    /// them `budget` at most in all.
    ///
    /// The server sends rows as it finds them, some ten at a time, while it looks for the
    /// next: reading each as it comes (the store decodes an object per row) overlaps the
    /// client's work with the server's, where reading the whole result at its end does one
    /// after the other. A result of many rows takes about the longer of the two rather than
    /// their sum.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement with parameters.
    ///   - parameters: Its parameters in PostgreSQL's text format; `nil` for SQL `NULL`.
    ///   - budget: How long to wait for rows at most, all waits together.
    ///   - read: Reads a part of the result (one row, or none at its end) into elements.
    /// - Returns: The elements of every row, or how far the statement got.
    /// - Throws: What ``execute(_:_:reading:)`` throws, when the answer came.
    func stream<Element: Sendable>(
        _ sql: String, _ parameters: [String?], waitingUpTo budget: Duration,
        rows read: @Sendable (PostgresResult) throws(PostgresError) -> [Element]
    ) throws(PostgresError) -> PostgresStreaming<Element> {
        try Self.checkText(of: parameters)
        return try handle.withLock { (handle) throws(PostgresError) -> PostgresStreaming<Element> in
            let pointer = handle.pointer
            guard !parameters.isEmpty, PQtransactionStatus(pointer) == PQTRANS_IDLE,
                handle.statements.deallocations.isEmpty, let name = handle.statements.name(of: sql)
            else { return .notSent }
            let values = Self.cStrings(parameters)
            defer { for value in values { free(UnsafeMutablePointer(mutating: value)) } }
            guard PQsendQueryPrepared(pointer, name, Int32(values.count), values, nil, nil, 0) == 1 else {
                let error = Self.error(of: nil, on: pointer, statement: sql)
                handle.statements.removeAll()
                throw error
            }
            PQsetSingleRowMode(pointer)
            let clock = ContinuousClock()
            var (elements, remaining) = ([Element](), budget)
            let socket = PQsocket(pointer)
            while true {
                // Each result libpq holds whole, without waiting.
                while PQisBusy(pointer) == 0 {
                    guard let result = PQgetResult(pointer) else { return .answered(elements) }
                    guard
                        try Self.readRows(
                            of: result, sql, parameters, on: &handle, into: &elements, reading: read)
                    else { return .answered(elements) }
                }
                let start = clock.now
                guard remaining > .zero, Self.waitReadable(socket, upTo: remaining) else {
                    return .sent(elements)
                }
                remaining -= start.duration(to: clock.now)
                // A failed read leaves libpq not busy, with the connection's error as the result.
                PQconsumeInput(pointer)
            }
        }
    }

    /// Reads the rest of the rows of the statement ``stream(_:_:waitingUpTo:rows:)`` sent,
    /// blocking until they come.
    ///
    /// - Parameters:
    ///   - sql: The statement sent.
    ///   - parameters: Its parameters, to run it again prepared anew when the session forgot it.
    ///   - elements: The elements of the rows read so far.
    ///   - read: Reads a part of the result into elements.
    /// - Returns: The elements of every row.
    /// - Throws: What ``execute(_:_:reading:)`` throws.
    func awaitRows<Element: Sendable>(
        _ sql: String, _ parameters: [String?], readSoFar elements: [Element],
        rows read: @Sendable (PostgresResult) throws(PostgresError) -> [Element]
    ) throws(PostgresError) -> [Element] {
        try handle.withLock { (handle) throws(PostgresError) -> [Element] in
            var elements = elements
            while let result = PQgetResult(handle.pointer) {
                guard try Self.readRows(of: result, sql, parameters, on: &handle, into: &elements, reading: read)
                else { break }
            }
            return elements
        }
    }

    /// Reads one result of a streamed statement, which it clears: a row, the end of the
    /// rows, or the statement's error. A statement the session had forgotten is run again,
    /// prepared anew, whole.
    ///
    /// - Returns: Whether more results may follow (`false` once the statement was run again).
    /// - Throws: The statement's error, or what `read` throws, once the rest of the
    ///   statement's results were read and dropped.
    private static func readRows<Element>(
        of result: OpaquePointer, _ sql: String, _ parameters: [String?], on handle: inout Handle,
        into elements: inout [Element], reading read: @Sendable (PostgresResult) throws(PostgresError) -> [Element]
    ) throws(PostgresError) -> Bool {
        let pointer = handle.pointer
        defer { PQclear(result) }
        func dropRest() { while let rest = PQgetResult(pointer) { PQclear(rest) } }
        if PQresultStatus(result) == PGRES_SINGLE_TUPLE {
            do {
                elements += try read(PostgresResult(pointer: result))
            } catch {
                dropRest()
                throw error
            }
            return true
        }
        let checked: PostgresResult
        do {
            checked = try Self.checked(result, on: pointer, statement: sql)
        } catch {
            dropRest()
            // Sent outside any transaction: nothing was aborted. Rows come after the
            // statement was found prepared, so none were read.
            guard forget(after: error, sql, on: &handle) else { throw error }
            let values = cStrings(parameters)
            defer { for value in values { free(UnsafeMutablePointer(mutating: value)) } }
            elements = try executePrepared(sql, values, on: &handle, reading: read)
            return false
        }
        do {
            elements += try read(checked)
        } catch {
            dropRest()
            throw error
        }
        return true
    }
}
