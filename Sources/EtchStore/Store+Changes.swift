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
        let table = try tables.table(of: type)
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange<Model>.self)
        let number = table.addSubscriber(continuation)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeSubscriber(number, of: type) }
        }
        return stream
    }

    /// The number of live change streams of a type.
    public func changeSubscriberCount<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> Int {
        try tables.table(of: type).subscriberCount
    }

    private func removeSubscriber<Model: IdentifiedModel>(_ number: Int, of type: Model.Type) {
        try? tables.table(of: type).removeSubscriber(number)
    }
}
