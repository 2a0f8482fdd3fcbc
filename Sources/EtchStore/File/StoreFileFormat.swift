/// How a store file is laid out, and how a file is checked before Etch writes to it.
///
/// A store file is an SQLite database that says it is Etch's in two header fields:
/// `PRAGMA application_id` is ``applicationID`` and `PRAGMA user_version` is the format version.
/// Its one table holds every object:
///
/// ```sql
/// CREATE TABLE objects(model TEXT NOT NULL, id TEXT NOT NULL, body BLOB NOT NULL, local BLOB,
///                      PRIMARY KEY(model, id)) WITHOUT ROWID
/// ```
enum StoreFileFormat {
    /// The application id Etch writes in the header: "Etch" in ASCII.
    static let applicationID: Int64 = 0x4574_6368

    /// How long a statement waits for another connection's lock before failing.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    /// The statements that create the table and mark the file as Etch's, run in one transaction.
    static let schema = """
        CREATE TABLE IF NOT EXISTS objects(
            model TEXT NOT NULL, id TEXT NOT NULL, body BLOB NOT NULL, local BLOB,
            PRIMARY KEY(model, id)
        ) WITHOUT ROWID;
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(StoreFile.formatVersion);
        """

    /// Checks the file behind `database`, creates the table when the file is new, and sets the
    /// connection up: WAL journal, `synchronous = FULL`, a busy timeout.
    ///
    /// Nothing is written before the checks pass: the header fields and the schema are only read,
    /// and a file that is not SQLite fails on that first read (a file that does not even begin as
    /// SQLite's was refused by ``checkHeader(atPath:)``). The journal mode, which rewrites two
    /// header bytes, is set only after. `PRAGMA quick_check` is not run: it reads the whole file,
    /// and the store's first ``StoreConnection/readAll()`` reads every record anyway, so a corrupt
    /// page is reported there as ``StoreError/damagedFile(path:reason:)``.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for a file that is not SQLite, is
    ///   corrupt, or is another program's database; ``StoreError/newerFileFormat(path:version:supported:)``
    ///   for an Etch file of a newer format; ``StoreError/fileFailure(path:reason:)`` when reading
    ///   or writing fails (permissions, a lock held too long, a file system without WAL).
    static func prepare(_ database: borrowing SQLiteDatabase) throws(StoreError) {
        database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        let isNew = try check(database)
        guard !database.isReadOnly else {
            throw .fileFailure(path: database.path, reason: "the file is write-protected")
        }
        let journalMode = try database.text("PRAGMA journal_mode = WAL")
        guard journalMode?.lowercased() == "wal" else {
            let mode = journalMode ?? "none"
            throw .fileFailure(path: database.path, reason: "SQLite cannot use a WAL journal here (it kept \(mode))")
        }
        // In WAL mode, FULL syncs the log at every commit: a commit that returned survives a
        // power loss. NORMAL would only keep the file consistent, losing the last commits.
        try database.execute("PRAGMA synchronous = FULL")
        if isNew { try create(in: database) }
    }

    /// Reads the header fields and the schema and decides whether Etch may use the file.
    ///
    /// - Returns: true when the file is new (empty, or SQLite with nothing in it), false when it
    ///   is an Etch store of this format.
    /// - Throws: as ``prepare(_:)``.
    private static func check(_ database: borrowing SQLiteDatabase) throws(StoreError) -> Bool {
        let path = database.path
        let application = try database.integer("PRAGMA application_id")
        let version = try database.integer("PRAGMA user_version")
        let objectCount = try database.integer("SELECT count(*) FROM sqlite_master")
        if application == 0 && version == 0 && objectCount == 0 { return true }
        guard application == applicationID else {
            let reason = "application_id \(application), not Etch's \(applicationID)"
            throw .damagedFile(path: path, reason: "an SQLite database of another program (\(reason))")
        }
        guard version <= StoreFile.formatVersion else {
            throw .newerFileFormat(path: path, version: Int(version), supported: StoreFile.formatVersion)
        }
        guard version >= 1 else {
            throw .damagedFile(path: path, reason: "format version \(version), which no Etch writes")
        }
        let tables = try database.integer(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'objects'")
        guard tables == 1 else {
            throw .damagedFile(path: path, reason: "an Etch store without its objects table")
        }
        return false
    }

    /// Creates the table and writes the header fields, all in one transaction.
    private static func create(in database: borrowing SQLiteDatabase) throws(StoreError) {
        try database.execute("BEGIN IMMEDIATE")
        do {
            try database.execute(schema)
            try database.execute("COMMIT")
        } catch {
            if !database.isAutocommit { try? database.execute("ROLLBACK") }
            throw error
        }
    }
}
