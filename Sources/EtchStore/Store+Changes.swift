import Etch

extension Store {
    /// A stream of every committed change to the objects of a type from now on: one
    /// ``StoreChange`` per commit that changed any, in commit order.
    ///
    /// The stream buffers without limit (no change may be dropped), so consume it promptly;
    /// it ends when the store goes away, and the subscription ends when its consumer stops.
    ///
    /// ```swift
    /// for await change in try await store.changes(of: Album.self) {
    ///     print(change.inserted.count, change.updated.count, change.deleted.count)
    /// }
    /// ```
    public func changes<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> AsyncStream<
        StoreChange<Model>
    > {
        try catchUpIfStale()
        let table = try tables.table(of: type)
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange<Model>.self)
        observe(table, continuation: continuation) { continuation.yield($0) }
        return stream
    }

    /// The number of live observations of a type: ``changes(of:)`` streams, observed queries,
    /// relations and objects. One whose consumer stopped is removed soon after.
    public func changeSubscriberCount<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> Int {
        try tables.table(of: type).observerCount
    }

    /// Registers `receive` for every commit that changes `table` until `continuation`'s
    /// consumer stops, and ends `continuation` when the store goes away.
    func observe<Model: IdentifiedModel, Element>(
        _ table: ModelTable<Model>, continuation: AsyncStream<Element>.Continuation,
        receive: @escaping (StoreChange<Model>) -> Void
    ) {
        let number = table.addObserver(TableObserver(receive: receive, finish: { continuation.finish() }))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(number, of: Model.self) }
        }
        startWatching()
    }

    private func removeObserver<Model: IdentifiedModel>(_ number: Int, of type: Model.Type) {
        try? tables.table(of: type).removeObserver(number)
    }
}
