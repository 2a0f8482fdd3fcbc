import Etch
import EtchStore
import Foundation

extension PostgresStore {
    /// Observes a query: the stream's first change holds the query's results, and each
    /// commit that changes them — this store's, or any other store's on the schema, in any
    /// process — sends one ``Etch/ListChange`` with the deletions, insertions, moves and
    /// updates a table or collection view animates, the events ``EtchStore/Store/observe(_:)``
    /// sends.
    ///
    /// The results and the history token they are as of are read in one snapshot; then the
    /// live feed of the history (``historyUpdates(since:)``) brings each later commit, and
    /// the commit's objects of the type are applied to the matches kept in memory, sorted,
    /// without asking the server again: *m* predicate evaluations and O(*m* log *n*) per
    /// commit of *m* objects, as the SQLite store's live queries cost (their code does it).
    /// Every match is kept, also with a `fetchLimit`, so that objects can move into the
    /// window: O(*n*) memory for *n* matches. Applying every change to a copy
    /// (``Etch/ListChange/apply(to:)``) always gives what ``fetch(_:)`` answers as of the
    /// last commit received.
    ///
    /// ```swift
    /// let query = StoreQuery<Album>(
    ///     predicate: #Predicate { $0.artist == "a1" }, sortBy: [SortDescriptor(\.year)], fetchLimit: 20)
    /// var rows: [Album] = []
    /// for await change in try await store.observe(query) {
    ///     change.apply(to: &rows)
    /// }
    /// ```
    ///
    /// The stream buffers without limit, so consume it promptly; it ends when the store
    /// closes or its consumer stops. An object on which the predicate throws is left out of
    /// later results.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError/historyOff`` for a
    ///   store opened without history; what the predicate throws on a current object;
    ///   ``PostgresError`` when the server fails.
    public func observe<Model: IdentifiedModel>(_ query: StoreQuery<Model>) async throws -> AsyncStream<
        ListChange<Model>
    > {
        let history = try recordedHistory()
        _ = try table(of: Model.self)
        var whole = query
        whole.fetchLimit = nil
        whole.fetchOffset = 0
        whole.sortBy = []
        let (token, seen, members) = try await snapshot(of: history) { [whole] connection in
            try self.fetch(whole, on: connection)
        }
        let commits = try await historyFeed().updates(since: token, isSettled: true, skipping: seen)
        let window = LiveWindow(offset: query.fetchOffset, limit: query.fetchLimit)
        let (stream, continuation) = AsyncStream.makeStream(of: ListChange<Model>.self)
        let task = Task {
            // The list lives on this task alone.
            let evaluation = QueryEvaluation(query)
            let order = query.sortBy.map { descriptor in SortKey<Model>.comparator { descriptor.compare($0, $1) } }
            let list = LiveList(
                members: members, order: order, window: window, isMember: { (try? evaluation.matches($0)) ?? false },
                send: { continuation.yield($0) })
            for await commit in commits {
                guard let change = try? commit.changes(of: Model.self) else { break }
                if !change.isEmpty { list.receive(change) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Observes one object: the stream's first element is the object (or `nil` when there
    /// is none), then the new version after each commit, by any store on the schema, that
    /// inserts, changes or deletes it (`nil` once deleted).
    ///
    /// ```swift
    /// for await album in try await store.observe(Album.self, id: "b1") {
    ///     title = album?.title ?? "Deleted"
    /// }
    /// ```
    ///
    /// The stream ends when the store closes or its consumer stops.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; ``PostgresError/historyOff``;
    ///   ``PostgresError`` when the server fails.
    /// - Complexity: O(*m*) per commit of *m* objects of the type.
    public func observe<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) async throws -> AsyncStream<
        Model?
    > {
        let history = try recordedHistory()
        let table = try table(of: type)
        let (token, seen, object) = try await snapshot(of: history) { connection in
            try table.object(withID: id, as: type, on: connection)
        }
        let commits = try await historyFeed().updates(since: token, isSettled: true, skipping: seen)
        return Self.relay(commits, initial: [object]) { commit, continuation in
            let change = try commit.changes(of: Model.self)
            if let object = change.inserted.last(where: { $0.id == id }) ?? change.updated.last(where: { $0.id == id })
            {
                continuation.yield(object)
            } else if change.deleted.contains(where: { $0.id == id }) {
                continuation.yield(nil)
            }
        }
    }

    /// Runs reads in one `REPEATABLE READ` transaction, so that they see one snapshot, and
    /// says where a live feed of what changes after them starts: the settled token, read
    /// before the transaction (``PostgresHistory/currentToken(on:)``), and the tokens after
    /// it whose commits the snapshot already saw, which the feed skips. So the reads and the
    /// feed agree: each commit is in one or the other, and an object's commits that the feed
    /// sends all came after those the reads saw.
    func snapshot<Result: Sendable>(
        of history: PostgresHistory, _ body: @Sendable (PostgresConnection) throws -> Result
    ) async throws -> (token: HistoryToken, seen: Set<Int>, result: Result) {
        let token = try await read { connection in try history.currentToken(on: connection) }
        let (seen, result) = try await pool.transaction(isolation: .repeatableRead, maxAttempts: 1) { connection in
            let result = try body(connection)
            return (try history.visibleTokens(after: token.number, on: connection), result)
        }
        return (token, seen, result)
    }
}
