import Etch
import EtchStore
import Foundation
import Testing

/// Format 4 keeps small commits in the history and folds them into the objects table in
/// batches: every ``foldInterval`` commits, with a large commit, at close, and at an open that
/// finds some waiting. Every reader sees every commit whichever side of a fold it is on, and a
/// format-3 file opens as format 4 with every object.
@Suite struct StoreFormatFourTests {
    /// The fold interval the store uses, as the tests count commits by it.
    static let foldInterval = 128

    /// The rows of a model's objects the objects table holds, read as another program would.
    static func storedCount(of model: String, on url: URL) throws -> Int {
        try integer("SELECT count(*) FROM objects WHERE model = '\(model)'", on: url)
    }

    /// The checkpoint the file records: the token the objects table holds every commit through.
    static func checkpoint(on url: URL) throws -> Int {
        try integer("SELECT last_token FROM store_state", on: url)
    }
}

extension StoreFormatFourTests {
    @Test func smallCommitsWaitInTheHistoryAndEveryReaderSeesThem() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "labels.store")
            let store = try Store(url: url, models: EtchModels.all)
            try await store.write { tx in try tx.insert(Label(id: "l0", name: "first")) }
            let (start, stored) = (try Self.checkpoint(on: url), try Self.storedCount(of: "Label", on: url))
            for number in 1...10 {
                try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "label \(number)")) }
            }
            try await store.write { tx in try tx.update(Label.self, id: "l3") { $0.copyWith(name: "renamed") } }
            try await store.write { tx in try tx.delete(Label.self, id: "l4") }
            // Nothing of the last commits is in the objects table yet.
            #expect(try Self.checkpoint(on: url) == start)
            #expect(try Self.storedCount(of: "Label", on: url) == stored)

            // Another store on the file folds them as it opens, and reads them all.
            let other = try Store(url: url, models: EtchModels.all)
            let expected = (0...10).filter { $0 != 4 }.map { "l\($0)" }
            #expect(try await other.objects(Label.self).map(\.id).sorted() == expected.sorted())
            #expect(try await other.object(Label.self, id: "l3")?.name == "renamed")
            #expect(try Self.storedCount(of: "Label", on: url) == 10)
            #expect(try Self.checkpoint(on: url) == (await store.historyToken).number)

            // Both go on committing; each sees the other's commits.
            try await other.write { tx in try tx.insert(Label(id: "m1", name: "from the other")) }
            try await store.write { tx in try tx.update(Label.self, id: "m1") { $0.copyWith(name: "seen") } }
            try await other.refresh()
            #expect(try await other.object(Label.self, id: "m1")?.name == "seen")
            await other.close()
            await store.close()
            #expect(try reopenedRecords(url).count == 11)
        }
    }

    @Test func theCommitAfterTheIntervalFoldsEveryWaitingCommit() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "labels.store")
            let store = try Store(url: url, models: EtchModels.all)
            try await store.write { tx in try tx.insert(Label(id: "counter", name: "0")) }
            let start = try Self.checkpoint(on: url)
            // The same object changed by every commit: the fold writes it once. With the
            // insert, that is the most commits that wait.
            for round in 1..<Self.foldInterval {
                try await store.write { tx in try tx.update(Label.self, id: "counter") { $0.copyWith(name: "\(round)") }
                }
            }
            #expect(try Self.checkpoint(on: url) == start)
            try await store.write { tx in try tx.insert(Label(id: "last", name: "last")) }
            let token = await store.historyToken.number
            #expect(try Self.checkpoint(on: url) == token)
            #expect(try Self.storedCount(of: "Label", on: url) == 2)
            // The history still holds every commit, and reads them in order.
            let commits = try await store.history(since: nil)
            #expect(commits.count == Self.foldInterval + 1)
            await store.close()
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.object(Label.self, id: "counter")?.name == "\(Self.foldInterval - 1)")
            await reopened.close()
        }
    }

    /// Whether the objects table holds the label `id` with `name`, read as another program would.
    static func stores(_ id: String, named name: String, on url: URL) throws -> Bool {
        let body = #"{"id":"\#(id)","name":"\#(name)"}"#
        return try integer(
            "SELECT count(*) FROM objects WHERE model = 'Label' AND id = '\"\(id)\"' AND body = CAST('\(body)' AS BLOB)",
            on: url) == 1
    }

    @Test func aFoldWritesEveryWaitingCommitWhicheverStoreMadeIt() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "labels.store")
            let (store, other) = (
                try Store(url: url, models: EtchModels.all), try Store(url: url, models: EtchModels.all)
            )
            try await store.write { tx in try tx.insert(contentsOf: (0..<40).map { Label(id: "a\($0)", name: "0") }) }
            let start = try Self.checkpoint(on: url)
            // The store's own commits, many objects each changed, some deleted; then the other
            // store's, which the first knows of only by reading the history; then the first's
            // again, up to the commit that folds.
            for round in 1...50 {
                try await store.write { tx in
                    try tx.update(Label.self, id: "a\(round % 40)") { $0.copyWith(name: "\(round)") }
                }
            }
            try await store.write { tx in try tx.delete(Label.self, id: "a39") }
            try await other.write { tx in
                try tx.insert(Label(id: "b1", name: "from the other"))
                try tx.update(Label.self, id: "a5") { $0.copyWith(name: "other") }
            }
            var round = 51
            while try Self.checkpoint(on: url) == start {
                let number = round
                try await store.write { tx in
                    try tx.update(Label.self, id: "a\(10 + number % 20)") { $0.copyWith(name: "\(number)") }
                }
                round += 1
            }
            #expect(round - 51 == Self.foldInterval - 52)
            // The table holds what the store holds, the other store's commit included.
            let labels = try await store.objects(Label.self)
            #expect(labels.count == 40)
            #expect(try Self.storedCount(of: "Label", on: url) == 40)
            for label in labels { #expect(try Self.stores(label.id, named: label.name, on: url), "\(label.id)") }
            #expect(labels.first { $0.id == "b1" }?.name == "from the other")
            #expect(labels.first { $0.id == "a5" }?.name == "other")

            // After that fold, the store's own commits alone, up to the next fold.
            let folded = try Self.checkpoint(on: url)
            while try Self.checkpoint(on: url) == folded {
                let number = round
                try await store.write { tx in
                    try tx.update(Label.self, id: "a\(number % 39)") { $0.copyWith(name: "\(number)") }
                    if number % 17 == 0 { try tx.insert(Label(id: "c\(number)", name: "new")) }
                }
                round += 1
            }
            let after = try await store.objects(Label.self)
            #expect(try Self.storedCount(of: "Label", on: url) == after.count)
            for label in after { #expect(try Self.stores(label.id, named: label.name, on: url), "\(label.id)") }
            await other.close()
            await store.close()
        }
    }

    @Test func aLargeCommitIsWrittenToTheObjectsTableAtOnce() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "labels.store")
            let store = try Store(url: url, models: EtchModels.all)
            try await store.write { tx in try tx.insert(Label(id: "small", name: "waits")) }
            let labels = (0..<100).map { Label(id: "big\($0)", name: "\($0)") }
            try await store.write { tx in try tx.insert(contentsOf: labels) }
            #expect(try Self.checkpoint(on: url) == (await store.historyToken).number)
            #expect(try Self.storedCount(of: "Label", on: url) == 101)
            await store.close()
        }
    }

    @Test func closingFoldsAndAStoreThatNeverClosedLosesNothing() async throws {
        try await StoreTests.withDirectory { directory in
            let labels = (1...5).map { Label(id: "l\($0)", name: "x") }
            let url = try await StoreFormatTwoTests.file(in: directory, named: "labels.store", commits: labels)
            #expect(try Self.storedCount(of: "Label", on: url) == 5)
            #expect(try Self.checkpoint(on: url) == 5)
            do {
                // Released without close, as a process killed mid-run leaves it: the commits
                // are in the history only.
                let store = try Store(url: url, models: EtchModels.all)
                for number in 6...8 {
                    try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "y")) }
                }
                try await store.write { tx in try tx.delete(Label.self, id: "l1") }
                try await store.write { tx in try tx.update(Label.self, id: "l2") { $0.copyWith(name: "z") } }
            }
            #expect(try Self.storedCount(of: "Label", on: url) == 5)
            // Stored ids are the ids' JSON; the records come in the table's order, those of
            // the history laid over it too.
            let ids = (2...8).map { "\"l\($0)\"" }
            #expect(try reopenedRecords(url).map(\.id) == ids)
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.objects(Label.self).count == 7)
            #expect(try Self.storedCount(of: "Label", on: url) == 7)
            await reopened.close()
        }
    }

    @Test func aFormatThreeFileOpensAsFormatFour() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "v3.store")
            let store = try Store(url: url, models: EtchModels.all)
            for number in 1...4 { try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "x")) } }
            await store.close()
            // Format 3 recorded the last token only at a prune: every commit was in objects.
            try runSQL("UPDATE store_state SET last_token = 0; PRAGMA user_version = 3;", on: url)

            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try integer("PRAGMA user_version", on: url) == StoreFile.formatVersion)
            #expect(try Self.checkpoint(on: url) == 4)
            #expect(try await reopened.objects(Label.self).count == 4)
            #expect(try await reopened.history(since: nil).count == 4)
            await reopened.close()
        }
    }

    @Test func pruningNeverPassesTheCheckpoint() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "labels.store")
            var options = StoreOptions()
            options.historyLimit = 3
            let store = try Store(url: url, models: EtchModels.all, options: options)
            for number in 1...20 {
                try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "x")) }
                let pruned = try integer("SELECT pruned_through FROM store_state", on: url)
                #expect(pruned <= (try Self.checkpoint(on: url)))
            }
            // A store opened without folding (as a reader that finds the history pruned past
            // its token reloads) reads every object.
            #expect(try reopenedRecords(url).count == 20)
            await store.close()
        }
    }
}
