extension Store {
    /// How many times, a millisecond apart, the store looks for the end of the reads that
    /// hold a snapshot it retired before it lets go of the snapshot anyway (a snapshot kept
    /// by the app, not a read, is then freed by the app).
    static let reclaimAttempts = 20

    /// Lets go of a snapshot the store no longer publishes: at once when no read holds it,
    /// else once the reads that hold it let go (see ``RetiredSnapshots``).
    func retire(_ snapshot: consuming StoreSnapshot) {
        retiredSnapshots.retire(snapshot)
        guard !retiredSnapshots.isEmpty, reclaimer == nil, !isClosed else { return }
        reclaimer = Task { [weak self] in
            for attempt in 1...Self.reclaimAttempts {
                try? await Task.sleep(for: .milliseconds(1))
                guard let store = self, await store.reclaim(last: attempt == Self.reclaimAttempts) else { return }
            }
        }
    }

    /// Drops the retired snapshots no read holds any more; with `last`, every one.
    ///
    /// - Returns: Whether to look again: some are still held.
    private func reclaim(last: Bool) -> Bool {
        if last { retiredSnapshots.dropAll() } else { retiredSnapshots.dropUnshared() }
        guard retiredSnapshots.isEmpty else { return true }
        reclaimer = nil
        return false
    }

    /// Lets go of every retired snapshot, when the store closes (and in tests that need the
    /// store to stop tracking the snapshots they keep, without waiting for the reclaimer).
    package func dropRetiredSnapshots() {
        reclaimer?.cancel()
        reclaimer = nil
        retiredSnapshots.dropAll()
    }
}
