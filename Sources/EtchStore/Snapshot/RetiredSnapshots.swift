/// The snapshots a store stopped publishing that a read still held when it did, kept until
/// no read holds them.
///
/// A read takes the current snapshot and lets go of it when it returns. The memory only an
/// old snapshot holds — after a commit that rebuilt a table, the whole old table and every
/// object the commit replaced — is freed by whoever lets go of the snapshot last. Were that
/// a read, the read would take as long as freeing it (tens of milliseconds for 100k
/// objects). Keeping the snapshot here until the reads are done makes the store's actor the
/// last holder, so it frees the memory, and no read ever pays for freeing a commit's
/// leftovers.
struct RetiredSnapshots {
    /// The snapshots still held by a read when they were retired, oldest first.
    private var held: [StoreSnapshot] = []

    /// Whether a retired snapshot is still held by a read.
    var isEmpty: Bool { held.isEmpty }

    /// Retires a snapshot the store no longer publishes, and drops every retired snapshot no
    /// read holds any more.
    mutating func retire(_ snapshot: consuming StoreSnapshot) {
        held.append(snapshot)
        dropUnshared()
    }

    /// Drops every retired snapshot no read holds any more, freeing what only it held.
    mutating func dropUnshared() {
        var position = 0
        while position < held.count {
            if held[position].isUnshared() {
                held.remove(at: position)
            } else {
                position += 1
            }
        }
    }

    /// Drops every retired snapshot: a read that still holds one frees it when it returns.
    mutating func dropAll() {
        held.removeAll()
    }
}
