import Etch
import EtchPostgres
import EtchStore
import Foundation
import Testing

extension PostgresLiveQueryTests {
    /// A live query that starts while a transaction holds an earlier token than a commit
    /// already visible waits for that transaction, then starts from both commits, and sends
    /// neither again: its first result and its feed agree.
    @Test func aLiveQueryStartingBesideACommitOutOfOrderSendsEachCommitOnce() async throws {
        let schema = try TemporarySchema()
        let (observer, writer) = try await Self.openPair(schema)
        // A: records its change and stays open, holding its token.
        let a = try PostgresConnection(connectionString: schema.connectionString)
        let history = try PostgresHistory.open(on: a)
        let counters = try PostgresModelTable(for: Counter.self)
        try a.execute("BEGIN")
        try counters.put(Counter(id: "a", value: 10), on: a)
        try history.record([try PostgresHistoryChange(.insert, Counter(id: "a", value: 10))], on: a)
        // B: a store's commit, with the next token, visible at once.
        try await writer.write { tx in try tx.insert(Counter(id: "b", value: 20)) }

        let query = StoreQuery<Counter>(predicate: #Predicate { $0.value >= 10 }, sortBy: [SortDescriptor(\.value)])
        let started = Task { try await observer.observe(query) }
        try await Task.sleep(for: .milliseconds(300))
        try a.execute("COMMIT")
        let collected = Collected(try await started.value)
        #expect(try await collected.waitFor(count: 1).first?.snapshot.map(\.id) == ["a", "b"])

        try await writer.write { tx in try tx.insert(Counter(id: "c", value: 30)) }
        let expected = [Counter(id: "a", value: 10), Counter(id: "b", value: 20), Counter(id: "c", value: 30)]
        #expect(try await Self.applied(collected, until: expected) == expected)
        // Nothing more came: A's and B's commits were not applied again.
        try await Task.sleep(for: .milliseconds(200))
        #expect(collected.all.count == 2)
    }
}
