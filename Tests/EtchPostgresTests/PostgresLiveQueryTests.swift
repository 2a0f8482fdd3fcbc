import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

/// Live queries on PostgreSQL, fed by the history: each test observes through one store and
/// writes through another on the same schema, with a pool of its own — another process's
/// view. (A write through `psql` would not go through Etch and would record no history.)
@Suite(.enabled(if: PostgresTestServer.isConfigured), .serialized) struct PostgresLiveQueryTests {}

extension PostgresLiveQueryTests {
    /// Two stores on one new schema: the observer and the writer.
    static func openPair(_ schema: TemporarySchema) async throws -> (observer: PostgresStore, writer: PostgresStore) {
        let observer = try await PostgresStoreHistoryTests.open(schema)
        let writer = try await PostgresStoreHistoryTests.open(schema)
        return (observer, writer)
    }

    /// Applies the changes collected so far to an empty list, until the list is `expected`
    /// or `timeout` passed; the list then.
    static func applied<Model: IdentifiedModel>(
        _ collected: Collected<ListChange<Model>>, until expected: [Model], timeout: Duration = .seconds(15)
    ) async throws -> [Model] {
        let deadline = ContinuousClock.now + timeout
        while true {
            var list: [Model] = []
            for change in collected.all { change.apply(to: &list) }
            if list == expected || ContinuousClock.now >= deadline { return list }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Writes that move counters into, within and out of a query's results, and deletes.
    static func churn(_ writer: PostgresStore) async throws {
        try await writer.write { tx in
            for value in [12, 30, 5, 18] { try tx.insert(Counter(id: "c\(value)", value: value)) }
        }
        try await writer.write { tx in try tx.insert(Counter(id: "c11", value: 11)) }
        try await writer.write { tx in try tx.update(Counter.self, id: "c5") { $0.copyWith(value: 10) } }
        try await writer.write { tx in try tx.update(Counter.self, id: "c30") { $0.copyWith(value: 1) } }
        try await writer.write { tx in try tx.update(Counter.self, id: "c12") { $0.copyWith(value: 40) } }
        try await writer.write { tx in _ = try tx.delete(Counter.self, id: "c11") }
        try await writer.write { tx in
            try tx.insert(Counter(id: "c13", value: 13))
            _ = try tx.delete(Counter.self, id: "c18")
        }
    }

    @Test(arguments: [nil, 2] as [Int?])
    func aLiveQuerySeesAnotherStoresCommits(limit: Int?) async throws {
        let schema = try TemporarySchema()
        let (observer, writer) = try await Self.openPair(schema)
        try await writer.write { tx in try tx.insert(Counter(id: "c20", value: 20)) }
        let query = StoreQuery<Counter>(
            predicate: #Predicate { $0.value >= 10 }, sortBy: [SortDescriptor(\.value)], fetchLimit: limit)
        let collected = Collected(try await observer.observe(query))
        #expect(try await collected.waitFor(count: 1).first?.snapshot.map(\.id) == ["c20"])
        try await Self.churn(writer)
        let expected = try await writer.fetch(query)
        #expect(expected.map(\.value) == (limit == nil ? [10, 13, 20, 40] : [10, 13]))
        // Every event, applied in turn to the list before it, gives the query's answer.
        #expect(try await Self.applied(collected, until: expected) == expected)
        for change in collected.all.dropFirst() {
            var list = Array(repeating: Counter(id: "?", value: 0), count: change.oldCount)
            change.apply(to: &list)
            #expect(list.count == change.snapshot.count)
        }
        await writer.close()
        await observer.close()
    }

    @Test func observingAnObjectSeesItsVersionsAndItsDeletion() async throws {
        let schema = try TemporarySchema()
        let (observer, writer) = try await Self.openPair(schema)
        let collected = Collected(try await observer.observe(Counter.self, id: "c"))
        try await writer.write { tx in try tx.insert(Counter(id: "c", value: 1)) }
        try await writer.write { tx in try tx.insert(Counter(id: "other", value: 1)) }
        try await writer.write { tx in try tx.update(Counter.self, id: "c") { $0.copyWith(value: 2) } }
        try await writer.write { tx in _ = try tx.delete(Counter.self, id: "c") }
        let versions = try await collected.waitFor(count: 4)
        #expect(versions.map { $0?.value } == [nil, 1, 2, nil])
        await writer.close()
        await observer.close()
    }

    @Test func closingTheStoreEndsItsStreams() async throws {
        let schema = try TemporarySchema()
        let store = try await PostgresStoreHistoryTests.open(schema)
        let query = try await store.observe(StoreQuery<Counter>())
        let changes = try await store.changes(of: Counter.self)
        await store.close()
        var count = 0
        for await _ in query { count += 1 }
        for await _ in changes { count += 1 }
        #expect(count == 1)  // the query's first result, then the end
        await #expect(throws: PostgresError.self) { _ = try await store.observe(StoreQuery<Counter>()) }
    }

    /// The delay from a commit through one store (its `write` returned) to the event of
    /// another store's live query, over 200 commits one after the other.
    @Test func delayFromACommitToAnotherStoresLiveQuery() async throws {
        let schema = try TemporarySchema()
        let (observer, writer) = try await Self.openPair(schema)
        try await writer.write { tx in try tx.insert(Counter(id: "c", value: 0)) }
        var events = try await observer.observe(StoreQuery<Counter>()).makeAsyncIterator()
        _ = await events.next()
        var delays: [Duration] = []
        for value in 1...200 {
            try await writer.write { tx in try tx.update(Counter.self, id: "c") { $0.copyWith(value: value) } }
            let committed = ContinuousClock.now
            let change = await events.next()
            delays.append(ContinuousClock.now - committed)
            #expect(change?.snapshot.first?.value == value)
        }
        delays.sort()
        let median = delays[delays.count / 2]
        let worst = delays[delays.count - 1]
        print("commit → other store's live query event over \(delays.count) commits: median \(median), worst \(worst)")
        #expect(worst < .seconds(5))
        await writer.close()
        await observer.close()
    }
}
