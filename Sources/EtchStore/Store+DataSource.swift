@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// The store's side of a ``DataSource`` that shows the objects of a type a predicate
    /// matches: what ``DataSource/init(store:where:sortedBy:pageSize:loader:)`` uses.
    ///
    /// Each commit that changes objects of the type sends the data source one change: the
    /// matching objects it inserted or changed, and the ids of the ones it deleted or changed
    /// so that they no longer match. The data source's writes come back as commits of
    /// their own, each writing the objects with their `@local` values.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)``, or what the predicate throws on a current object.
    public func dataSourceBacking<Model: IdentifiedModel>(
        of type: Model.Type, where predicate: Predicate<Model>? = nil
    ) throws -> DataSourceBacking<Model> {
        try catchUpIfStale()
        let table = try tables.table(of: type)
        let query = StoreQuery<Model>(predicate: predicate)
        let initial = try Self.fetch(query, in: table.contents)
        let evaluation = QueryEvaluation(query)
        let (stream, mailbox) = ObservationMailbox<DataSourceBacking<Model>.Change>.makeStream()
        observe(table, mailbox: mailbox) { change in
            var result = DataSourceBacking<Model>.Change(upserted: [], removed: change.deleted.map(\.id))
            for object in change.inserted + change.updated {
                if (try? evaluation.matches(object)) ?? false {
                    result.upserted.append(object)
                } else {
                    result.removed.append(object.id)
                }
            }
            mailbox.send(result)
        }
        return DataSourceBacking(
            initial: initial, changes: stream,
            write: { [self] upserted, removed in
                try await self.write { tx in
                    for id in removed { _ = try tx.delete(Model.self, id: id) }
                    for object in upserted { try tx.insert(object, localValues: .replace) }
                }
            },
            members: { [self] in try await self.fetch(query) })
    }
}

extension DataSource where Element: IdentifiedModel {
    /// Makes a data source that is a live query over a store: it shows the store's objects
    /// of its type that `predicate` matches, sorted by `keys`, follows every commit, and
    /// writes through to the store, which persists them. Its API is a data source's as ever;
    /// see ``DataSource/init(sortedBy:pageSize:loader:backing:)``.
    ///
    /// ```swift
    /// let open = try await DataSource<TaskItem>(
    ///     store: store, where: #Predicate { !$0.isDone }, sortedBy: [.ascending(\.rank)],
    ///     loader: { offset, limit in try await api.tasks(offset: offset, limit: limit) })
    /// try await open.loadNextPage()      // the page goes into the store, and shows here
    /// try await open.reload()            // pull to refresh: the store keeps what the page lacks
    /// ```
    ///
    /// A ``DataSource/reload(removing:)`` deletes from the store only what it is told to:
    /// by default nothing, so the store's objects beyond the first page (the user's offline
    /// data) stay. Paging and reloads return once the store has committed them.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)``, or what the predicate throws on a current object.
    public init(
        store: Store, where predicate: Predicate<Element>? = nil, sortedBy keys: [SortKey<Element>],
        pageSize: Int = 50, loader: PageLoader? = nil
    ) async throws {
        let backing = try await store.dataSourceBacking(of: Element.self, where: predicate)
        self.init(sortedBy: keys, pageSize: pageSize, loader: loader, backing: backing)
    }
}
