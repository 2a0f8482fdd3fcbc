import CLibPQ

/// The hand-written side's connection: libpq called directly, as a server developer writes
/// it without Etch. Statements are prepared once and run with text parameters; results are
/// read in text format, straight from libpq's buffers.
final class BaselineConnection {
    /// libpq's connection.
    let pointer: OpaquePointer

    /// Thrown when libpq or the server reports an error; the message is theirs.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to the server of a connection string.
    init(connectionString: String) throws(Failure) {
        guard let pointer = PQconnectdb(connectionString) else { throw Failure(description: "PQconnectdb failed") }
        guard PQstatus(pointer) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(pointer))
            PQfinish(pointer)
            throw Failure(description: message)
        }
        etch_pq_ignore_notices(pointer)
        self.pointer = pointer
    }

    deinit { PQfinish(pointer) }

    /// Runs SQL without parameters (DDL, `BEGIN`, `COMMIT`).
    func execute(_ sql: String) throws(Failure) {
        let result = PQexec(pointer, sql)
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Prepares a statement under a name.
    func prepare(_ name: String, _ sql: String) throws(Failure) {
        let result = PQprepare(pointer, name, sql, 0, nil)
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Runs a prepared statement with text parameters and hands its result to `read`, which
    /// must not keep it.
    func run<Result>(
        _ name: String, _ parameters: [String?], read: (OpaquePointer) -> Result
    ) throws(Failure) -> Result {
        let result = withParameters(parameters) { values in
            PQexecPrepared(pointer, name, Int32(values.count), values, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result, name)
        return read(result!)
    }

    /// Runs a statement that is not prepared, with text parameters.
    func run(sql: String, _ parameters: [String?]) throws(Failure) {
        let result = withParameters(parameters) { values in
            PQexecParams(pointer, sql, Int32(values.count), nil, values, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Throws the error of a result that is not a success.
    private func check(_ result: OpaquePointer?, _ statement: String) throws(Failure) {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = result.flatMap { String(cString: PQresultErrorMessage($0)) } ?? ""
            throw Failure(description: "\(statement): \(message)\(String(cString: PQerrorMessage(pointer)))")
        }
    }
}

/// Calls `body` with the parameters as C strings, copied into one buffer that lives until it
/// returns.
private func withParameters<Result>(
    _ parameters: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result
) -> Result {
    var size = 0
    for parameter in parameters { size += (parameter?.utf8.count ?? 0) + 1 }
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(size, 1))
    defer { buffer.deallocate() }
    var pointers: [UnsafePointer<CChar>?] = []
    pointers.reserveCapacity(parameters.count)
    var offset = 0
    for parameter in parameters {
        guard var parameter else {
            pointers.append(nil)
            continue
        }
        let start = buffer.baseAddress! + offset
        let count = parameter.withUTF8 { utf8 in
            if let base = utf8.baseAddress { start.initialize(from: base, count: utf8.count) }
            return utf8.count
        }
        start[count] = 0
        pointers.append(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))
        offset += count + 1
    }
    return body(pointers)
}
