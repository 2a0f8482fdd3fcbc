import Foundation

/// A checked store file's connection and its cached statements, released together when the
/// value ends.
struct StoreConnection: ~Copyable {
    /// The SQLite connection.
    let database: SQLiteDatabase
    /// `BEGIN IMMEDIATE`: takes the write lock at the start, so a commit never fails half-way
    /// for want of it, and no other process commits between a write's catch-up and its commit.
    private let beginWrite: SQLiteStatement
    /// `BEGIN`: a read transaction, so the state and the rows read after it agree.
    private let beginRead: SQLiteStatement
    /// `COMMIT`.
    private let end: SQLiteStatement
    /// `ROLLBACK`.
    private let rollback: SQLiteStatement
    /// Inserts or replaces one record: model ?1, id ?2, body ?3, local ?4.
    private let put: SQLiteStatement
    /// Deletes one record: model ?1, id ?2.
    private let delete: SQLiteStatement
    /// Deletes one model's records: model ?1.
    private let deleteModel: SQLiteStatement
    /// Deletes every record.
    private let deleteEverything: SQLiteStatement
    /// Reads the file's identity, last token, last pruned token and checkpoint.
    private let readState: SQLiteStatement
    /// Writes the checkpoint ?1 (the token the objects table is complete through) and the
    /// last pruned token ?2.
    private let writeState: SQLiteStatement
    /// Appends one history row: key ?1 (token and part), time ?2, changes ?3.
    private let appendHistory: SQLiteStatement
    /// The history rows after token ?1, in order, with their tokens.
    private let selectHistory: SQLiteStatement
    /// Deletes the history rows up to and including token ?1.
    private let pruneHistory: SQLiteStatement
    /// `PRAGMA data_version`: changes when another connection commits.
    private let dataVersion: SQLiteStatement

    /// Opens the file at `path`, creating it when absent, checks it and sets it up (see
    /// ``StoreFileFormat/prepare(_:durability:leavingCreationOpen:)``).
    ///
    /// - Throws: as ``StoreFile/init(url:durability:)``.
    init(path: String, durability: StoreDurability = .full, leavingCreationOpen: Bool = false) throws(StoreError) {
        try StoreFileFormat.checkHeader(atPath: path)
        let database = try SQLiteDatabase(openingOrCreating: path)
        try StoreFileFormat.prepare(database, durability: durability, leavingCreationOpen: leavingCreationOpen)
        // Compiled into locals first: a noncopyable value cannot be left half-initialized
        // when a later statement fails to compile.
        let beginWrite = try Self.compile("BEGIN IMMEDIATE", in: database)
        let beginRead = try Self.compile("BEGIN", in: database)
        let end = try Self.compile("COMMIT", in: database)
        let rollback = try Self.compile("ROLLBACK", in: database)
        let put = try Self.compile(
            """
            INSERT INTO objects(model, id, body, local) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT(model, id) DO UPDATE SET body = excluded.body, local = excluded.local
            """, in: database)
        let delete = try Self.compile("DELETE FROM objects WHERE model = ?1 AND id = ?2", in: database)
        let deleteModel = try Self.compile("DELETE FROM objects WHERE model = ?1", in: database)
        let deleteEverything = try Self.compile("DELETE FROM objects", in: database)
        // The last token is the newest history row's, unless a fold or a prune left none
        // behind the checkpoint (see StoreFileFormat): a seek to the end of the history's B-tree.
        let partBits = StoreFileFormat.partBits
        let readState = try Self.compile(
            """
            SELECT store_id, max(last_token, coalesce((SELECT max(part) FROM history), 0) >> \(partBits)),
                   pruned_through, last_token
            FROM store_state WHERE singleton = 1
            """, in: database)
        let writeState = try Self.compile(
            "UPDATE store_state SET last_token = ?1, pruned_through = ?2 WHERE singleton = 1", in: database)
        let appendHistory = try Self.compile(
            "INSERT INTO history(part, time, changes) VALUES (?1, ?2, ?3)", in: database)
        let selectHistory = try Self.compile(
            """
            SELECT part >> \(partBits), time, changes FROM history WHERE part >= (?1 + 1) << \(partBits)
            ORDER BY part
            """, in: database)
        let pruneHistory = try Self.compile(
            "DELETE FROM history WHERE part < (?1 + 1) << \(partBits)", in: database)
        let dataVersion = try Self.compile("PRAGMA data_version", in: database)
        self.beginWrite = beginWrite
        self.beginRead = beginRead
        self.end = end
        self.rollback = rollback
        self.put = put
        self.delete = delete
        self.deleteModel = deleteModel
        self.deleteEverything = deleteEverything
        self.readState = readState
        self.writeState = writeState
        self.appendHistory = appendHistory
        self.selectHistory = selectHistory
        self.pruneHistory = pruneHistory
        self.dataVersion = dataVersion
        self.database = database
    }

