import CLibPQ
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How far ``PostgresConnection/send(_:_:waitingUpTo:reading:)`` got with a statement.
enum PostgresSending<Result: Sendable>: Sendable {
    /// The answer came in time, and was read.
    case answered(Result)
    /// The statement was sent and its answer is still to come:
    /// ``PostgresConnection/awaitAnswer(_:_:reading:)`` reads it.
    case sent
    /// Nothing was sent, because the session has not prepared the statement yet or is in
    /// a transaction: ``PostgresConnection/execute(_:_:reading:)`` runs it.
    case notSent
}

extension PostgresConnection {
    /// Sends a statement the session holds prepared, outside any transaction, and waits for
    /// its answer up to `budget` on the calling thread; the answer, when it came, is read.
    ///
    /// The store's reads use it from the caller's thread, so that a quick answer costs no
    /// hop to the connection's thread and back; an answer that takes longer (a lock, a slow
    /// network, many rows) is awaited on the connection's thread, so that the caller's
    /// thread is held `budget` at most.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement with parameters.
    ///   - parameters: Its parameters in PostgreSQL's text format; `nil` for SQL `NULL`.
    ///   - budget: How long to wait for the answer at most.
    ///   - read: Reads the successful result.
    /// - Returns: The result read, or how far the statement got.
    /// - Throws: What ``execute(_:_:reading:)`` throws, when the answer came.
    func send<Result: Sendable>(
        _ sql: String, _ parameters: [String?], waitingUpTo budget: Duration,
        reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) throws(PostgresError) -> PostgresSending<Result> {
        try Self.checkText(of: parameters)
        return try handle.withLock { (handle) throws(PostgresError) -> PostgresSending<Result> in
            guard try Self.sendPreparedOutsideTransaction(sql, parameters, on: &handle) else { return .notSent }
            guard Self.answerCame(handle.pointer, within: budget) else { return .sent }
            return .answered(try Self.answer(sql, parameters, on: &handle, reading: read))
        }
    }

    /// Sends a statement the session holds prepared, without waiting for its answer, when
    /// the connection is outside any transaction with nothing pending; the step that
    /// ``send(_:_:waitingUpTo:reading:)`` and ``send(_:_:waitingUpTo:into:)`` share.
    ///
    /// - Returns: Whether it was sent; `false` for a statement without parameters, one the
    ///   session has not prepared yet, or a connection in a transaction.
    /// - Throws: The connection's error when libpq could not send it (the session's
    ///   statements are then forgotten).
    static func sendPreparedOutsideTransaction(
        _ sql: String, _ parameters: [String?], on handle: inout Handle
    ) throws(PostgresError) -> Bool {
        let pointer = handle.pointer
        guard !parameters.isEmpty, PQtransactionStatus(pointer) == PQTRANS_IDLE, handle.pendingBegin == nil,
            handle.statements.deallocations.isEmpty, let name = handle.statements.name(of: sql)
        else { return false }
        let values = cStrings(parameters)
        defer { for value in values { free(UnsafeMutablePointer(mutating: value)) } }
        guard PQsendQueryPrepared(pointer, name, Int32(values.count), values, nil, nil, 0) == 1 else {
            let error = Self.error(of: nil, on: pointer, statement: sql)
            handle.statements.removeAll()
            throw error
        }
        return true
    }

    /// Reads the answer to the statement ``send(_:_:waitingUpTo:reading:)`` sent, blocking
    /// until it comes.
    ///
    /// - Parameters:
    ///   - sql: The statement sent.
    ///   - parameters: Its parameters, to run it again prepared anew when the session forgot it.
    ///   - read: Reads the successful result.
    /// - Returns: What `read` returns.
    /// - Throws: What ``execute(_:_:reading:)`` throws.
    func awaitAnswer<Result: Sendable>(
        _ sql: String, _ parameters: [String?], reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) throws(PostgresError) -> Result {
        try handle.withLock { (handle) throws(PostgresError) -> Result in
            try Self.answer(sql, parameters, on: &handle, reading: read)
        }
    }

    /// Whether the answer to what was sent came within `budget`, or the connection failed
    /// (its error is then the answer): reads what the server sent, sleeping on the socket
    /// between reads.
    private static func answerCame(_ pointer: OpaquePointer, within budget: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + budget
        let socket = PQsocket(pointer)
        while true {
            // Waits first: nothing of the answer can be in before the statement is.
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero, waitReadable(socket, upTo: remaining) else { return false }
            guard PQconsumeInput(pointer) == 1, PQisBusy(pointer) == 1 else { return true }
        }
    }

    /// Sleeps until a socket has something to read or `duration` passed (`select(2)`, whose
    /// timeout counts microseconds, where `poll(2)`'s counts milliseconds).
    ///
    /// - Returns: `false` for a socket `select` cannot watch (over `FD_SETSIZE`).
    static func waitReadable(_ socket: Int32, upTo duration: Duration) -> Bool {
        var readable = fd_set()
        guard socket >= 0, Int(socket) < MemoryLayout<fd_set>.size * 8 else { return false }
        // FD_SET, a macro Swift does not import: the socket's bit in an array of words (glibc's
        // `long`s; Darwin's 32-bit words lie alike in a little-endian 64-bit one).
        let (word, bit) = Int(socket).quotientAndRemainder(dividingBy: Int.bitWidth)
        withUnsafeMutableBytes(of: &readable) { raw in
            let offset = word * MemoryLayout<Int>.stride
            raw.storeBytes(
                of: raw.load(fromByteOffset: offset, as: Int.self) | 1 << bit, toByteOffset: offset, as: Int.self)
        }
        let (seconds, attoseconds) = duration.components
        var timeout = timeval(tv_sec: .init(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
        _ = select(socket + 1, &readable, nil, nil, &timeout)
        return true
    }

    /// Reads the answer to the statement sent and the end of its results, blocking until
    /// they come; runs the statement again, prepared anew, when the session had forgotten it.
    private static func answer<Result>(
        _ sql: String, _ parameters: [String?], on handle: inout Handle,
        reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) throws(PostgresError) -> Result {
        let pointer = handle.pointer
        let result = PQgetResult(pointer)
        defer {
            PQclear(result)
            while let rest = PQgetResult(pointer) { PQclear(rest) }
        }
        var checked: PostgresResult
        do {
            checked = try Self.checked(result, on: pointer, statement: sql)
        } catch {
            // Sent outside any transaction: nothing was aborted.
            guard forget(after: error, sql, on: &handle) else { throw error }
            while let rest = PQgetResult(pointer) { PQclear(rest) }
            let values = cStrings(parameters)
            defer { for value in values { free(UnsafeMutablePointer(mutating: value)) } }
            return try executePrepared(sql, values, on: &handle, reading: read)
        }
        checked.decoder = handle.decoder
        return try read(checked)
    }
}
