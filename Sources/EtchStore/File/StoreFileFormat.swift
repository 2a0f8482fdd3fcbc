import Foundation

/// How a store file is laid out, and how a file is checked before Etch writes to it.
///
/// A store file is an SQLite database that says it is Etch's in two header fields:
/// `PRAGMA application_id` is ``applicationID`` and `PRAGMA user_version` is the format version.
/// Format 4 has these tables (format 1, written before the history, had only `objects`;
/// format 2 keyed the history by a row number, with a `token` column and an index on it, and
/// wrote `store_state` at every commit; format 3 wrote every commit to `objects` too; all are
/// brought up to format 4 when they open):
///
/// ```sql
/// CREATE TABLE objects(model TEXT NOT NULL, id TEXT NOT NULL, body BLOB NOT NULL, local BLOB,
///                      PRIMARY KEY(model, id)) WITHOUT ROWID
/// CREATE TABLE history(part INTEGER PRIMARY KEY, time REAL NOT NULL, changes BLOB NOT NULL)
/// CREATE TABLE store_state(singleton INTEGER PRIMARY KEY CHECK (singleton = 1), store_id TEXT NOT NULL,
///                          last_token INTEGER NOT NULL, pruned_through INTEGER NOT NULL)
/// CREATE TABLE model_schemas(model TEXT PRIMARY KEY, description TEXT NOT NULL) WITHOUT ROWID
/// CREATE TABLE migrations(name TEXT PRIMARY KEY, token INTEGER NOT NULL, time REAL NOT NULL) WITHOUT ROWID
/// ```
///
/// `history` holds each commit that changed something (its entries in ``HistoryEncoding``),
/// in one row, or in several parts of at most ``historyPartBytes`` for a large commit, so that
/// no blob nears SQLite's limit on a value's length. A row's key is its commit's token shifted
/// left by ``partBits`` bits, plus the part's number: the rows of a commit are one range of
/// the table's own B-tree, in token order, and a commit writes one row and no index.
/// `objects` is a checkpoint of the history: it holds every commit through the token in
/// `store_state.last_token`, and the history rows after it hold the rest. A small commit
/// writes its history row only (one page of the file, where writing the object too took
/// two); a store folds the commits after the checkpoint into `objects` now and then, each
/// object once, and moves the checkpoint (see ``StoreConnection/foldCommits(after:)``). A
/// format-3 reader would miss those commits, which is why the format's number changed.
/// `store_state` holds the file's identity, the last token pruned from the history (never
/// past the checkpoint) and the checkpoint: the file's last token is the larger of that and
/// the newest history row's, so a commit need not write the row. `model_schemas` holds the
/// schema each model was last written with, and `migrations` the named migrations already
/// run.
enum StoreFileFormat {
    /// The application id Etch writes in the header: "Etch" in ASCII.
    static let applicationID: Int64 = 0x4574_6368

    /// The most bytes of entries one history row holds; a commit's entries go into as many
    /// rows (parts) as they need.
    static let historyPartBytes = 8 << 20

    /// How many low bits of a history row's key number the parts of one commit: a commit may
    /// take up to 65,536 parts (512 GiB of entries), and tokens up to 2⁴⁷.
    static let partBits = 16

    /// The history table of format 2, which format 3 rebuilds: a row number as its key, the
    /// token in a column of its own, indexed.
    static let formatTwoHistoryColumns = ["part", "token", "time", "changes"]

    /// How long a statement waits for another connection's lock before failing.
    static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Each table of format 4 (and 3) with the columns it must have, in order.
    static let tables: [(name: String, columns: [String], create: String)] = [
        (
            "objects", ["model", "id", "body", "local"],
            """
            CREATE TABLE IF NOT EXISTS objects(
                model TEXT NOT NULL, id TEXT NOT NULL, body BLOB NOT NULL, local BLOB,
                PRIMARY KEY(model, id)
            ) WITHOUT ROWID;
            """
        ),
        (
            "history", ["part", "time", "changes"],
            """
            CREATE TABLE IF NOT EXISTS history(
                part INTEGER PRIMARY KEY, time REAL NOT NULL, changes BLOB NOT NULL
            );
            """
        ),
        (
            "store_state", ["singleton", "store_id", "last_token", "pruned_through"],
            """
            CREATE TABLE IF NOT EXISTS store_state(
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1), store_id TEXT NOT NULL,
                last_token INTEGER NOT NULL, pruned_through INTEGER NOT NULL
            );
            """
        ),
        (
            "model_schemas", ["model", "description"],
            "CREATE TABLE IF NOT EXISTS model_schemas(model TEXT PRIMARY KEY, description TEXT NOT NULL) WITHOUT ROWID;"
        ),
        (
            "migrations", ["name", "token", "time"],
            """
            CREATE TABLE IF NOT EXISTS migrations(
                name TEXT PRIMARY KEY, token INTEGER NOT NULL, time REAL NOT NULL
            ) WITHOUT ROWID;
            """
        ),
    ]

    /// What the checks found the file to be.
    enum Found {
        /// Empty, or SQLite with nothing in it: it becomes a store.
        case new
        /// An Etch store of format 1, which gains the history's tables.
        case formatOne
        /// An Etch store of format 2, whose history is rebuilt keyed by token.
        case formatTwo
        /// Format 3: every commit in `objects`, the checkpoint behind.
        case formatThree
        /// An Etch store of this format.
        case current
    }

