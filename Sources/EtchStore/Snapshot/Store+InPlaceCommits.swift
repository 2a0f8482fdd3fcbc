extension Store {
    /// The most objects a commit may change and still be applied in place (see
    /// ``applyInPlace(_:token:)``): few enough that the reads it holds up wait microseconds.
    static let inPlaceChangeLimit = 64

    /// Applies a small commit's changes to the tables where they are and publishes the
    /// result, when no read holds the published snapshot.
    ///
    /// The published snapshot shares every tree node with the tables. A change applied beside
    /// it copies the path to its entry in the map, in the id list and in each index the
    /// object is in (leaves of 64 entries, a retain per entry), and the next commit frees the
    /// copies the old snapshot alone held: most of a one-object commit's time. When only the
    /// read state holds that snapshot, the store lets go of it under the read lock and
    /// changes the nodes in place. A read that comes meanwhile waits for the lock: the apply
    /// of at most ``inPlaceChangeLimit`` objects to the contents, never the file, the
    /// relation indexes, the subscribers or the freeing of replaced objects (see
    /// ``StagedCommit/publishApplied()``).
    ///
    /// Readers stay safe whatever this finds, because every change to a tree copies each
    /// node another holder still retains (`isKnownUniquelyReferenced` at every level): a
    /// query still walking a table's contents after letting go of its snapshot keeps its
    /// nodes, and the commit copies them. What is checked here only decides how long the
    /// lock is held: a read holding the published snapshot, or a retired one not yet let
    /// go of, makes this decline, and the commit copies the paths outside the lock as before.
    ///
    /// - Returns: Whether the changes were applied and published; when not, nothing was.
    func applyInPlace(_ staged: [any StagedCommit], token: Int) -> Bool {
        guard retiredSnapshots.isEmpty else { return false }
        var count = 0
        for changes in staged { count += changes.changeCount }
        guard count <= Self.inPlaceChangeLimit else { return false }
        let (tables, storeID, lastToken) = (tables, storeID, lastToken)
        let applied = readState.withLock { state in
            guard state.snapshot.isUnshared() else { return false }
            // Replacing the snapshot lets go of the only other holder of the tables' nodes.
            state.snapshot = StoreSnapshot.placeholder
            for changes in staged { _ = changes.applyToTable(commit: token) }
            state.snapshot = tables.snapshot(storeID: storeID, tokenNumber: lastToken)
            return true
        }
        if applied { inPlaceCommits += 1 }
        return applied
    }
}
