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
    ///   this load.
    public func loadNextPage() async throws {
        guard loader != nil else { return }
        if let pageLoad {
            coalescedLoadCount += 1
            return try await pageLoad.task.value
        }
        if loadState.isExhausted { return }
        try await startLoad(isReload: false).value
    }

    /// Fetches the first page again and makes the contents exactly that page, as one change
    /// (objects still present are replaced, carrying their `@local` values over; the rest
    /// are removed). A page load in flight is superseded; a reload in flight is joined.
    ///
    /// ```swift
    /// // Pull to refresh:
    /// try await tasks.reload()
    /// ```
    ///
    /// - Throws: The loader's error; the objects are then left as they were.
    public func reload() async throws {
        guard loader != nil else { return }
        if let pageLoad, pageLoad.isReload {
            coalescedLoadCount += 1
            return try await pageLoad.task.value
        }
        try await startLoad(isReload: true).value
    }

    private func startLoad(isReload: Bool) -> Task<Void, any Error> {
        pageLoad?.task.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        let offset = isReload ? 0 : nextOffset
        let task = Task {
            try await self.performLoad(generation: generation, offset: offset, isReload: isReload)
        }
        pageLoad = PageLoad(generation: generation, isReload: isReload, task: task)
        setLoadState(.loading)
        return task
    }

    private func performLoad(generation: Int, offset: Int, isReload: Bool) async throws {
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
        if isReload {
            replaceAll(with: page)
            nextOffset = page.count
        } else {
            sortAndAdd(contentsOf: page)
            nextOffset += page.count
        }
        setLoadState(page.count < pageSize ? .exhausted : .loaded)
    }

    private func setLoadState(_ state: DataSourceLoadState) {
        loadState = state
        publishStatus()
    }
}