    /// Checks the file behind `database`, creates or upgrades its tables, and sets the
    /// connection up: WAL journal, `synchronous` as `durability` says, a busy timeout.
    ///
    /// Nothing is written before the checks pass: the header fields, the tables and their
    /// columns are only read, and a file that is not SQLite fails on that first read (a file
    /// that does not even begin as SQLite's was refused by ``checkHeader(atPath:)``). The
    /// journal mode, which rewrites two header bytes, is set only after, and until then the
    /// connection may not checkpoint a WAL it finds when it closes, so a refused file and its
    /// WAL stay as they were. `PRAGMA quick_check` is not run: it reads the whole file, and
    /// the store's first read reads every record anyway.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for a file that is not SQLite, is
    ///   corrupt, is another program's database or has tables that are not Etch's;
    ///   ``StoreError/newerFileFormat(path:version:supported:)`` for an Etch file of a newer
    ///   format; ``StoreError/fileFailure(path:reason:)`` when reading or writing fails
    ///   (permissions, a lock held too long, a file system without WAL).
    ///
    /// - Parameters:
    ///   - durability: What a commit survives once it returned.
    ///   - leavingCreationOpen: Whether to leave the transaction that creates or upgrades the
    ///     tables open, for the caller to commit with what it writes next — a store's opening,
    ///     which must leave a format-1 file as it was when it fails — or roll back.
    static func prepare(
        _ database: borrowing SQLiteDatabase, durability: StoreDurability = .full, leavingCreationOpen: Bool = false
    ) throws(StoreError) {
        // A WAL that was there before holds commits that closing would checkpoint into the
        // file. One SQLite makes now is empty, and closing deletes it with the shared-memory
        // file, leaving the folder as it was.
        let wal = database.path + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        if walSize > 0 { database.setCheckpointOnClose(false) }
        database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        let found = try check(database)
        guard !database.isReadOnly else {
            throw .fileFailure(path: database.path, reason: "the file is write-protected")
        }
        let journalMode = try database.text("PRAGMA journal_mode = WAL")
        guard journalMode?.lowercased() == "wal" else {
            let mode = journalMode ?? "none"
            throw .fileFailure(path: database.path, reason: "SQLite cannot use a WAL journal here (it kept \(mode))")
        }
        // In WAL mode, FULL syncs the log at every commit: a commit that returned survives a
        // power loss. NORMAL syncs only at checkpoints: the file stays consistent, but a power
        // loss may take back the last commits (see StoreDurability).
        try database.execute("PRAGMA synchronous = \(durability.synchronousPragma)")
        switch found {
        case .current: break
        case .new, .formatOne: try createTables(in: database, committing: !leavingCreationOpen)
        case .formatTwo: try upgradeFormatTwo(database, committing: !leavingCreationOpen)
        case .formatThree: try upgradeFormatThree(database, committing: !leavingCreationOpen)
        }
        database.setCheckpointOnClose(true)
    }

    /// Reads the header fields and the tables and decides whether Etch may use the file.
    ///
    /// - Throws: as ``prepare(_:durability:leavingCreationOpen:)``.
    private static func check(_ database: borrowing SQLiteDatabase) throws(StoreError) -> Found {
        let path = database.path
        let application = try database.integer("PRAGMA application_id")
        let version = try database.integer("PRAGMA user_version")
        let objectCount = try database.integer("SELECT count(*) FROM sqlite_master")
        if application == 0 && version == 0 && objectCount == 0 { return .new }
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
        var expected = tables
        if version == 1 { expected = Array(tables.prefix(1)) }
        if version == 2, let history = expected.firstIndex(where: { $0.name == "history" }) {
            expected[history].columns = formatTwoHistoryColumns
        }
        for table in expected {
            let columns = try self.columns(of: table.name, in: database)
            guard !columns.isEmpty else {
                throw .damagedFile(path: path, reason: "an Etch store without its \(table.name) table")
            }
            guard columns == table.columns else {
                let found = columns.joined(separator: ", ")
                throw .damagedFile(
                    path: path,
                    reason: "its \(table.name) table is not Etch's: it has the columns \(found), "
                        + "not \(table.columns.joined(separator: ", "))")
            }
        }
        switch version {
        case 1: return .formatOne
        case 2: return .formatTwo
        case 3: return .formatThree
        default: return .current
        }
    }

    /// The column names of a table, in order; empty when there is no such table.
    private static func columns(of table: String, in database: borrowing SQLiteDatabase) throws(StoreError)
        -> [String]
    {
        let statement = try database.prepare("SELECT name FROM pragma_table_info('\(table)') ORDER BY cid")
        var names: [String] = []
        while try statement.step() { names.append(statement.text(at: 0)) }
        return names
    }

    /// Creates the tables a new or format-1 file lacks, names the file's identity and writes
    /// the header fields, all in one transaction, which it commits or leaves open. Another
    /// process doing the same at the same moment finds them made and changes nothing.
    private static func createTables(in database: borrowing SQLiteDatabase, committing: Bool) throws(StoreError) {
        try database.execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            var hadObjects = false
            if try database.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'objects'") == 1
            {
                hadObjects = try database.integer("SELECT EXISTS (SELECT 1 FROM objects)") == 1
            }
            try database.execute(tables.map(\.create).joined(separator: "\n"))
            // Objects written before the history existed count as commit 1, already pruned:
            // history(since: 0) then says the history does not reach back that far.
            let start = hadObjects ? 1 : 0
            try database.execute(
                """
                INSERT OR IGNORE INTO store_state(singleton, store_id, last_token, pruned_through)
                VALUES (1, '\(UUID().uuidString)', \(start), \(start));
                PRAGMA application_id = \(applicationID);
                PRAGMA user_version = \(StoreFile.formatVersion);
                """)
            if committing { try database.execute("COMMIT") }
        } catch {
            if !database.isAutocommit { try? database.execute("ROLLBACK") }
            throw error
        }
    }
}
