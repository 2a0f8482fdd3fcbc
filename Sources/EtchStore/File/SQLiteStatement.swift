import CSQLite

/// A compiled SQLite statement, finalized when the value ends.
///
/// Parameters are bound with `SQLITE_TRANSIENT`, so SQLite copies the bytes and the Swift
/// buffers need not outlive the call, except by ``run(bindingBlobs:from:)``, which binds
/// blobs in place for the run it makes. Parameter and column indexes are SQLite's: parameters
/// count from 1, columns from 0.
struct SQLiteStatement: ~Copyable {
    /// The `sqlite3_stmt *` handle; valid until `deinit`.
    let handle: OpaquePointer
    /// The connection that compiled the statement, for its error messages.
    let database: OpaquePointer
    /// The file's path, for errors.
    let path: String

    /// Takes ownership of a statement that `database` compiled.
    init(handle: OpaquePointer, database: OpaquePointer, path: String) {
        self.handle = handle
        self.database = database
        self.path = path
    }

    /// Finalizes the statement. Its last error, if any, was already reported by ``step()``.
    deinit {
        sqlite3_finalize(handle)
    }

    /// SQLite's `SQLITE_TRANSIENT`: "copy the bytes before returning" (a C macro Swift cannot import).
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    /// Binds `text` to parameter `index`; an empty string binds as empty text, not NULL.
    ///
    /// - Throws: the failure of the bind (an index out of range, text too long).
    func bind(_ text: String, at index: Int32) throws(StoreError) {
        let length = UInt64(text.utf8.count)
        // `withCString` always yields a pointer, so "" never becomes NULL; passing the length
        // keeps any NUL character inside the text.
        let code = text.withCString { characters in
            sqlite3_bind_text64(handle, index, characters, length, Self.transient, UInt8(SQLITE_UTF8))
        }
        try check(code, doing: "binding text to parameter \(index)")
    }

    /// Binds `bytes` as a blob to parameter `index`, or NULL when `bytes` is nil; an empty array
    /// binds as an empty blob, not NULL.
    ///
    /// - Throws: the failure of the bind (an index out of range, a blob too big).
    func bind(_ bytes: [UInt8]?, at index: Int32) throws(StoreError) {
        guard let bytes else {
            try check(sqlite3_bind_null(handle, index), doing: "binding NULL to parameter \(index)")
            return
        }
        let code = bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return sqlite3_bind_blob64(handle, index, start, UInt64(buffer.count), Self.transient)
        }
        try check(code, doing: "binding a blob of \(bytes.count) bytes to parameter \(index)")
    }

    /// Binds an integer to parameter `index`.
    ///
    /// - Throws: the failure of the bind (an index out of range).
    func bind(_ integer: Int64, at index: Int32) throws(StoreError) {
        try check(sqlite3_bind_int64(handle, index, integer), doing: "binding an integer to parameter \(index)")
    }

    /// Binds a double to parameter `index`.
    ///
    /// - Throws: the failure of the bind (an index out of range).
    func bind(_ double: Double, at index: Int32) throws(StoreError) {
        try check(sqlite3_bind_double(handle, index, double), doing: "binding a double to parameter \(index)")
    }

    /// Advances to the next row.
    ///
    /// - Returns: true when a row is ready to read, false when the statement is done.
    /// - Throws: the failure of `sqlite3_step`, with SQLite's message.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw failure(code, doing: "running \(sql)")
        }
    }

    /// Runs a statement that returns no rows to its end, then resets it and clears its
    /// parameters so that it is ready for the next use and holds no copy of the bound bytes.
    ///
    /// - Throws: the failure of `sqlite3_step`, with SQLite's message; the statement is reset
    ///   even then.
    func run() throws(StoreError) {
        defer { reset() }
        while try step() {}
    }

    /// Binds blobs to the parameters from `first` on, in order (`nil` binds NULL), without
    /// copying them, then runs the statement to its end and resets it, as ``run()`` does.
    ///
    /// SQLite reads the bytes in place (`SQLITE_STATIC`), so each blob is bound inside the
    /// scope that lends its buffer, and the reset that clears the parameters comes before
    /// those scopes end: no parameter points into a buffer that is gone. An import's objects
    /// and its history are megabytes that ``bind(_:at:)-([UInt8]?,_)`` would copy once more.
    ///
    /// - Throws: the failure of a bind or of `sqlite3_step`; the statement is reset even then.
    func run(bindingBlobs blobs: [[UInt8]?], from first: Int32) throws(StoreError) {
        defer { reset() }
        try bindInPlace(blobs[...], at: first)
    }

    /// Binds the first blob of `blobs` at `index` for as long as its buffer is lent, then the
    /// rest after it, then runs the statement.
    private func bindInPlace(_ blobs: ArraySlice<[UInt8]?>, at index: Int32) throws(StoreError) {
        guard let blob = blobs.first else {
            while try step() {}
            return
        }
        guard let bytes = blob else {
            try check(sqlite3_bind_null(handle, index), doing: "binding NULL to parameter \(index)")
            try bindInPlace(blobs.dropFirst(), at: index + 1)
            return
        }
        let result: Result<Void, StoreError> = bytes.withUnsafeBytes { buffer in
            let code =
                buffer.baseAddress.map { sqlite3_bind_blob64(handle, index, $0, UInt64(buffer.count), nil) }
                ?? sqlite3_bind_zeroblob(handle, index, 0)
            do throws(StoreError) {
                try check(code, doing: "binding a blob of \(buffer.count) bytes to parameter \(index)")
                try bindInPlace(blobs.dropFirst(), at: index + 1)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Rewinds the statement and clears its parameters. Any error of the last step was already
    /// reported by ``step()``, so the code `sqlite3_reset` repeats is not.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The integer in column `index` of the current row.
    func integer(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The double in column `index` of the current row.
    func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The text in column `index` of the current row ("" for NULL), NUL characters included.
    func text(at index: Int32) -> String {
        guard let characters = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
    }

    /// The blob in column `index` of the current row, or nil when it is NULL.
    func blob(at index: Int32) -> [UInt8]? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        // `sqlite3_column_blob` yields NULL for an empty blob; its byte count must be read after it.
        guard let start = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Appends the blob in column `index` of the current row to `bytes`, straight from
    /// SQLite's buffer.
    ///
    /// - Returns: Where the blob is in `bytes`, or nil when it is NULL (nothing is appended).
    func appendBlob(at index: Int32, to bytes: inout [UInt8]) -> Range<Int>? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        let start = bytes.count
        // `sqlite3_column_blob` yields NULL for an empty blob; its byte count must be read after it.
        guard let blob = sqlite3_column_blob(handle, index) else { return start..<start }
        let count = Int(sqlite3_column_bytes(handle, index))
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: blob, count: count))
        return start..<start + count
    }

    /// The statement's SQL text, for errors.
    private var sql: String {
        sqlite3_sql(handle).map { String(cString: $0) } ?? "a statement"
    }

    /// Throws the error for `code` unless it is `SQLITE_OK`; `action` is made only then (a
    /// commit binds every object it writes).
    private func check(_ code: Int32, doing action: @autoclosure () -> String) throws(StoreError) {
        guard code != SQLITE_OK else { return }
        throw failure(code, doing: action())
    }

    /// The error for `code`, with the connection's current message.
    private func failure(_ code: Int32, doing action: String) -> StoreError {
        SQLiteDatabase.failure(code, message: String(cString: sqlite3_errmsg(database)), doing: action, path: path)
    }
}