    /// Compiles one of the cached statements.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` when `sql` does not compile: the file
    ///   passed the checks, so its tables are not the ones Etch made.
    private static func compile(_ sql: String, in database: borrowing SQLiteDatabase) throws(StoreError)
        -> SQLiteStatement
    {
        do {
            return try database.prepare(sql)
        } catch {
            guard case .fileFailure(let path, let reason) = error else { throw error }
            throw .damagedFile(path: path, reason: "its tables are not Etch's: \(reason)")
        }
    }

    // MARK: - Transactions

    /// Starts a write transaction, waiting for other connections' writes to end.
    func beginWriting() throws(StoreError) { try beginWrite.run() }

    /// Starts a read transaction: what it reads is one commit's state.
    func beginReading() throws(StoreError) { try beginRead.run() }

    /// Commits the open transaction.
    func commit() throws(StoreError) { try end.run() }

    /// Rolls the open transaction back, if SQLite has not already.
    func rollBack() {
        // SQLite rolls back by itself after some failures (a full disk, an I/O error).
        if !database.isAutocommit { try? rollback.run() }
    }

    /// Whether a transaction is open.
    var isInTransaction: Bool { !database.isAutocommit }

    /// Whether another connection committed since the last call.
    func changedSinceLastCheck(_ last: inout Int64) throws(StoreError) -> Bool {
        defer { dataVersion.reset() }
        let version = try dataVersion.step() ? dataVersion.integer(at: 0) : 0
        defer { last = version }
        return version != last
    }

    // MARK: - Objects

