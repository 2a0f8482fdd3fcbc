@_spi(EtchCollections) import Etch

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
        let (stream, mailbox) = ObservationMailbox<StoreChange<Model>>.makeStream()
        observe(table, mailbox: mailbox) { mailbox.send($0) }
        return stream
    }

    /// The number of live observations of a type: ``changes(of:)`` streams, observed queries,
    /// relations and objects. One whose stream ended (its consumer stopped, or its task was
    /// cancelled) is no longer counted.
    public func changeSubscriberCount<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> Int {
        removeEndedObservations(endingSweep: false)
        return try tables.table(of: type).observerCount
    }

    /// Registers `receive` for every commit that changes `table` until the consumer of
    /// `mailbox`'s stream stops, and finishes the stream when the store goes away.
    ///
    /// Call it in the same turn of the actor that reads what the stream starts with, so no
    /// commit falls between the two.
    func observe<Model: IdentifiedModel, Element>(
        _ table: ModelTable<Model>, mailbox: ObservationMailbox<Element>,
        receive: @escaping (StoreChange<Model>) -> Void
    ) {
        removeEndedObservations(endingSweep: false)
        let number = table.addObserver(TableObserver(receive: receive, finish: mailbox.finish))
        // The stream ends on its consumer's thread: the end is written down there, with no
        // task of its own, and removed by the actor (see `EndedObservations`).
        mailbox.setOnEnd { [weak self] in self?.observationEnded(number, of: Model.self) }
        startWatching()
    }

    /// Writes down an observation whose stream ended, and schedules a sweep to remove it
    /// unless one is on its way.
    private nonisolated func observationEnded<Model: IdentifiedModel>(_ number: Int, of type: Model.Type) {
        guard endedObservations.record(number, of: type) else { return }
        Task { [weak self] in
            try? await Task.sleep(for: EndedObservations.sweepDelay)
            await self?.removeEndedObservations(endingSweep: true)
        }
    }

    /// Removes the observations whose streams ended from their tables.
    ///
    /// - Parameter endingSweep: Whether the scheduled sweep calls it.
    private func removeEndedObservations(endingSweep: Bool) {
        for ended in endedObservations.take(endingSweep: endingSweep) {
            removeObserver(ended.number, of: ended.type)
        }
    }

    private func removeObserver<Model: IdentifiedModel>(_ number: Int, of type: Model.Type) {
        try? tables.table(of: type).removeObserver(number)
    }
}
