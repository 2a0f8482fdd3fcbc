@_spi(EtchCollections) import Etch

extension Store {
    /// Closes the store: its commits are durable (each was before ``write(_:)`` returned), the
    /// file is released, every observation's stream ends, and every later call throws
    /// ``StoreError/closed``. Closing twice does nothing more.
    ///
    /// A store that is dropped without closing releases its file too; `close()` says when.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        readState.withLock { $0.isClosed = true }
        stopWatching()
        dropRetiredSnapshots()
        file?.close()
        for table in tables.all { table.finishObservers() }
        finishHistoryObservers()
    }

    /// Starts looking for other stores' commits every ``StoreOptions/watchInterval`` while the
    /// store is observed, so observers hear of them without a read or a write to prompt it.
    func startWatching() {
        guard file != nil, watcher == nil, !isClosed else { return }
        waker = signal?.addWaker { [weak self] in
            Task { await self?.wake() }
        }
        let interval = options.watchInterval
        watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, await self.watch() else { return }
            }
        }
    }

    /// One look for other stores' commits.
    ///
    /// - Returns: Whether to go on: false once the store is closed or nothing observes it.
    private func watch() -> Bool {
        let observed = !historyObservers.isEmpty || tables.all.contains { $0.observerCount > 0 }
        guard !isClosed, observed else {
            stopWatching()
            return false
        }
        // A look that fails is tried again, and reported, by the next read or write.
        try? catchUpIfStale()
        return true
    }

    /// Ends the look for other stores' commits.
    private func stopWatching() {
        watcher?.cancel()
        watcher = nil
        if let waker { signal?.removeWaker(waker) }
        waker = nil
    }

    /// Catches up at once when another store of this process committed to the file.
    private func wake() {
        guard watcher != nil else { return }
        try? catchUpIfStale()
    }
}
