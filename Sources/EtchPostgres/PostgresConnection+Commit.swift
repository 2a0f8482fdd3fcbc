import CLibPQ
import Foundation

extension PostgresConnection {
    /// Runs a statement with parameters as the last of the open transaction, then `COMMIT`,
    /// both sent at once (libpq's pipeline mode): one round trip rather than two.
    ///
    /// The server runs `COMMIT` only when the statement succeeded; when it failed, the
    /// transaction is left failed, to roll back, and the statement's error is thrown. The
    /// history's last statement uses it, so that the lock it takes until `COMMIT` is held
    /// for the server's work alone, not for one more round trip.
    ///
    /// A statement to run once the transaction committed (`after`) goes in the same round
    /// trip, as a transaction of its own; it runs only when the transaction ended (committed,
    /// or rolled back by a failing `COMMIT`), and its outcome is not reported. On a connection
    /// with no open transaction, or a failed one, the statement runs alone and `after` not.
    ///
    /// ```swift
    /// try connection.execute("BEGIN")
    /// let rows = try connection.executeAndCommit("INSERT INTO log (line) VALUES ($1) RETURNING id", ["it's"])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: One SQL statement with at least one parameter, prepared as ``execute(_:_:)``
    ///     prepares it.
    ///   - parameters: Its parameters in PostgreSQL's text format; `nil` for SQL `NULL`.
    ///   - after: A statement with at least one parameter to run after `COMMIT`, or `nil`.
    ///   - afterParameters: Its parameters.
    /// - Returns: The statement's rows.
    /// - Throws: The statement's error, as ``execute(_:_:)`` throws it (nothing committed);
    ///   `COMMIT`'s (a serialization failure, SQLSTATE 40001, rolled the transaction back);
    ///   ``PostgresError/connectionLost(sqlState:reason:duringCommit:)`` when the connection
    ///   ended, `duringCommit` when the statement's rows had come (the outcome is unknown).
    @discardableResult
    package func executeAndCommit(
        _ sql: String, _ parameters: [String?], then after: String? = nil, _ afterParameters: [String?] = []
    ) throws(PostgresError) -> PostgresRows {
        try Self.checkText(of: parameters)
        try Self.checkText(of: afterParameters)
        return try handle.withLock { (handle) throws(PostgresError) -> PostgresRows in
            let pointer = handle.pointer
            // A transaction that sent nothing yet: its BEGIN first.
            try Self.sendPendingBegin(on: &handle)
            guard PQtransactionStatus(pointer) == PQTRANS_INTRANS else {
                // A failed transaction (or none): the statement alone, which reports it.
                let values = Self.cStrings(parameters)
                defer { for value in values { free(UnsafeMutablePointer(mutating: value)) } }
                let result = PQexecParams(pointer, sql, Int32(values.count), nil, values, nil, nil, 0)
                defer { PQclear(result) }
                return try Self.checked(result, on: pointer, statement: sql).rows
            }
            let name = try Self.prepare(sql, on: &handle)
            let afterName = try after.map { (after) throws(PostgresError) in try Self.prepare(after, on: &handle) }
            let values = Self.cStrings(parameters)
            let afterValues = Self.cStrings(afterParameters)
            defer { for value in values + afterValues { free(UnsafeMutablePointer(mutating: value)) } }
            do throws(PostgresError) {
                return try Self.pipeline(
                    name, values, sql: sql, then: afterName.map { ($0, afterValues) }, on: pointer)
            } catch {
                if case .connectionLost = error { handle.statements.removeAll() }
                throw error
            }
        }
    }

    /// Sends the prepared statement, `COMMIT` and a sync at once, and the prepared statement
    /// `after` and its own sync when there is one, then reads their results.
    private static func pipeline(
        _ name: String, _ values: [UnsafePointer<CChar>?], sql: String,
        then after: (name: String, values: [UnsafePointer<CChar>?])?, on pointer: OpaquePointer
    ) throws(PostgresError) -> PostgresRows {
        guard PQenterPipelineMode(pointer) == 1 else {
            throw .unexpectedResult(statement: sql, reason: "libpq could not enter pipeline mode")
        }
        defer { PQexitPipelineMode(pointer) }
        let syncs = after == nil ? 1 : 2
        // After the sync, `after` runs in a transaction of its own, or fails at once in a
        // transaction that the statement's failure left failed (then nothing committed).
        guard PQsendQueryPrepared(pointer, name, Int32(values.count), values, nil, nil, 0) == 1,
            PQsendQueryParams(pointer, "COMMIT", 0, nil, nil, nil, nil, 0) == 1, PQpipelineSync(pointer) == 1,
            after.map({ PQsendQueryPrepared(pointer, $0.name, Int32($0.values.count), $0.values, nil, nil, 0) == 1 })
                ?? true,
            after == nil || PQpipelineSync(pointer) == 1
        else {
            let error = Self.error(of: nil, on: pointer, statement: sql)
            drainPipeline(pointer, syncs: syncs)
            throw error
        }
        let statement = PQgetResult(pointer)
        defer { PQclear(statement) }
        let rows: PostgresRows
        do {
            rows = try checked(statement, on: pointer, statement: sql).rows
        } catch {
            drainPipeline(pointer, syncs: syncs)
            throw error
        }
        // The statement's results end with a null, then COMMIT's come.
        PQclear(PQgetResult(pointer))
        let commit = PQgetResult(pointer)
        defer { PQclear(commit) }
        do {
            _ = try checked(commit, on: pointer, statement: "COMMIT")
        } catch {
            drainPipeline(pointer, syncs: syncs)
            throw error
        }
        drainPipeline(pointer, syncs: syncs)
        return rows
    }

    /// Reads and drops the results left up to the pipeline's `syncs`th sync, or until the
    /// connection ends. Two nulls in a row: nothing more is coming (the sync was not sent).
    static func drainPipeline(_ pointer: OpaquePointer, syncs: Int = 1) {
        var (nulls, left) = (0, syncs)
        while PQstatus(pointer) == CONNECTION_OK && nulls < 2 {
            guard let result = PQgetResult(pointer) else {
                nulls += 1
                continue
            }
            nulls = 0
            let status = PQresultStatus(result)
            PQclear(result)
            if status == PGRES_PIPELINE_SYNC {
                left -= 1
                if left == 0 { return }
            }
        }
    }
}
