extension DataSource {
    /// A stream of every change from now on, in order, one ``ListChange`` per write or batch.
    ///
    /// The first element is ``ListChange/initial(_:)``: the current objects inserted into an
    /// empty list. So a subscriber that applies each change to its own array, starting empty,
    /// always holds what ``objects`` held after that change. The stream buffers without limit
    /// (no change may be dropped), so consume it promptly; it ends when the data source goes
    /// away, and the subscription ends when the stream's consumer stops.
    ///
    /// ```swift
    /// var rows: [TaskItem] = []
    /// for await change in await tasks.changes() {
    ///     change.apply(to: &rows)          // or hand the indices to a table view
    /// }
    /// ```
    public func changes() -> AsyncStream<ListChange<Element>> {
        let (stream, continuation) = AsyncStream.makeStream(of: ListChange<Element>.self)
        let id = makeSubscriberID()
        continuation.yield(.initial(store.elements))
        changeSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeChangeSubscriber(id) }
        }
        return stream
    }

    /// A stream of the data source's status: the current one first, then one each time the
    /// load state or the save error changes.
    public func statuses() -> AsyncStream<DataSourceStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: DataSourceStatus.self)
        let id = makeSubscriberID()
        continuation.yield(status)
        statusSubscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeStatusSubscriber(id) }
        }
        return stream
    }

    /// The current status.
    public var status: DataSourceStatus {
        DataSourceStatus(loadState: loadState, saveError: saveError)
    }

    /// The number of live change subscriptions.
    var changeSubscriberCount: Int { changeSubscribers.count }

    private func makeSubscriberID() -> UInt64 {
        nextSubscriberID += 1
        return nextSubscriberID
    }

    private func removeChangeSubscriber(_ id: UInt64) {
        changeSubscribers[id] = nil
    }

    private func removeStatusSubscriber(_ id: UInt64) {
        statusSubscribers[id] = nil
    }

    /// Records a write: sends it to subscribers (making a snapshot only if there are any),
    /// schedules an autosave, and sends it on to a backing store.
    ///
    /// - Parameters:
    ///   - change: What the write did.
    ///   - removed: The ids the write removed, for a backing store.
    ///   - fromBacking: Whether the change came from the backing store, which has it already.
    @usableFromInline
    func publish(_ change: ChangeIndices<Element>, removed: [Element.ID] = [], fromBacking: Bool = false) {
        guard !change.isEmpty else { return }
        changeCount += 1
        scheduleAutosave()
        if !changeSubscribers.isEmpty {
            let event = change.listChange(snapshot: store.elements)
            for continuation in changeSubscribers.values { continuation.yield(event) }
        }
        if !fromBacking { sendToBacking(change, removed: removed) }
    }

    /// Sends the current status to subscribers.
    func publishStatus() {
        guard !statusSubscribers.isEmpty else { return }
        let status = status
        for continuation in statusSubscribers.values { continuation.yield(status) }
    }
}