    /// Every record in the file.
    ///
    /// - Complexity: O(*n*) in the number of records.
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` when SQLite finds the file corrupt,
    ///   ``StoreError/fileFailure(path:reason:)`` when reading fails.
    func readAll(model: String? = nil) throws(StoreError) -> [StoredRecord] {
        let select = try database.prepare(
            model == nil
                ? "SELECT model, id, body, local FROM objects"
                : "SELECT model, id, body, local FROM objects WHERE model = ?1")
        if let model { try select.bind(model, at: 1) }
        var records: [StoredRecord] = []
        while try select.step() {
            let record = StoredRecord(
                model: select.text(at: 0), id: select.text(at: 1), body: select.blob(at: 2) ?? [],
                local: select.blob(at: 3))
            records.append(record)
        }
        return records
    }

    /// A cursor over the records of `model`, in id order, read in runs.
    ///
    /// - Throws: as ``readAll(model:)``.
    func records(of model: String) throws(StoreError) -> StoredRecordCursor {
        try StoredRecordCursor(model: model, in: database)
    }

    /// Applies `changes` in order inside the open transaction.
    ///
    /// - Complexity: O(*m* log *n*) for *m* puts and deletes of single records in a file of *n*.
    func write(_ changes: [RecordChange]) throws(StoreError) {
        for change in changes { try apply(change) }
    }

    /// Runs the statement of one change inside the open transaction.
    private func apply(_ change: RecordChange) throws(StoreError) {
        switch change {
        case .put(let record):
            try put.bind(record.model, at: 1)
            try put.bind(record.id, at: 2)
            try put.run(bindingBlobs: [record.body, record.local], from: 3)
        case .delete(let model, let id):
            try delete.bind(model, at: 1)
            try delete.bind(id, at: 2)
            try delete.run()
        case .deleteAll(.some(let model)):
            try deleteModel.bind(model, at: 1)
            try deleteModel.run()
        case .deleteAll(.none):
            try deleteEverything.run()
        }
    }

    // MARK: - History

    /// The file's identity, last token, last pruned token and checkpoint.
    func state() throws(StoreError) -> StoreFileState {
        defer { readState.reset() }
        guard try readState.step(), let storeID = UUID(uuidString: readState.text(at: 0)) else {
            throw .damagedFile(path: database.path, reason: "its store_state row is missing or names no store")
        }
        return StoreFileState(
            storeID: storeID, lastToken: Int(readState.integer(at: 1)), prunedThrough: Int(readState.integer(at: 2)),
            checkpoint: Int(readState.integer(at: 3)))
    }

    /// Records the checkpoint and the last pruned token, inside the open transaction: when
    /// the objects table has taken every commit through `checkpoint` (a commit's history row
    /// records its token by itself).
    func setState(checkpoint: Int, prunedThrough: Int) throws(StoreError) {
        try writeState.bind(Int64(checkpoint), at: 1)
        try writeState.bind(Int64(prunedThrough), at: 2)
        try writeState.run()
    }

    /// Appends one commit's history, inside the open transaction: one row, or one per
    /// ``StoreFileFormat/historyPartBytes`` of entries, keyed by the token and the part's
    /// number (see ``StoreFileFormat/partBits``).
    ///
    /// - Throws: ``StoreError/fileFailure(path:reason:)`` when writing fails, or when a commit
    ///   would take more parts than a key numbers.
    func append(_ row: HistoryRow) throws(StoreError) {
        var start = 0
        var part = 0
        repeat {
            var end = start
            var bytes = 0
            while end < row.entries.count,
                end == start || bytes + row.entries[end].byteCount <= StoreFileFormat.historyPartBytes
            {
                bytes += row.entries[end].byteCount
                end += 1
            }
            guard part < 1 << StoreFileFormat.partBits else {
                let most = 1 << StoreFileFormat.partBits
                throw .fileFailure(
                    path: database.path, reason: "a commit whose history takes more than \(most) parts of 8 MiB")
            }
            try appendHistory.bind(Int64(row.token << StoreFileFormat.partBits | part), at: 1)
            try appendHistory.bind(row.time, at: 2)
            try appendHistory.run(bindingBlobs: [HistoryEncoding.bytes(of: row.entries[start..<end])], from: 3)
            start = end
            part += 1
        } while start < row.entries.count
    }

    /// The history rows after `token`, in token order.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for a row whose bytes do not read.
    func history(after token: Int) throws(StoreError) -> [HistoryRow] {
        defer { selectHistory.reset() }
        try selectHistory.bind(Int64(token), at: 1)
        var rows: [HistoryRow] = []
        while try selectHistory.step() {
            let number = Int(selectHistory.integer(at: 0))
            do {
                let entries = try HistoryEncoding.entries(in: selectHistory.blob(at: 2) ?? [])
                // The parts of one commit follow each other.
                if rows.last?.token == number {
                    rows[rows.count - 1].entries += entries
                } else {
                    rows.append(HistoryRow(token: number, time: selectHistory.double(at: 1), entries: entries))
                }
            } catch {
                throw .damagedFile(
                    path: database.path,
                    reason: "history commit \(number) does not read: \(error.reason) at byte \(error.offset)")
            }
        }
        return rows
    }

    /// Deletes the history rows up to and including `token`, inside the open transaction.
    func deleteHistory(through token: Int) throws(StoreError) {
        try pruneHistory.bind(Int64(token), at: 1)
        try pruneHistory.run()
    }

    // MARK: - Schemas and migrations

    /// The schema description each model was last written with, by model name.
    func modelSchemas() throws(StoreError) -> [String: String] {
        let select = try database.prepare("SELECT model, description FROM model_schemas")
        var schemas: [String: String] = [:]
        while try select.step() { schemas[select.text(at: 0)] = select.text(at: 1) }
        return schemas
    }

    /// Records the schema a model is written with, inside the open transaction.
    func setModelSchema(_ description: String, for model: String) throws(StoreError) {
        let statement = try database.prepare(
            """
            INSERT INTO model_schemas(model, description) VALUES (?1, ?2)
            ON CONFLICT(model) DO UPDATE SET description = excluded.description
            """)
        try statement.bind(model, at: 1)
        try statement.bind(description, at: 2)
        try statement.run()
    }

    /// The names of the migrations already run on the file.
    func migrationsRun() throws(StoreError) -> Set<String> {
        let select = try database.prepare("SELECT name FROM migrations")
        var names: Set<String> = []
        while try select.step() { names.insert(select.text(at: 0)) }
        return names
    }

    /// Records that a migration ran, with the file's last token before it, inside the open
    /// transaction.
    func recordMigration(_ name: String, token: Int, time: Double) throws(StoreError) {
        let statement = try database.prepare("INSERT INTO migrations(name, token, time) VALUES (?1, ?2, ?3)")
        try statement.bind(name, at: 1)
        try statement.bind(Int64(token), at: 2)
        try statement.bind(time, at: 3)
        try statement.run()
    }

    /// Whether the file holds records of a model.
    func holdsRecords(of model: String) throws(StoreError) -> Bool {
        let statement = try database.prepare("SELECT EXISTS (SELECT 1 FROM objects WHERE model = ?1)")
        try statement.bind(model, at: 1)
        return try statement.step() && statement.integer(at: 0) == 1
    }

    /// SQLite's `PRAGMA quick_check`: nil when the file is sound, else what it found.
    func quickCheck() -> String? {
        guard let statement = try? database.prepare("PRAGMA quick_check") else { return "the check could not run" }
        var problems: [String] = []
        do {
            while try statement.step() {
                let line = statement.text(at: 0)
                if line != "ok" { problems.append(line) }
            }
        } catch {
            return "\(error)"
        }
        return problems.isEmpty ? nil : problems.prefix(3).joined(separator: "; ")
    }
}

/// What the `store_state` row of a file holds, with the last commit's token.
struct StoreFileState: Sendable, Equatable {
    /// The file's identity, made when the file was.
    var storeID: UUID
    /// The token of the last commit.
    var lastToken: Int
    /// The last token whose history row was pruned; the history answers after it.
    var prunedThrough: Int
    /// The last token whose changes the objects table holds: the commits after it are in the
    /// history only, until a fold writes them (see ``StoreFileFormat``).
    var checkpoint: Int

    /// Whether commits wait in the history for a fold into the objects table.
    var hasPendingCommits: Bool { checkpoint < lastToken }
}
