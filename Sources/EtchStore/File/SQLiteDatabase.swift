import CSQLite
import Foundation

/// One open SQLite connection, closed when the value ends.
///
/// The connection is opened in SQLite's multi-thread mode (`SQLITE_OPEN_NOMUTEX`): it must be
/// used by one thread at a time, which its single owner (a ``StoreFile`` held by one actor)
/// guarantees. Every failure becomes a ``StoreError`` carrying SQLite's own message.
struct SQLiteDatabase: ~Copyable {
    /// The `sqlite3 *` handle; valid until `deinit`.
    let handle: OpaquePointer
    /// The file's path, for errors.
    let path: String

    /// Opens (and, when absent, creates) the file at `path` for reading and writing.
    ///
    /// Opening reads nothing from the file: SQLite reads its header on the first statement.
    /// - Throws: ``StoreError/fileFailure(path:reason:)`` when SQLite cannot open the file (a
    ///   missing directory, permissions).
    init(openingOrCreating path: String) throws(StoreError) {
        try self.init(opening: path, creating: true)
    }

    /// Opens the file at `path` for reading and writing, `creating` it when absent or
    /// failing then.
    ///
    /// - Throws: as ``init(openingOrCreating:)``.
    init(opening path: String, creating: Bool) throws(StoreError) {
        // SQLite's own message for a missing folder ("unable to open database file") does not
        // say which part is missing.
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            throw .fileFailure(
                path: path,
                reason: "its folder \(folder) does not exist; create it first "
                    + "(FileManager.default.createDirectory(at:withIntermediateDirectories:))")
        } else if !folder.isEmpty, !isDirectory.boolValue {
            throw .fileFailure(path: path, reason: "\(folder) is a file, not a folder")
        }
        var handle: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            // SQLite usually hands back a handle even on failure, holding the message.
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw .fileFailure(path: path, reason: "cannot open: \(message) (code \(code))")
        }
        self.handle = handle
        self.path = path
    }

    /// Closes the connection. `sqlite3_close_v2` defers the close until the last prepared
    /// statement is finalized, so the order in which an owner drops its statements and its
    /// database does not matter.
    deinit {
        sqlite3_close_v2(handle)
    }

    /// Whether closing the last connection to the file may checkpoint its WAL into the main
    /// file and delete the WAL (SQLite's default). Turned off while a file is being checked, so
    /// that refusing a file leaves it, and its WAL, byte for byte as they were.
    func setCheckpointOnClose(_ enabled: Bool) {
        var result: Int32 = 0
        _ = etch_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, &result)
    }

    /// Whether SQLite opened the file read-only (it does so silently for a write-protected file).
    var isReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    /// Whether no transaction is open (SQLite's autocommit mode).
    var isAutocommit: Bool {
        sqlite3_get_autocommit(handle) != 0
    }

    /// Waits up to `milliseconds` for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Compiles `sql` into a statement.
    ///
    /// - Throws: the failure of `sqlite3_prepare_v2`, with SQLite's message.
    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw failure(code, doing: "preparing \(sql)")
        }
        return SQLiteStatement(handle: statement, database: handle, path: path)
    }

    /// Runs `sql` (one or more statements without parameters), discarding any rows.
    ///
    /// - Throws: the first failure, with SQLite's message.
    func execute(_ sql: String) throws(StoreError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code, doing: sql) }
    }

    /// Runs `sql` and returns its first row's first column as an integer (0 when there is no row).
    ///
    /// - Throws: the failure of preparing or stepping, with SQLite's message.
    func integer(_ sql: String) throws(StoreError) -> Int64 {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(at: 0) : 0
    }

    /// Runs `sql` and returns its first row's first column as text (nil when there is no row).
    ///
    /// - Throws: the failure of preparing or stepping, with SQLite's message.
    func text(_ sql: String) throws(StoreError) -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// The error for a failed call that returned `code`, with SQLite's current message.
    func failure(_ code: Int32, doing action: String) -> StoreError {
        SQLiteDatabase.failure(code, message: String(cString: sqlite3_errmsg(handle)), doing: action, path: path)
    }

    /// The error for `code`: ``StoreError/damagedFile(path:reason:)`` when SQLite found the file
    /// is not a database or is corrupt, ``StoreError/fileFailure(path:reason:)`` otherwise (I/O,
    /// a full disk, permissions, a lock held too long, a constraint).
    static func failure(_ code: Int32, message: String, doing action: String, path: String) -> StoreError {
        let reason = "\(message) (SQLite code \(code), while \(action))"
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return .damagedFile(path: path, reason: reason)
        default:
            return .fileFailure(path: path, reason: reason)
        }
    }
}
