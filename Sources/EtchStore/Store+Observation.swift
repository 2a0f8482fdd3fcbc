@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// Observes a query: the stream's first change holds the query's results, and each
    /// commit that changes them sends one ``ListChange`` with the deletions, insertions,
    /// moves and updates a table or collection view animates, as ``DataSource/changes()``
    /// does.
    ///
    /// The store keeps the query's matches sorted and updates them from each commit's
    /// changed objects, never by running the query again: a commit of *m* objects of the
    /// type costs *m* predicate evaluations and O(*m* log *n*) per observed query (a commit
    /// of more than a few matching objects is merged in one O(*n*) pass, as a data source's
    /// batch is). With a `fetchLimit` or a `fetchOffset`,
    /// objects move in and out of the window as the commits push them, and the window is
    /// compared with the one before in O(*w*) for *w* shown objects. Applying every change
    /// to a copy (``ListChange/apply(to:)``) always gives what ``fetch(_:)`` would answer.
    ///
    /// ```swift
    /// let rock = Genre.rock
    /// let query = StoreQuery<Album>(
    ///     predicate: #Predicate { $0.genre == rock }, sortBy: [SortDescriptor(\.year)], fetchLimit: 20)
    /// var rows: [Album] = []
    /// for await change in try await store.observe(query) {
    ///     change.apply(to: &rows)          // or hand the indices to a table view
    /// }
    /// ```
    ///
    /// The stream buffers without limit, so consume it promptly; it ends when the store goes
    /// away, and the observation ends when the stream's consumer stops. An object on which
    /// the predicate throws (a failed force unwrap, say) is left out of later results,
    /// where ``fetch(_:)`` would throw.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)``, or what the predicate throws on a current object.
    public func observe<Model: IdentifiedModel>(_ query: StoreQuery<Model>) throws -> AsyncStream<ListChange<Model>> {
        try catchUpIfStale()
        let table = try tables.table(of: Model.self)
        let prepared = Self.prepared(query, in: table.contents)
        if let walk = prepared.walk, let limit = query.fetchLimit {
            return try observeWalk(walk, of: prepared, in: table, offset: query.fetchOffset, limit: limit)
        }
        var whole = query
        whole.fetchLimit = nil
        whole.fetchOffset = 0
        whole.sortBy = []
        let members = try Self.fetch(whole, in: table.contents)
        let evaluation = QueryEvaluation(query)
        let order = query.sortBy.map { descriptor in SortKey<Model>.comparator { descriptor.compare($0, $1) } }
        return observe(
            table, members: members, order: order,
            window: LiveWindow(offset: query.fetchOffset, limit: query.fetchLimit)
        ) { (try? evaluation.matches($0)) ?? false }
    }

    /// Observes the members of an inverse relation, in its declared order: the first change
    /// holds them, and each commit that changes them sends one ``ListChange``, as
    /// ``observe(_:)-(StoreQuery<Model>)`` does.
    ///
    /// ```swift
    /// for await change in try await store.observe(Artist.albums, of: "a1") {
    ///     change.apply(to: &albums)       // a detail screen's list of her albums
    /// }
    /// ```
    ///
    /// - Throws: ``StoreError/unknownModel(_:)``.
    /// - Complexity: O(*m* log *k*) per commit of *m* objects of `Member`, for *k* members.
    public func observe<Owner: IdentifiedModel, Member: IdentifiedModel>(
        _ relation: InverseRelation<Owner, Member>, of ownerID: Owner.ID
    ) throws(StoreError) -> AsyncStream<ListChange<Member>> {
        let members = try related(relation, of: ownerID)
        let ownerIDs = relation.ownerIDs
        return observe(
            try tables.table(of: Member.self), members: members, order: relation.order,
            window: LiveWindow(offset: 0, limit: nil)
        ) { ownerIDs($0).contains(ownerID) }
    }

    /// Observes one object: the stream's first element is the object (or `nil` when there
    /// is none), then the new version after each commit that inserts, changes or deletes it
    /// (`nil` once deleted).
    ///
    /// ```swift
    /// for await album in try await store.observe(Album.self, id: "b1") {
    ///     title = album?.title ?? "Deleted"
    /// }
    /// ```
    ///
    /// - Throws: ``StoreError/unknownModel(_:)``.
    /// - Complexity: O(*m*) per commit of *m* objects of the type.
    public func observe<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws(StoreError) -> AsyncStream<
        Model?
    > {
        try catchUpIfStale()
        let table = try tables.table(of: type)
        let (stream, mailbox) = ObservationMailbox<Model?>.makeStream()
        mailbox.send(table.object(id.indexKey))
        observe(table, mailbox: mailbox) { change in
            if let object = change.inserted.last(where: { $0.id == id }) ?? change.updated.last(where: { $0.id == id })
            {
                mailbox.send(object)
            } else if change.deleted.contains(where: { $0.id == id }) {
                mailbox.send(nil)
            }
        }
        return stream
    }

    /// Observes a query whose page a walk of a sorted index answers: the first change and
    /// every later page come from the walk, and no list of every match is kept.
    private func observeWalk<Model: IdentifiedModel>(
        _ walk: IndexWalk, of prepared: PreparedQuery<Model>, in table: ModelTable<Model>,
        offset: Int, limit: Int
    ) throws -> AsyncStream<ListChange<Model>> {
        let page = try Self.results(of: walk, of: prepared, in: table.contents, offset: offset, limit: max(0, limit))
        let (stream, mailbox) = ObservationMailbox<ListChange<Model>>.makeStream()
        let window = LiveIndexWindow(
            page: page, prepared: prepared, position: walk.position, offset: max(0, offset), limit: max(0, limit),
            table: table, mailbox: mailbox)
        observe(table, mailbox: mailbox, receive: window.receive)
        return stream
    }

    private func observe<Model: IdentifiedModel>(
        _ table: ModelTable<Model>, members: [Model], order: [SortKey<Model>], window: LiveWindow,
        isMember: @escaping (Model) -> Bool
    ) -> AsyncStream<ListChange<Model>> {
        let (stream, mailbox) = ObservationMailbox<ListChange<Model>>.makeStream()
        let list = LiveList(members: members, order: order, window: window, isMember: isMember, send: mailbox.send)
        observe(table, mailbox: mailbox, receive: list.receive)
        return stream
    }
}
