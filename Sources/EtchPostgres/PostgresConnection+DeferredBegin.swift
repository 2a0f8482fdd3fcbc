import CLibPQ
import Foundation

extension PostgresConnection {
    /// Opens a transaction whose `BEGIN` waits to be sent with the transaction's first
    /// statement that has parameters, both at once (libpq's pipeline mode): one round trip
    /// rather than two. A first statement without parameters (`COMMIT`, DDL, a string of
    /// several statements, which pipeline mode cannot carry) has `BEGIN` sent alone before it.
    ///
    /// The server runs the statement only when `BEGIN` succeeded, so the transaction is the
    /// same as with `BEGIN` sent first; its snapshot is taken at its first statement either way.
    /// ``pendingBeginFailure`` says when the connection was found lost at `BEGIN`, before
    /// anything of the transaction ran.
    ///
    /// ```swift
    /// connection.beginWithFirstStatement("BEGIN ISOLATION LEVEL SERIALIZABLE")
    /// let rows = try connection.execute("SELECT n FROM counters WHERE name = $1", ["visits"])  // one round trip
    /// ```
    ///
    /// - Parameter begin: The `BEGIN` statement, without parameters.
    package func beginWithFirstStatement(_ begin: String) {
        handle.withLock { handle in
            handle.pendingBegin = begin
            handle.beginFailure = nil
        }
    }

    /// Drops a `BEGIN` that ``beginWithFirstStatement(_:)`` still holds unsent: the
    /// transaction sent nothing, so there is nothing to commit or roll back.
    ///
    /// - Returns: Whether a `BEGIN` was unsent.
    package func discardUnsentBegin() -> Bool {
        handle.withLock { handle in
            defer { handle.pendingBegin = nil }
            return handle.pendingBegin != nil
        }
    }

    /// The error of a connection found lost when the deferred `BEGIN` was sent, before the
    /// server began the transaction (nothing of it ran); taken once.
    package func takeBeginFailure() -> PostgresError? {
        handle.withLock { handle in
            defer { handle.beginFailure = nil }
            return handle.beginFailure
        }
    }

    /// Sends the `BEGIN` the handle holds, if any, alone: for a statement that cannot go
    /// with it in a pipeline.
    static func sendPendingBegin(on handle: inout Handle) throws(PostgresError) {
        guard let begin = handle.pendingBegin else { return }
        handle.pendingBegin = nil
        let pointer = handle.pointer
        let result = PQexec(pointer, begin)
        defer { PQclear(result) }
        do {
            _ = try checked(result, on: pointer, statement: begin)
        } catch {
            if case .connectionLost = error { handle.beginFailure = error }
            throw error
        }
    }

    /// Runs a statement with parameters right after the `BEGIN` the handle holds, both sent
    /// at once, and hands its result to `read`.
    ///
    /// A statement the session has not prepared is prepared in the same pipeline, after
    /// `BEGIN`, so that its failure aborts the transaction as it would have with `BEGIN`
    /// sent first; it is then run by name, as ``executePrepared(_:_:on:reading:)`` does.
    static func executeAfterBegin<Result>(
        _ begin: String, _ sql: String, _ values: [UnsafePointer<CChar>?], on handle: inout Handle,
        reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) throws(PostgresError) -> Result {
        handle.pendingBegin = nil
        let pointer = handle.pointer
        if !handle.statements.deallocations.isEmpty {
            // Still between transactions, where a DEALLOCATE that fails aborts nothing.
            for name in handle.statements.takeDeallocations() { PQclear(PQexec(pointer, "DEALLOCATE \(name)")) }
        }
        let preparedName = handle.statements.name(of: sql)
        let name = preparedName ?? handle.statements.add(sql)
        guard PQenterPipelineMode(pointer) == 1 else {
            if preparedName == nil { handle.statements.remove(sql) }
            throw .unexpectedResult(statement: sql, reason: "libpq could not enter pipeline mode")
        }
        defer { PQexitPipelineMode(pointer) }
        // The parameters' types come from the statement (`$1::jsonb`), as for PQexecParams.
        guard PQsendQueryParams(pointer, begin, 0, nil, nil, nil, nil, 0) == 1,
            preparedName != nil || PQsendPrepare(pointer, name, sql, 0, nil) == 1,
            PQsendQueryPrepared(pointer, name, Int32(values.count), values, nil, nil, 0) == 1,
            PQpipelineSync(pointer) == 1
        else {
            throw failedPipeline(Self.error(of: nil, on: pointer, statement: begin), sql, on: &handle)
        }
        do throws(PostgresError) {
            try takeCommandResult(begin, on: pointer)
            if preparedName == nil { try takeCommandResult(sql, on: pointer) }
        } catch {
            throw failedPipeline(error, sql, on: &handle)
        }
        let result = PQgetResult(pointer)
        defer {
            PQclear(result)
            drainPipeline(pointer)
        }
        let checkedResult: PostgresResult
        do {
            checkedResult = try checked(result, on: pointer, statement: sql)
        } catch {
            // Inside the transaction now: its error is thrown, as any other statement's.
            _ = forget(after: error, sql, on: &handle)
            throw error
        }
        return try read(checkedResult)
    }

    /// Reads the result of a pipelined statement that returns no rows (`BEGIN`, a prepare)
    /// and the null that ends its results.
    private static func takeCommandResult(_ statement: String, on pointer: OpaquePointer) throws(PostgresError) {
        let result = PQgetResult(pointer)
        defer { PQclear(result) }
        _ = try checked(result, on: pointer, statement: statement)
        PQclear(PQgetResult(pointer))
    }

    /// Reads what is left of a pipeline that failed before its statement ran, forgets the
    /// statement when it was being prepared, and records a lost connection as lost at
    /// `BEGIN`: the transaction did not run.
    private static func failedPipeline(
        _ error: PostgresError, _ sql: String, on handle: inout Handle
    ) -> PostgresError {
        drainPipeline(handle.pointer)
        handle.statements.remove(sql)
        if case .connectionLost = error {
            handle.statements.removeAll()
            handle.beginFailure = error
        }
        return error
    }
}
