import CSQLite
import EtchStore
import Foundation
import Testing

/// A fresh, empty directory for store files, removed at the end of the test.
struct TemporaryStoreDirectory: ~Copyable {
    /// The directory.
    let url: URL

    /// Creates the directory.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("etch-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the directory and everything in it.
    deinit { try? FileManager.default.removeItem(at: url) }

    /// The URL of `name` in the directory.
    func file(_ name: String = "test.store") -> URL {
        url.appendingPathComponent(name)
    }

    /// The names of the files in the directory, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// A record whose body is `body`'s UTF-8 bytes.
func record(_ model: String, _ id: String, _ body: String = "{}", local: String? = nil) -> StoredRecord {
    StoredRecord(model: model, id: id, body: Array(body.utf8), local: local.map { Array($0.utf8) })
}

/// Runs `sql` on the SQLite file at `url` through a connection of its own, as another program
/// (or a damaged disk) would, and closes it.
func runSQL(_ sql: String, on url: URL) throws {
    var database: OpaquePointer?
    defer { sqlite3_close_v2(database) }
    guard sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
        throw RawSQLiteError(message: "cannot open \(url.path)")
    }
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
        throw RawSQLiteError(message: String(cString: sqlite3_errmsg(database)))
    }
}

/// A failure of ``runSQL(_:on:)``.
struct RawSQLiteError: Error {
    /// SQLite's message.
    let message: String
}

/// The file's bytes, or nil when it cannot be read.
func contents(of url: URL) -> Data? {
    FileManager.default.contents(atPath: url.path)
}

/// The records of a fresh `StoreFile` opened on `url`, closed again after reading.
func reopenedRecords(_ url: URL) throws -> [StoredRecord] {
    let file = try StoreFile(url: url)
    defer { file.close() }
    return try file.readAll()
}

/// Runs `sql` on the file at `url` in WAL mode through a connection of its own, which closes
/// without checkpointing: its commits stay in the `-wal` file, as another program's would
/// while it runs or after it crashed.
func runSQLLeavingWAL(_ sql: String, on url: URL) throws {
    var database: OpaquePointer?
    defer { sqlite3_close_v2(database) }
    guard sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
        throw RawSQLiteError(message: "cannot open \(url.path)")
    }
    var setting: Int32 = 0
    _ = etch_sqlite3_db_config_int(database, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &setting)
    let script = "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; " + sql
    guard sqlite3_exec(database, script, nil, nil, nil) == SQLITE_OK else {
        throw RawSQLiteError(message: String(cString: sqlite3_errmsg(database)))
    }
}

extension TemporaryStoreDirectory {
    /// Every file in the directory with its bytes.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try contents() { files[name] = EtchStoreTests.contents(of: url.appendingPathComponent(name)) }
        return files
    }
}

/// The first column of the first row `sql` answers on the file at `url`, as an integer,
/// through a connection of its own.
func integer(_ sql: String, on url: URL) throws -> Int {
    var database: OpaquePointer?
    defer { sqlite3_close_v2(database) }
    guard sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
        throw RawSQLiteError(message: "cannot open \(url.path)")
    }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW
    else {
        throw RawSQLiteError(message: String(cString: sqlite3_errmsg(database)))
    }
    return Int(sqlite3_column_int64(statement, 0))
}

/// A connection of another program holding the file's write lock (`BEGIN IMMEDIATE`) until
/// the value ends.
struct RawWriteLock: ~Copyable {
    private let database: OpaquePointer

    /// Takes the write lock of the file at `url`.
    init(on url: URL) throws {
        var database: OpaquePointer?
        guard sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let database else {
            sqlite3_close_v2(database)
            throw RawSQLiteError(message: "cannot open \(url.path)")
        }
        guard sqlite3_exec(database, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(database))
            sqlite3_close_v2(database)
            throw RawSQLiteError(message: message)
        }
        self.database = database
    }

    /// Rolls back and closes.
    deinit {
        sqlite3_exec(database, "ROLLBACK", nil, nil, nil)
        sqlite3_close_v2(database)
    }
}
