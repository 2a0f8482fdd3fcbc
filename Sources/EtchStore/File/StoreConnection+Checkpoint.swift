/// The objects table as a checkpoint of the history (file format 4).
///
/// A small commit writes its history row only: one page of the file rather than two. The
/// objects table takes the commits after its checkpoint in batches, each object once however
/// many of them changed it, when a store folds them (every ``Store/foldInterval`` commits, with
/// a large commit, a prune, an open that finds some, and at close). Until then, reading the
/// objects means reading the table and the history after the checkpoint, as
/// ``currentRecords(model:)`` does.
extension StoreConnection {
    /// Writes what the history holds after `checkpoint` into the objects table, inside the
    /// open write transaction: for each object the commits changed, its last version, or its
    /// deletion. The caller records the new checkpoint with ``setState(checkpoint:prunedThrough:)``.
    ///
    /// Folding is idempotent: the history holds whole objects, so writing a commit the table
    /// already holds changes nothing.
    ///
    /// - Parameters:
    ///   - checkpoint: The token the objects table holds every commit through.
    ///   - known: What the commits after `checkpoint` changed, when the caller knows it all
    ///     (``PendingFold``): nothing is read back from the history then.
    /// - Complexity: O(*m* log *n*) for *m* objects changed in a file of *n*.
    /// - Throws: as ``history(after:)``, or a failure to write.
    func foldCommits(after checkpoint: Int, known: PendingFold? = nil) throws(StoreError) {
        if let known, known.checkpoint == checkpoint {
            try write(Array(known.changes.values))
        } else {
            try write(Array(pendingChanges(after: checkpoint).values))
        }
    }

    /// Folds the commits after the file's checkpoint, inside the open write transaction, and
    /// moves the checkpoint to the last commit.
    ///
    /// - Returns: The file's state after the fold.
    /// - Throws: as ``foldCommits(after:)``.
    @discardableResult
    func foldPendingCommits() throws(StoreError) -> StoreFileState {
        var state = try state()
        guard state.hasPendingCommits else { return state }
        try foldCommits(after: state.checkpoint)
        try setState(checkpoint: state.lastToken, prunedThrough: state.prunedThrough)
        state.checkpoint = state.lastToken
        return state
    }

    /// Folds the commits after the file's checkpoint in a write transaction of its own, when
    /// there are any: so that a file at rest holds every object in its objects table. A
    /// failure leaves the file as it was, for the next open to fold.
    func foldPendingCommitsIfAny() {
        guard !isInTransaction, (try? state())?.hasPendingCommits == true else { return }
        do throws(StoreError) {
            try beginWriting()
            try foldPendingCommits()
            try commit()
        } catch {
            rollBack()
        }
    }

    /// The objects of the file, or of one model, as of its last commit: the objects table
    /// with the commits after its checkpoint laid over it, inside an open transaction; in
    /// (model, id) order, comparing the texts' UTF-8 bytes, as the table holds them.
    ///
    /// - Complexity: O(*n* + *m*) for *n* records and *m* pending changes, and a sort when
    ///   there are pending changes.
    /// - Throws: as ``readAll(model:)`` and ``history(after:)``.
    func currentRecords(model: String? = nil, state: StoreFileState) throws(StoreError) -> [StoredRecord] {
        let table = try readAll(model: model)
        guard state.hasPendingCommits else { return table }
        var pending = try pendingChanges(after: state.checkpoint)
        if let model { pending = pending.filter { $0.key.model.elementsEqual(model.utf8) } }
        guard !pending.isEmpty else { return table }
        var records = table.filter { pending[RecordKey(model: $0.model, id: $0.id)] == nil }
        for change in pending.values {
            if case .put(let record) = change { records.append(record) }
        }
        records.sort { RecordKey(model: $0.model, id: $0.id) < RecordKey(model: $1.model, id: $1.id) }
        return records
    }

    /// The last change the history after `checkpoint` makes to each object it names.
    private func pendingChanges(after checkpoint: Int) throws(StoreError) -> [RecordKey: RecordChange] {
        var changes: [RecordKey: RecordChange] = [:]
        for row in try history(after: checkpoint) {
            for entry in row.entries {
                changes[RecordKey(model: entry.record.model, id: entry.record.id)] = entry.recordChange
            }
        }
        return changes
    }
}

/// What the commits after a file's checkpoint changed, as the store that made them knows it:
/// the last change to each object, so that the next fold writes them without reading the
/// history back and decoding it.
///
/// A store keeps one while every commit after the checkpoint is its own: it starts empty at a
/// fold and takes each commit's entries after the commit is durable. Another store's commit
/// makes it stale (``through`` no longer the store's last token), and the fold reads the
/// history, as it must then.
struct PendingFold {
    /// The checkpoint the changes follow.
    let checkpoint: Int
    /// The last commit the changes include.
    private(set) var through: Int
    /// The last change to each object since the checkpoint.
    private(set) var changes: [RecordKey: RecordChange] = [:]

    /// Nothing changed since `checkpoint`, the file's last commit; with room for the changes
    /// of `capacity` objects, so that the commits until the next fold add to the table
    /// without growing it again and again.
    init(checkpoint: Int, capacity: Int = 0) {
        self.checkpoint = checkpoint
        through = checkpoint
        changes.reserveCapacity(capacity)
    }

    /// Adds the entries of the commit with `token`, the one after ``through``.
    mutating func add(_ entries: [HistoryEntry], token: Int) {
        for entry in entries {
            changes[RecordKey(model: entry.record.model, id: entry.record.id)] = entry.recordChange
        }
        through = token
    }
}

/// A record's place in the objects table: its model and its stored id, as the bytes the
/// table's key compares (two texts Swift finds equal are two rows when their bytes differ).
struct RecordKey: Hashable, Comparable {
    var model: [UInt8]
    var id: [UInt8]

    init(model: String, id: String) {
        self.model = Array(model.utf8)
        self.id = Array(id.utf8)
    }

    static func < (left: RecordKey, right: RecordKey) -> Bool {
        left.model == right.model
            ? left.id.lexicographicallyPrecedes(right.id) : left.model.lexicographicallyPrecedes(right.model)
    }
}
