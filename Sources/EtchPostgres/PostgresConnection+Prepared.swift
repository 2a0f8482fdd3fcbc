import CLibPQ

extension PostgresConnection {
    /// Runs a statement with parameters by the name it was prepared under, preparing it first
    /// when this session has not; see ``execute(_:_:)``.
    ///
    /// - Parameters:
    ///   - sql: The statement.
    ///   - values: Its parameters as C strings, at least one.
    ///   - handle: The connection, under its lock.
    ///   - read: Reads the successful result.
    static func executePrepared<Result>(
        _ sql: String, _ values: [UnsafePointer<CChar>?], on handle: inout Handle,
        reading read: @Sendable (PostgresResult) throws(PostgresError) -> Result
    ) throws(PostgresError) -> Result {
        let pointer = handle.pointer
        if PQtransactionStatus(pointer) == PQTRANS_IDLE && !handle.statements.deallocations.isEmpty {
            // Between transactions, where a DEALLOCATE that fails (the server forgot the
            // statement already) aborts nothing.
            for name in handle.statements.takeDeallocations() { PQclear(PQexec(pointer, "DEALLOCATE \(name)")) }
        }
        var retried = false
        while true {
            let name = try prepare(sql, on: &handle)
            let wasIdle = PQtransactionStatus(pointer) == PQTRANS_IDLE
            let result = PQexecPrepared(pointer, name, Int32(values.count), values, nil, nil, 0)
            defer { PQclear(result) }
            var checked: PostgresResult
            do {
                checked = try Self.checked(result, on: pointer, statement: sql)
            } catch {
                // Run again once, prepared anew, when no transaction was aborted by the failure.
                guard forget(after: error, sql, on: &handle) && wasIdle && !retried else { throw error }
                retried = true
                continue
            }
            // Outside the `do`: what the reader throws is not the server's answer.
            checked.decoder = handle.decoder
            return try read(checked)
        }
    }

    /// Forgets what a prepared statement's failure says the session no longer holds: every
    /// statement when the session ended or forgot them, this one when its plan no longer
    /// fits its tables.
    ///
    /// - Returns: Whether the statement may succeed prepared anew.
    static func forget(after error: PostgresError, _ sql: String, on handle: inout Handle) -> Bool {
        guard case .serverError(let sqlState, _, _, _, _) = error else {
            handle.statements.removeAll()  // The session ended.
            return false
        }
        switch sqlState {
        case "26000":  // invalid_sql_statement_name: the session forgot its statements.
            handle.statements.removeAll()
        case "0A000":  // feature_not_supported: "cached plan must not change result type".
            handle.statements.remove(sql)
        default:
            return false
        }
        return true
    }

    /// The name a statement is prepared under on this session, preparing it when it is not.
    static func prepare(_ sql: String, on handle: inout Handle) throws(PostgresError) -> String {
        if let name = handle.statements.name(of: sql) { return name }
        let pointer = handle.pointer
        let name = handle.statements.add(sql)
        // The parameters' types come from the statement (`$1::jsonb`), as for PQexecParams.
        let result = PQprepare(pointer, name, sql, 0, nil)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK else {
            let error = error(of: result, on: pointer, statement: sql)
            if PQstatus(pointer) == CONNECTION_OK {
                handle.statements.remove(sql)
            } else {
                handle.statements.removeAll()
            }
            throw error
        }
        return name
    }

    /// Opens the connection's session anew, with the same settings: after the server ended
    /// it (a restart, a terminated backend), or to start from a clean session. The
    /// statements it had prepared and the channels it listened on are forgotten.
    ///
    /// - Throws: ``PostgresError`` when the server cannot be reached, as
    ///   ``init(connectionString:preparedStatements:)`` does.
    public func reset() throws(PostgresError) {
        try handle.withLock { (handle) throws(PostgresError) in
            handle.statements.removeAll()
            let pointer = handle.pointer
            PQreset(pointer)
            guard PQstatus(pointer) == CONNECTION_OK else { throw Self.connectionError(pointer) }
            if PQparameterStatus(pointer, "standard_conforming_strings").map({ String(cString: $0) }) != "on" {
                let result = PQexec(pointer, "SET standard_conforming_strings = on")
                defer { PQclear(result) }
                _ = try Self.checked(result, on: pointer, statement: "SET standard_conforming_strings = on")
            }
        }
    }

    /// How many statements the connection holds prepared on its session.
    package var preparedStatementCount: Int {
        handle.withLock { $0.statements.count }
    }
}
