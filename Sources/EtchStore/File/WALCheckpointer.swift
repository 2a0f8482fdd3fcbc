import CSQLite
import Dispatch
@_spi(EtchCollections) import Etch
import Synchronization

/// Checkpoints a store file's WAL on a thread of its own, so that no commit waits for one.
///
/// Left to itself, SQLite checkpoints in the commit that grows the WAL past 1,000 pages: that
/// commit copies the pages into the database file and syncs it before it returns, about a
/// tenth of every small commit's time spread over them. Here the store connection's WAL hook
/// asks a ``WALCheckpointPolicy`` what to do instead: most often nothing, sometimes schedule a
/// passive checkpoint, which this type runs on a connection and a queue of its own while later
/// commits go on (a passive checkpoint takes no lock a writer needs), and now and then copy the
/// last few pages in the commit, so that SQLite starts the WAL again.
final class WALCheckpointer: Sendable {
    /// The file's path.
    private let path: String
    /// The file's durability, which the checkpoint's syncs follow.
    private let durability: StoreDurability
    /// The queue the checkpoints run on, one at a time.
    private let queue = DispatchQueue(label: "Etch WAL checkpoint")
    /// When to checkpoint, and where.
    private let policy = Locked(WALCheckpointPolicy())
    /// The checkpoint's connection, opened at the first checkpoint, and whether the file is
    /// closed; only the queue uses the connection.
    private let connection = Locked<CheckpointConnection>(CheckpointConnection())
    /// How many checkpoints ran on the queue, and how many of them synced the database
    /// file after, for tests.
    private let finished = Atomic<Int>(0)
    private let synced = Atomic<Int>(0)

    /// The fewest pages a checkpoint beside the commits copies for it to sync the database
    /// file after (see ``syncDatabaseFile(of:)``): the first of a WAL's cycle, not the chases
    /// after it, which copy what commits added meanwhile and must stay short for the WAL to
    /// start again.
    static let syncedPages: Int32 = WALCheckpointPolicy.backgroundPages / 4

    init(path: String, durability: StoreDurability) {
        self.path = path
        self.durability = durability
    }

    /// Makes `database`'s commits schedule this checkpointer's checkpoints, in place of
    /// SQLite's own. The checkpointer must outlive the hook: ``detach(from:)`` removes it.
    func attach(to database: borrowing SQLiteDatabase) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_wal_hook(
            database.handle,
            { context, handle, _, pages in
                guard let context else { return SQLITE_OK }
                Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().walGrew(to: pages, on: handle)
                return SQLITE_OK
            }, context)
    }

    /// Removes the hook ``attach(to:)`` set.
    func detach(from database: borrowing SQLiteDatabase) {
        sqlite3_wal_hook(database.handle, nil, nil)
    }

    /// Waits for a checkpoint running, and closes the checkpoint's connection: later
    /// schedules do nothing.
    func close() {
        queue.sync {
            connection.withLock { state in
                state.isClosed = true
                state.database = nil
            }
        }
    }

    /// The number of checkpoints run on the queue so far.
    var checkpointsRun: Int { finished.load(ordering: .acquiring) }

    /// The number of checkpoints on the queue that synced the database file after.
    var checkpointsSynced: Int { synced.load(ordering: .acquiring) }

    /// After a commit left `pages` pages in the WAL, on the committing connection `handle`.
    private func walGrew(to pages: Int32, on handle: OpaquePointer?) {
        switch policy.withLock({ $0.committed(leaving: pages) }) {
        case .none:
            return
        case .inline:
            checkpoint(handle)
        case .background:
            queue.async { [self] in
                connection.withLock { state in
                    guard !state.isClosed else { return }
                    if state.database == nil { state.database = openDatabase() }
                    switch state.database {
                    case .some(let database):
                        if checkpoint(database.handle) >= Self.syncedPages { syncDatabaseFile(of: database.handle) }
                    case .none: break
                    }
                }
                policy.withLock { $0.backgroundCheckpointEnded() }
                finished.add(1, ordering: .releasing)
            }
        }
    }

    /// Runs a passive checkpoint on `handle` and records how far it copied.
    ///
    /// - Returns: The number of pages it copied, counted from where the last one stopped.
    @discardableResult
    private func checkpoint(_ handle: OpaquePointer?) -> Int32 {
        var (log, copied): (Int32, Int32) = (0, 0)
        guard sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &copied) == SQLITE_OK else {
            return 0
        }
        return policy.withLock { policy in
            // A WAL that started again since holds only pages after the last checkpoint's.
            let before = copied >= policy.copied ? policy.copied : 0
            policy.checkpointed(through: copied)
            return copied - before
        }
    }

    /// Syncs the database file, as SQLite syncs it after a checkpoint that copies the whole
    /// WAL (through the connection's own file handle, which SQLite's locks belong to).
    ///
    /// SQLite syncs the database file only after a checkpoint that copied every page of the
    /// WAL, which a checkpoint beside commits never does: they add pages meanwhile. So the
    /// pages of a cycle's checkpoints waited, unsynced, for the commit that copies the WAL's
    /// last pages (see ``WALCheckpointPolicy``), and that commit's sync wrote them all, some
    /// 16 MB. On the benchmark machine (etch-bench's durability row and 40,000 more `.normal`
    /// commits at 100k tracks, its syncs timed with strace), those commits' syncs of the
    /// database file took 12–24 ms each on average; synced here first, 3–7 ms: 2–5 µs off
    /// the mean of every commit, depending on the machine's load, spent on this thread instead.
    private func syncDatabaseFile(of handle: OpaquePointer?) {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, let sync = file.pointee.pMethods?.pointee.xSync
        else { return }
        if sync(file, SQLITE_SYNC_NORMAL) == SQLITE_OK { synced.add(1, ordering: .releasing) }
    }

    /// The checkpoint's connection: never creating the file (it may have moved since), never
    /// checkpointing as it closes (the store's own connection does), syncing as the store does.
    private func openDatabase() -> SQLiteDatabase? {
        guard let database = try? SQLiteDatabase(opening: path, creating: false) else { return nil }
        database.setCheckpointOnClose(false)
        guard (try? database.execute("PRAGMA synchronous = \(durability.synchronousPragma)")) != nil else {
            return nil
        }
        return database
    }
}

/// What ``WALCheckpointer`` guards with its lock.
private struct CheckpointConnection: ~Copyable {
    /// The connection, once opened.
    var database: SQLiteDatabase?
    /// Whether the file closed.
    var isClosed = false
}
