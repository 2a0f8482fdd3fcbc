import CLibPQ
import Foundation

/// How far ``PostgresConnection/send(_:_:waitingUpTo:into:)`` got with a statement whose rows
/// are read as they come.
enum PostgresStreaming<Reader: PostgresRowReader>: Sendable {
    /// Every row came in time, and was read: the reader's answer.
    case answered(Reader.Answer)
    /// The statement was sent and the rows that came in time were read:
    /// ``PostgresConnection/awaitRows(_:_:of:)`` reads the rest.
    case sent(PostgresRowStream<Reader>)
    /// Nothing was sent, because the session has not prepared the statement yet or is in
    /// a transaction: ``PostgresConnection/execute(_:_:into:)`` runs it.
    case notSent
}

/// A statement's rows read so far: the reader that read them, and whether it read any (a
/// statement run again, prepared anew, must start from an untouched reader).
struct PostgresRowStream<Reader: PostgresRowReader>: Sendable {
    /// The reader, as it is after the rows read so far.
    var reader: Reader
    /// The reader before any row, for a statement run again.
    let untouched: Reader
    /// Whether any row was read.
    var hasRows = false

    init(_ reader: Reader) {
        self.reader = reader
        self.untouched = reader
    }
}

extension PostgresConnection {
    /// Sends a statement the session holds prepared, outside any transaction, in single-row
    /// mode, and reads its rows on the calling thread as they come, while the server still
    /// works on the later ones, waiting for them up to `budget` in all.
    ///
    /// Only the time spent waiting for the server counts against `budget`, not the time
    /// spent reading: a statement that waits (a lock, a slow network) holds the calling
    /// thread `budget` at most, and the rows that come meanwhile are read as they come.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement with parameters.
    ///   - parameters: Its parameters in PostgreSQL's text format; `nil` for SQL `NULL`.
    ///   - budget: How long to wait for the server at most.
    ///   - reader: Reads the rows.
    /// - Returns: The reader's answer, or how far the statement got.
    /// - Throws: What ``execute(_:_:reading:)`` throws, and what the reader throws, when the
    ///   statement ended in time.
    func send<Reader: PostgresRowReader>(
        _ sql: String, _ parameters: [String?], waitingUpTo budget: Duration, into reader: Reader
    ) throws(PostgresError) -> PostgresStreaming<Reader> {
        try Self.checkText(of: parameters)
        return try handle.withLock { (handle) throws(PostgresError) -> PostgresStreaming<Reader> in
            guard try Self.sendPreparedOutsideTransaction(sql, parameters, on: &handle) else { return .notSent }
            // Fails only when called at the wrong time; the rows then come as one result,
            // which the reader reads as well.
            _ = PQsetSingleRowMode(handle.pointer)
            var stream = PostgresRowStream(reader)
            guard let answer = try Self.readRows(sql, parameters, of: &stream, on: &handle, waitingUpTo: budget)
            else { return .sent(stream) }
            return .answered(answer)
        }
    }

    /// Reads the rest of the rows of the statement ``send(_:_:waitingUpTo:into:)`` sent,
    /// blocking until they come.
    ///
    /// - Parameters:
    ///   - sql: The statement sent.
    ///   - parameters: Its parameters, to run it again prepared anew when the session forgot it.
    ///   - stream: The rows read so far.
    /// - Returns: The reader's answer.
    /// - Throws: What ``execute(_:_:reading:)`` throws, and what the reader throws.
    func awaitRows<Reader: PostgresRowReader>(
        _ sql: String, _ parameters: [String?], of stream: PostgresRowStream<Reader>
    ) throws(PostgresError) -> Reader.Answer {
        try handle.withLock { (handle) throws(PostgresError) -> Reader.Answer in
            var stream = stream
            // Without a budget, the read blocks until the statement ends: it has an answer.
            guard let answer = try Self.readRows(sql, parameters, of: &stream, on: &handle, waitingUpTo: nil) else {
                throw .unexpectedResult(statement: sql, reason: "the rows stopped before the statement ended")
            }
            return answer
        }
    }

    /// Runs a statement as ``execute(_:_:reading:)`` does, its rows read by `reader` as one piece.
    ///
    /// - Throws: What ``execute(_:_:reading:)`` throws, and what the reader throws.
    func execute<Reader: PostgresRowReader>(
        _ sql: String, _ parameters: [String?], into reader: Reader
    ) throws(PostgresError) -> Reader.Answer {
        try execute(sql, parameters) { result throws(PostgresError) in
            var reader = reader
            try reader.read(result)
            return reader.answer()
        }
    }

    /// Reads the results of the statement sent, a row at a time, until the statement ends
    /// or, with a budget, until the time spent waiting for the server reaches it.
    ///
    /// A failure after some rows throws, the rows read are dropped with the reader, and the
    /// connection reads what is left of the statement's results, so that it can run the next
    /// one. A statement the session had forgotten is run again, prepared anew, with the
    /// untouched reader.
    ///
    /// - Returns: The reader's answer once the statement ended; `nil` when the budget ran out.
    private static func readRows<Reader: PostgresRowReader>(
        _ sql: String, _ parameters: [String?], of stream: inout PostgresRowStream<Reader>, on handle: inout Handle,
        waitingUpTo budget: Duration?
    ) throws(PostgresError) -> Reader.Answer? {
        let pointer = handle.pointer
        var waiting = budget.map { PostgresWaitBudget(socket: PQsocket(pointer), budget: $0) }
        func dropRest() { while let rest = PQgetResult(pointer) { PQclear(rest) } }
        while true {
            if waiting != nil {
                // A result is complete in what came, or the connection failed (its error is
                // the next result).
                while PQisBusy(pointer) == 1 {
                    guard waiting?.waitReadable() == true else { return nil }
                    guard PQconsumeInput(pointer) == 1 else { break }
                }
            }
            guard let result = PQgetResult(pointer) else {
                return stream.reader.answer()
            }
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_SINGLE_TUPLE, PGRES_TUPLES_OK, PGRES_COMMAND_OK:
                let ended = PQresultStatus(result) != PGRES_SINGLE_TUPLE
                do {
                    try stream.reader.read(PostgresResult(pointer: result, decoder: handle.decoder))
                } catch {
                    dropRest()
                    throw error
                }
                stream.hasRows = true
                guard ended else { continue }
                dropRest()
                return stream.reader.answer()
            default:
                let error = Self.error(of: result, on: pointer, statement: sql)
                dropRest()
                // Sent outside any transaction: nothing was aborted.
                guard !stream.hasRows, forget(after: error, sql, on: &handle) else { throw error }
                let values = cStrings(parameters)
                defer { for value in values { free(UnsafeMutablePointer(mutating: value)) } }
                let reader = stream.untouched
                return try executePrepared(sql, values, on: &handle) { result throws(PostgresError) in
                    var reader = reader
                    try reader.read(result)
                    return reader.answer()
                }
            }
        }
    }
}

/// What is left of the time a read may wait for the server on the caller's thread.
struct PostgresWaitBudget {
    /// The connection's socket.
    let socket: Int32
    /// The time left.
    var budget: Duration

    /// Sleeps until the socket has something to read, charging the time slept to the budget.
    ///
    /// - Returns: Whether the socket may be read; `false` once the budget is spent, or for a
    ///   socket that cannot be watched.
    mutating func waitReadable() -> Bool {
        guard budget > .zero else { return false }
        let clock = ContinuousClock()
        let start = clock.now
        guard PostgresConnection.waitReadable(socket, upTo: budget) else { return false }
        budget -= start.duration(to: clock.now)
        return true
    }
}
