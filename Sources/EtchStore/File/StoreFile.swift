import CSQLite
import Foundation

/// A store's SQLite file: every object of every model, read whole when the store opens and
/// written one transaction per commit.
///
/// A `StoreFile` belongs to one `Store` actor, which makes it in its initializer and uses it
/// only from its isolated methods. It is deliberately not `Sendable`: the SQLite connection is
/// opened in multi-thread mode and must never be used by two threads at once, which the single
/// owner guarantees and the compiler checks.
///
/// The file is an SQLite database in WAL mode with `synchronous = FULL` by default: a
/// ``commit(_:)`` that returned is durable, even if the process is killed or the machine loses
/// power right after. With ``StoreDurability/normal`` (`synchronous = NORMAL`) it survives the
/// process being killed, but a power loss may take back the last commits. Either way, a
/// process killed before ``close()`` loses nothing that was committed.
///
/// ```swift
/// let file = try StoreFile(url: directory.appendingPathComponent("Library.store"))
/// try file.commit([.put(StoredRecord(model: "Album", id: "1", body: Array("{}".utf8), local: nil))])
/// try file.readAll().count  // 1
/// file.close()
/// ```
package final class StoreFile {
    /// The version of the file format this Etch writes and reads (the file's `user_version`).
    package static let formatVersion = 4

    /// The file's path.
    package let path: String

    /// The open connection, or nil once closed. Dropping it finalizes the statements and
    /// closes the SQLite handle, also when the `StoreFile` itself is dropped without `close()`.
    private var connection: StoreConnection?
    /// Checkpoints the WAL beside the commits, in place of SQLite's checkpoints in them.
    private let checkpointer: WALCheckpointer

    /// Opens the store file at `url`, or creates it when absent (its directory must exist).
    ///
    /// A file that is not an Etch store is never modified, replaced or deleted: it is checked
    /// before anything is written (see ``StoreFileFormat``), and refused.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - durability: What a commit survives once it returned; see ``StoreDurability``.
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for a file that is not SQLite (SQLite's
    ///   own message says why), a corrupt one, or another program's database;
    ///   ``StoreError/newerFileFormat(path:version:supported:)`` for a store written by a newer
    ///   Etch; ``StoreError/fileFailure(path:reason:)`` when the file cannot be opened or written
    ///   (a missing directory, permissions, a lock).
    package convenience init(url: URL, durability: StoreDurability = .full) throws(StoreError) {
        try self.init(url: url, durability: durability, leavingCreationOpen: false)
    }

    /// Opens the store file at `url` as ``init(url:)`` does; with `leavingCreationOpen`, the
    /// transaction that creates a new file's tables or upgrades a format-1 file stays open,
    /// for a store's opening to commit with everything else, or roll back.
    init(url: URL, durability: StoreDurability, leavingCreationOpen: Bool) throws(StoreError) {
        path = url.path
        guard url.isFileURL else {
            throw .fileFailure(path: url.absoluteString, reason: "a store file needs a file URL")
        }
        let connection = try StoreConnection(
            path: path, durability: durability, leavingCreationOpen: leavingCreationOpen)
        checkpointer = WALCheckpointer(path: path, durability: durability)
        checkpointer.attach(to: connection.database)
        self.connection = .some(consume connection)
    }

    /// Every record in the file, in (model, id) order, comparing the texts' UTF-8 bytes.
    ///
    /// The whole table is read, so a corrupt page anywhere in it is found here (SQLite's
    /// `PRAGMA quick_check` is not run at open: it would read the file a second time).
    ///
    /// - Complexity: O(*n*) in the number of records.
    /// - Throws: ``StoreError/closed`` after ``close()``; ``StoreError/damagedFile(path:reason:)``
    ///   when SQLite finds the file corrupt; ``StoreError/fileFailure(path:reason:)`` when
    ///   reading fails.
    package func readAll() throws(StoreError) -> [StoredRecord] {
        try withConnection { connection throws(StoreError) in
            try connection.beginReading()
            defer { connection.rollBack() }
            return try connection.currentRecords(state: connection.state())
        }
    }

    /// Applies `changes` in order in one SQLite transaction: all of them or, when one fails,
    /// none. Once it returns, the changes are on disk (the WAL is synced).
    ///
    /// An empty list writes nothing. This writes the objects table only, as a tool or a test
    /// would; a ``Store`` commits through ``withConnection(_:)`` and records each commit in
    /// the history too, which is how other stores on the file learn of it.
    ///
    /// ```swift
    /// try file.commit([.deleteAll(model: "Album"), .put(album), .delete(model: "Artist", id: "7")])
    /// ```
    ///
    /// - Complexity: O(*m* log *n*) for *m* puts and single deletes in a file of *n* records,
    ///   plus one sync.
    /// - Throws: ``StoreError/closed`` after ``close()``; otherwise the first failure, with
    ///   SQLite's message, after the transaction was rolled back.
    package func commit(_ changes: [RecordChange]) throws(StoreError) {
        try withConnection { connection throws(StoreError) in
            guard !changes.isEmpty else { return }
            try connection.beginWriting()
            do throws(StoreError) {
                // Commits waiting in the history go first: folded later, they would undo these.
                try connection.foldPendingCommits()
                try connection.write(changes)
                try connection.commit()
            } catch {
                connection.rollBack()
                throw error
            }
        }
    }

    /// The connection's durability, read back from SQLite's `PRAGMA synchronous`: what the
    /// file really does, for tests.
    ///
    /// - Throws: ``StoreError/closed`` after ``close()``; the failure of the pragma.
    package func durability() throws(StoreError) -> StoreDurability? {
        try withConnection { connection throws(StoreError) in
            switch try connection.database.integer("PRAGMA synchronous") {
            case 2: .full
            case 1: .normal
            default: nil
            }
        }
    }

    /// The heap bytes SQLite holds in this process (`sqlite3_memory_used()`): page caches,
    /// schemas and statements of every connection, for the benchmarks' memory breakdown.
    package static var sqliteBytesInUse: Int { Int(sqlite3_memory_used()) }

    /// Closes the file; reads and commits then throw ``StoreError/closed``. Closing twice does
    /// nothing more.
    ///
    /// Commits still waiting in the history are folded into the objects table first (see
    /// ``StoreConnection/foldCommits(after:)``), so that a closed file holds every object there;
    /// when that fails (another process holds the write lock past the busy timeout), the next
    /// open folds them.
    package func close() {
        _ = try? withConnection { connection in
            connection.foldPendingCommitsIfAny()
            checkpointer.detach(from: connection.database)
        }
        checkpointer.close()
        connection = nil
    }

    /// The number of checkpoints run beside the commits so far, for tests.
    package var backgroundCheckpoints: Int { checkpointer.checkpointsRun }

    /// The number of checkpoints beside the commits that synced the database file after,
    /// for tests.
    package var backgroundSyncs: Int { checkpointer.checkpointsSynced }

    /// Whether the file is closed.
    package var isClosed: Bool { connection == nil }

    /// Runs `body` with the open connection.
    ///
    /// - Throws: ``StoreError/closed`` after ``close()``, or what `body` throws.
    func withConnection<Value>(
        _ body: (borrowing StoreConnection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        switch connection {
        case .some(let open): return try body(open)
        case .none: throw .closed
        }
    }
}
