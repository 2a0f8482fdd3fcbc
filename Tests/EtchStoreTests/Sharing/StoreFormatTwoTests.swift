import Etch
import EtchStore
import Foundation
import Testing

/// Files of format 2 (history rows keyed by a row number, with a token column and its index,
/// and `store_state` written at every commit) open as format 3, keeping every object, every
/// commit and every token a reader kept; a format-2 file that fails to open stays format 2.
@Suite struct StoreFormatTwoTests {
    /// A store file of today's format in `directory`, with one commit inserting each label.
    static func file(in directory: URL, named name: String, commits labels: [Label]) async throws -> URL {
        let url = directory.appending(path: name)
        let store = try Store(url: url, models: EtchModels.all)
        for label in labels { try await store.write { tx in try tx.insert(label) } }
        await store.close()
        return url
    }

    /// Rewrites a store file as format 2 laid it out: the history table, its index and the
    /// header as that format made them, the history rows in token order, one row a part, and
    /// `store_state` holding the last token. With `mergingTokens`, the rows of those tokens
    /// become parts of the first one's commit (format 2 split a commit of more than 8 MiB so).
    static func rewriteAsFormatTwo(_ url: URL, mergingTokens merged: [Int] = []) throws {
        var tokenExpression = "part >> 16"
        if let first = merged.min() {
            let tokens = merged.map(String.init).joined(separator: ", ")
            tokenExpression = "CASE WHEN part >> 16 IN (\(tokens)) THEN \(first) ELSE part >> 16 END"
        }
        try runSQL(
            """
            BEGIN;
            CREATE TABLE history_format_2(
                part INTEGER PRIMARY KEY, token INTEGER NOT NULL, time REAL NOT NULL, changes BLOB NOT NULL
            );
            INSERT INTO history_format_2(token, time, changes)
                SELECT \(tokenExpression), time, changes FROM history ORDER BY part;
            DROP TABLE history;
            ALTER TABLE history_format_2 RENAME TO history;
            CREATE INDEX history_token ON history(token);
            UPDATE store_state SET last_token = (SELECT max(token) FROM history);
            PRAGMA user_version = 2;
            COMMIT;
            """, on: url)
    }
}

extension StoreFormatTwoTests {
    @Test func aFormatTwoFileKeepsEveryObjectCommitAndToken() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "v2.sqlite")
            let (storeID, commits, kept): (UUID, [StoreCommit], HistoryToken)
            do {
                let store = try Store(url: url, models: EtchModels.all)
                try await store.write { tx in
                    try tx.insert(Label(id: "l1", name: "Blue Note"))
                    try tx.insert(Label(id: "l2", name: "Impulse!"))
                }
                let first = await store.historyToken
                try await store.write { tx in try tx.update(Label.self, id: "l1") { $0.copyWith(name: "ECM") } }
                try await store.write { tx in try tx.delete(Label.self, id: "l2") }
                kept = await store.historyToken
                try await store.write { tx in try tx.insert(Label(id: "l3", name: "Verve")) }
                try await store.pruneHistory(before: HistoryToken(storeID: first.storeID, number: 2))
                (storeID, commits) = (first.storeID, try await store.history(since: nil))
                await store.close()
            }
            #expect(commits.map(\.token.number) == [2, 3, 4])
            try Self.rewriteAsFormatTwo(url)
            #expect(try integer("PRAGMA user_version", on: url) == 2)

            let store = try Store(url: url, models: EtchModels.all)
            #expect(try integer("PRAGMA user_version", on: url) == StoreFile.formatVersion)
            #expect(try await store.objects(Label.self).map(\.name) == ["ECM", "Verve"])
            #expect(await store.historyToken == HistoryToken(storeID: storeID, number: 4))
            #expect(try await store.history(since: nil) == commits)
            #expect(try await store.history(since: kept) == Array(commits.suffix(1)))
            // What was pruned stays pruned.
            await #expect(throws: StoreError.historyTokenExpired(token: 0, oldestAvailable: 1)) {
                try await store.history(since: HistoryToken(storeID: storeID, number: 0))
            }
            try await store.write { tx in try tx.insert(Label(id: "l4", name: "Blue Note")) }
            #expect(try await store.history(since: kept).map(\.token.number) == [4, 5])
            await store.close()
            #expect(try integer("SELECT count(*) FROM sqlite_master WHERE name = 'history_token'", on: url) == 0)
        }
    }

    @Test func aFormatTwoCommitInPartsStaysOneCommit() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try await Self.file(
                in: directory, named: "v2-parts.sqlite",
                commits: [Label(id: "l1", name: "Blue Note"), Label(id: "l2", name: "Impulse!")])
            try Self.rewriteAsFormatTwo(url, mergingTokens: [1, 2])
            #expect(try integer("SELECT count(*) FROM history WHERE token = 1", on: url) == 2)

            let store = try Store(url: url, models: EtchModels.all)
            let commits = try await store.history(since: nil)
            #expect(commits.map(\.token.number) == [1])
            #expect(try commits.first?.changes(of: Label.self).inserted.map(\.id) == ["l1", "l2"])
            try await store.write { tx in try tx.insert(Label(id: "l3", name: "Verve")) }
            await store.close()
            #expect(try integer("SELECT count(*) FROM history WHERE part IN (65536, 65537, 131072)", on: url) == 3)
        }
    }

    @Test func aFormatTwoFileThatFailsToOpenStaysFormatTwo() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try await Self.file(
                in: directory, named: "v2-refused.sqlite", commits: [Label(id: "l1", name: "Blue Note")])
            try Self.rewriteAsFormatTwo(url)
            // An object today's Label does not read: the open fails, and the upgrade with it.
            try runSQL("UPDATE objects SET body = CAST('{\"id\":\"l1\"}' AS BLOB)", on: url)
            let before = try Data(contentsOf: url)
            #expect(throws: StoreError.self) { try Store(url: url, models: EtchModels.all) }
            #expect(try Data(contentsOf: url) == before)
            #expect(try integer("PRAGMA user_version", on: url) == 2)
        }
    }
}
