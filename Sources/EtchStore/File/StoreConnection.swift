/// A checked store file's connection and its cached statements, released together when the
/// value ends.
struct StoreConnection: ~Copyable {
    /// The SQLite connection.
    private let database: SQLiteDatabase
    /// `BEGIN IMMEDIATE`: takes the write lock at the start, so a commit never fails half-way
    /// for want of it.
    private let begin: SQLiteStatement
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

    /// Opens the file at `path`, creating it when absent, checks it and sets it up (see
    /// ``StoreFileFormat/prepare(_:)``).
    ///
    /// - Throws: as ``StoreFile/init(url:)``.
    init(path: String) throws(StoreError) {
        try StoreFileFormat.checkHeader(atPath: path)
        let database = try SQLiteDatabase(openingOrCreating: path)
        try StoreFileFormat.prepare(database)
        // Compiled into locals first: a noncopyable value cannot be left half-initialized
        // when a later statement fails to compile.
        let begin = try Self.compile("BEGIN IMMEDIATE", in: database)
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
        self.begin = begin
        self.end = end
        self.rollback = rollback
        self.put = put
        self.delete = delete
        self.deleteModel = deleteModel
        self.deleteEverything = deleteEverything
        self.database = database
    }

    /// Compiles one of the cached statements.
    ///
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` when `sql` does not compile: the file
    ///   passed the checks, so its table is not the one Etch made (a column or the primary key
    ///   missing).
    private static func compile(_ sql: String, in database: borrowing SQLiteDatabase) throws(StoreError)
        -> SQLiteStatement
    {
        do {
            return try database.prepare(sql)
        } catch {
            guard case .fileFailure(let path, let reason) = error else { throw error }
            throw .damagedFile(path: path, reason: "its objects table is not Etch's: \(reason)")
        }
    }

    /// Every record in the file, in (model, id) order, comparing the texts' UTF-8 bytes.
    ///
    /// - Complexity: O(*n*) in the number of records.
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` when SQLite finds the file corrupt,
    ///   ``StoreError/fileFailure(path:reason:)`` when reading fails.
    func readAll() throws(StoreError) -> [StoredRecord] {
        let select = try database.prepare("SELECT model, id, body, local FROM objects")
        var records: [StoredRecord] = []
        while try select.step() {
            let record = StoredRecord(
                model: select.text(at: 0), id: select.text(at: 1), body: select.blob(at: 2) ?? [],
                local: select.blob(at: 3))
            records.append(record)
        }
        return records
    }

    /// Applies `changes` in order in one transaction: all of them, or none when one fails.
    ///
    /// - Complexity: O(*m* log *n*) for *m* puts and deletes of single records in a file of *n*
    ///   records, plus one WAL sync.
    /// - Throws: the first failure, after rolling back.
    func commit(_ changes: [RecordChange]) throws(StoreError) {
        guard !changes.isEmpty else { return }
        try begin.run()
        do {
            for change in changes { try apply(change) }
            try end.run()
        } catch {
            // SQLite rolls back by itself after some failures (a full disk, an I/O error).
            if !database.isAutocommit { try? rollback.run() }
            throw error
        }
    }

    /// Runs the statement of one change inside the open transaction.
    private func apply(_ change: RecordChange) throws(StoreError) {
        switch change {
        case .put(let record):
            try put.bind(record.model, at: 1)
            try put.bind(record.id, at: 2)
            try put.bind(record.body, at: 3)
            try put.bind(record.local, at: 4)
            try put.run()
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
}
