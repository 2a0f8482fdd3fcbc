extension DataSource {
    /// A load in flight, which later callers join instead of starting another.
    struct PageLoad {
        let generation: Int
        let isReload: Bool
        let task: Task<Void, any Error>
    }

    /// Fetches the next page from the loader and adds it as one change.
    ///
    /// Pages are asked for at the offset of the objects the loader has given so far (not
    /// counting objects added by other writes). A short page sets ``loadState`` to
    /// ``DataSourceLoadState/exhausted``, after which this does nothing until ``reload()``.
    /// With a store behind the data source, it returns once the store has committed the page.
    /// While a load runs, further calls wait for it instead of starting another. A failed
    /// load keeps every object loaded before, sets ``DataSourceLoadState/failed(_:)``, and
    /// the next call asks for the same page again.
    ///
    /// ```swift
    /// // When the last row appears:
    /// try await tasks.loadNextPage()
    /// ```
    ///
    /// - Throws: The loader's error; `CancellationError` when a ``reload()`` superseded
    ///   this load; the store's refusal of the page (``DataSourceError/storeWriteFailed(reason:)``).
    public func loadNextPage() async throws {
        guard loader != nil else { return }
        if let pageLoad {
            coalescedLoadCount += 1
            return try await pageLoad.task.value
        }
        if loadState.isExhausted { return }
        try await startLoad(reload: nil).value
    }

    /// Fetches the first page again and puts it in place of the objects it replaces, as
    /// one change, then lets paging start over from the second page.
    ///
    /// The page's objects are inserted, or replace the ones with their ids (carrying their
    /// `@local` values over). Which other objects leave is `removing`'s choice, and by
    /// default none do: a pull to refresh never deletes what lies beyond the first page,
    /// such as a store's offline cache of the pages loaded before (see ``ReloadRemoval``).
    /// A page load in flight is superseded; a reload in flight is joined.
    ///
    /// With a store behind the data source, the reload returns once the store has
    /// committed the page and its removals, so what follows reads them from the store.
    ///
    /// ```swift
    /// // Pull to refresh: fresh copies of the first page; nothing else leaves.
    /// try await tasks.reload()
    /// // The loader pages in this data source's order, so an object missing from the
    /// // range the page covers was deleted on the server: remove it too.
    /// try await tasks.reload(removing: .missingWithinPage)
    /// ```
    ///
    /// - Parameter removing: Which objects the page does not hold are removed.
    /// - Throws: The loader's error, and the objects are then left as they were; or the
    ///   store's refusal of the write (``DataSourceError/storeWriteFailed(reason:)``).
    public func reload(removing: ReloadRemoval = .nothing) async throws {
        guard loader != nil else { return }
        if let pageLoad, pageLoad.isReload {
            coalescedLoadCount += 1
            return try await pageLoad.task.value
        }
        try await startLoad(reload: removing).value
    }

    /// Starts a load: of the first page for a reload (`reload` says what it removes), of
    /// the next page otherwise.
    private func startLoad(reload: ReloadRemoval?) -> Task<Void, any Error> {
        let isReload = reload != nil
        pageLoad?.task.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        let offset = isReload ? 0 : nextOffset
        let task = Task {
            try await self.performLoad(generation: generation, offset: offset, reload: reload)
        }
        pageLoad = PageLoad(generation: generation, isReload: isReload, task: task)
        setLoadState(.loading)
        return task
    }

    private func performLoad(generation: Int, offset: Int, reload: ReloadRemoval?) async throws {
        guard let loader else { return }
        let page: [Element]
        do {
            page = try await loader(offset, pageSize)
        } catch {
            guard generation == loadGeneration else { throw CancellationError() }
            pageLoad = nil
            setLoadState(.failed(error))
            throw error
        }
        guard generation == loadGeneration else { throw CancellationError() }
        pageLoad = nil
        let failuresBefore = failedBackingWrites
        if let reload {
            replace(withFirstPage: page, removing: reload)
            nextOffset = page.count
        } else {
            sortAndAdd(contentsOf: page)
            nextOffset += page.count
        }
        setLoadState(page.count < pageSize ? .exhausted : .loaded)
        if backing != nil { try await waitForBacking(failuresBefore: failuresBefore) }
    }

    /// Inserts or replaces a fresh first page and removes what `removing` says, as one change.
    private func replace(withFirstPage page: [Element], removing: ReloadRemoval) {
        let ids = Set(page.map(\.id))
        var removals: [Int] = []
        switch removing {
        case .nothing:
            break
        case .allMissing:
            removals = store.elements.indices.filter { !ids.contains(store.elements[$0].id) }
        case .missingWithinPage:
            let coversAll = page.count < pageSize
            let last = page.max { store.order.precedes($0, $1) }
            for (index, element) in store.elements.enumerated() where !ids.contains(element.id) {
                // The elements are sorted: the first one after the page's last ends the range.
                if !coversAll, let last, store.order.precedes(last, element) { break }
                removals.append(index)
            }
        }
        let removed = idsForBacking(at: removals)
        publish(store.apply(upserting: page, removingIndices: removals, keepingLocalValues: true), removed: removed)
    }

    private func setLoadState(_ state: DataSourceLoadState) {
        loadState = state
        publishStatus()
    }
}
