import EtchPostgres
import EtchStore
import EtchTestSupport
import Foundation
import Testing

/// A process committing to a PostgresStore (`EtchPostgresCommitLoopHelper`), killed with
/// SIGKILL at random moments: every acknowledged commit stays, none is applied in part, the
/// history agrees with the objects, and the store opens and writes afterwards.
@Suite(.enabled(if: PostgresTestServer.isConfigured)) struct PostgresKillTests {}

extension PostgresKillTests {
    /// The accounts the helper moves amounts between, and what each holds at first.
    static let accounts = (0..<8).map { "a\($0)" }
    static let openingBalance = 1_000

    @Test func killedWriterLeavesEveryCommitWholeAndTheStoreWritable() async throws {
        let schema = try TemporarySchema()
        // A name of its own for the helper's connections, to wait for the server to end them.
        let name = "etch_kill_" + schema.name.suffix(8)
        let helperConnectionString = schema.connectionString(applicationName: name)
        let store = try await PostgresStore(connectionString: schema.connectionString, models: [Counter.self])
        try await store.write { tx in
            try tx.insert(Counter(id: "sequence", value: 0))
            for account in Self.accounts { try tx.insert(Counter(id: account, value: Self.openingBalance)) }
        }
        let admin = try PostgresConnection(connectionString: schema.connectionString)
        var random = SeededGenerator(seed: 23)
        var sequence = 0
        for round in 0..<4 {
            let delay = Duration.microseconds(Int.random(in: 0..<30_000, using: &random))
            let acknowledged = try await CommitLoopProcess.runUntilKilled(
                connectionString: helperConnectionString, after: 5, and: delay)
            // The helper went on from the commit the last round left.
            #expect(acknowledged == Array((sequence + 1)..<(sequence + 1 + acknowledged.count)), "round \(round)")
            #expect(acknowledged.count >= 5, "round \(round)")
            try await Self.waitUntilTheServerEndsTheSessions(of: name, admin: admin)
            let last = acknowledged.last ?? sequence
            sequence = try await Self.wholeCommits(in: store)
            // Every acknowledged commit stayed, and at most the one under way besides.
            #expect(sequence == last || sequence == last + 1, "round \(round): \(sequence) after \(last)")
        }

        // A store opened anew writes on what the killed processes left.
        let reopened = try await PostgresStore(connectionString: schema.connectionString, models: [Counter.self])
        try await reopened.write { tx in
            let number = try tx.update(Counter.self, id: "sequence") { $0.copyWith(value: $0.value + 1) }.value
            try tx.update(Counter.self, id: "a0") { $0.copyWith(value: $0.value - 5) }
            try tx.update(Counter.self, id: "a1") { $0.copyWith(value: $0.value + 5) }
            try tx.insert(Counter(id: "r\(number)", value: 5))
            try tx.delete(Counter.self, id: "r\(number - 2)")
        }
        #expect(try await Self.wholeCommits(in: reopened) == sequence + 1)
        await reopened.close()
        await store.close()
    }

    /// Waits until the server ended the killed helper's sessions, which it does when it next
    /// reads from their sockets: a `COMMIT` the helper sent before it died may apply until then.
    static func waitUntilTheServerEndsTheSessions(of name: String, admin: PostgresConnection) async throws {
        try await within(.seconds(60)) {
            while try admin.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [name])
                .singleValue != "0"
            {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// The number of the last commit the store holds, after checking that it holds whole
    /// commits only: the accounts keep their total, the receipts are the last two commits',
    /// and the history, replayed from the accounts' opening, shows each commit whole and ends
    /// on the objects the store holds.
    static func wholeCommits(in store: PostgresStore) async throws -> Int {
        let objects = Dictionary(
            uniqueKeysWithValues: try await store.fetch(StoreQuery<Counter>()).map { ($0.id, $0.value) })
        let sequence = try #require(objects["sequence"])
        #expect(accounts.reduce(0) { $0 + (objects[$1] ?? 0) } == accounts.count * openingBalance)
        let receipts = Set(objects.keys).subtracting(accounts + ["sequence"])
        #expect(receipts == Set([sequence - 1, sequence].filter { $0 >= 1 }.map { "r\($0)" }))

        let commits = try await store.history(since: nil)
        #expect(commits.count == sequence + 1, "the opening commit, then one per number")
        var replayed: [String: Int] = [:]
        for (offset, commit) in commits.enumerated() {
            let before = replayed
            let change = try commit.changes(of: Counter.self)
            for counter in change.inserted + change.updated { replayed[counter.id] = counter.value }
            for counter in change.deleted { replayed[counter.id] = nil }
            guard offset > 0 else { continue }
            let number = try #require(replayed["sequence"])
            #expect(number == offset, "commit \(commit.token.number)")
            let moved = accounts.compactMap { account -> Int? in
                let difference = (replayed[account] ?? 0) - (before[account] ?? 0)
                return difference == 0 ? nil : difference
            }
            #expect(moved.count == 2 && moved.reduce(0, +) == 0, "commit \(number): \(moved)")
            #expect(replayed["r\(number)"] == moved.max() && before["r\(number)"] == nil, "commit \(number)")
            let changed = Set(before.keys).union(replayed.keys).filter { before[$0] != replayed[$0] }
            let expected = ["sequence", "r\(number)"] + (number > 2 ? ["r\(number - 2)"] : [])
            #expect(changed.subtracting(accounts) == Set(expected), "commit \(number)")
        }
        #expect(replayed == objects)
        return sequence
    }
}
