import Etch
import EtchStore
import Foundation
import Testing

/// Two stores on one file in one process — an app that opens its store twice — behave as one
/// store: each sees the other's commits, `@unique` holds across them, and no update is lost.
@Suite struct StoreSharingTests {}

extension StoreSharingTests {
    /// Runs `body` with two stores opened on one new file.
    static func withTwoStores(
        options: StoreOptions = StoreOptions(), _ body: (Store, Store, URL) async throws -> Void
    ) async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "shared.sqlite")
            let first = try Store(url: url, models: EtchModels.all, options: options)
            let second = try Store(url: url, models: EtchModels.all, options: options)
            try await body(first, second, url)
            await first.close()
            await second.close()
        }
    }

    @Test func aReadSeesTheOtherStoresCommitAtOnce() async throws {
        try await Self.withTwoStores { first, second, _ in
            try await first.write { tx in try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina")) }
            #expect(try await second.object(Artist.self, id: "a1")?.name == "Nina")
            #expect(try await second.unique(Artist.self, \.slug, "nina")?.id == "a1")
            #expect(await second.historyToken == first.historyToken)
        }
    }

    @Test func uniqueHoldsAcrossStores() async throws {
        try await Self.withTwoStores { first, second, url in
            try await first.write { tx in try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina")) }
            await #expect(
                throws: StoreError.uniqueViolation(
                    model: "Artist", field: "slug", value: #""nina""#, existingID: #""a1""#, newID: #""a2""#)
            ) {
                try await second.write { tx in try tx.insert(Artist(id: "a2", name: "Other", slug: "nina")) }
            }
            await first.close()
            await second.close()
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.objects(Artist.self).map(\.id) == ["a1"])
        }
    }

    @Test func updatesByTransformThroughBothStoresLoseNothing() async throws {
        try await Self.withTwoStores { first, second, _ in
            try await first.write { tx in try tx.insert(Room(id: 1, name: "Counter", capacity: 0)) }
            try await withThrowingTaskGroup { group in
                for store in [first, second, first, second] {
                    group.addTask {
                        for _ in 0..<25 {
                            try await store.write { tx in
                                try tx.update(Room.self, id: 1) { $0.copyWith(capacity: $0.capacity + 1) }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await first.object(Room.self, id: 1)?.capacity == 100)
            #expect(try await second.object(Room.self, id: 1)?.capacity == 100)
        }
    }

    @Test func anObjectTheOtherStoreDeletedDoesNotComeBack() async throws {
        try await Self.withTwoStores { first, second, _ in
            try await first.write { tx in try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina")) }
            #expect(try await second.object(Artist.self, id: "a1") != nil)
            try await first.write { tx in _ = try tx.delete(Artist.self, id: "a1") }
            await #expect(throws: StoreError.notFound(model: "Artist", id: #""a1""#)) {
                try await second.write { tx in try tx.update(Artist.self, id: "a1") { $0.copyWith(name: "Back") } }
            }
            #expect(try await first.object(Artist.self, id: "a1") == nil)
        }
    }

    @Test func observersOfOneStoreHearTheOthersCommits() async throws {
        let options = StoreOptions(watchInterval: .milliseconds(5))
        try await Self.withTwoStores(options: options) { first, second, _ in
            var changes = try await second.changes(of: Artist.self).makeAsyncIterator()
            let query = StoreQuery<Artist>(sortBy: [SortDescriptor(\.name)])
            var list = try await second.observe(query).makeAsyncIterator()
            var history = try await second.historyUpdates().makeAsyncIterator()
            #expect(await list.next()?.snapshot.isEmpty == true)
            try await first.write { tx in try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina")) }
            // Nothing is asked of the second store: its watcher finds the commit.
            let change = await changes.next()
            #expect(change?.inserted.map(\.id) == ["a1"])
            #expect(change?.commit == 1)
            #expect(await list.next()?.snapshot.map(\.id) == ["a1"])
            #expect(try await history.next()?.changes(of: Artist.self).inserted.map(\.id) == ["a1"])
        }
    }

    @Test func aStoreFarBehindReadsEverythingAgainAndReportsTheDifference() async throws {
        try await Self.withTwoStores(options: StoreOptions(historyLimit: 2)) { first, second, _ in
            try await first.write { tx in
                try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina"))
                try tx.insert(Artist(id: "a2", name: "Alice", slug: "alice"))
            }
            #expect(try await second.count(Artist.self) == 2)
            var changes = try await second.changes(of: Artist.self).makeAsyncIterator()
            for number in 0..<20 {
                try await first.write { tx in
                    try tx.update(Artist.self, id: "a1") { $0.copyWith(name: "Nina \(number)") }
                }
            }
            try await first.write { tx in
                _ = try tx.delete(Artist.self, id: "a2")
                try tx.insert(Artist(id: "a3", name: "Ella", slug: "ella"))
            }
            await #expect(throws: StoreError.self) {
                try await second.history(since: HistoryToken(storeID: first.historyToken.storeID, number: 1))
            }
            try await second.refresh()
            #expect(try await second.objects(Artist.self).map(\.name) == ["Nina 19", "Ella"])
            let change = try #require(await changes.next())
            #expect(change.inserted.map(\.id) == ["a3"])
            #expect(change.updated.map(\.name) == ["Nina 19"])
            #expect(change.deleted.map(\.id) == ["a2"])
            #expect(await second.historyToken == first.historyToken)
        }
    }

    @Test func aClosedStoreRefusesEveryCallAndReleasesTheFile() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "closed.sqlite")
            let store = try Store(url: url, models: EtchModels.all)
            try await store.write { tx in try tx.insert(Label(id: "l1", name: "Blue Note")) }
            var changes = try await store.changes(of: Label.self).makeAsyncIterator()
            await store.close()
            await store.close()
            #expect(await changes.next() == nil)
            await #expect(throws: StoreError.closed) { try await store.object(Label.self, id: "l1") }
            await #expect(throws: StoreError.closed) {
                try await store.write { tx in try tx.insert(Label(id: "l2", name: "Impulse!")) }
            }
            await #expect(throws: StoreError.closed) { try await store.history(since: nil) }
            // The file holds the commit, and no -wal is left: the connection closed.
            #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(try await reopened.objects(Label.self).map(\.name) == ["Blue Note"])
        }
    }
}

extension StoreSharingTests {
    @Test func aDataSourceAndARelationOverOneStoreFollowTheOthersCommits() async throws {
        try await Self.withTwoStores(options: StoreOptions(watchInterval: .milliseconds(5))) { first, second, _ in
            let source = try await StoreDataSourceTests.jazzSource(second)
            var albums = try await second.observe(Artist.albums, of: "a1").makeAsyncIterator()
            #expect(await albums.next()?.snapshot.isEmpty == true)
            let jazz = StoreDataSourceTests.jazz
            try await first.write { tx in
                try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina"))
                try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965, genre: jazz))
                try tx.insert(Album(id: "b2", title: "Wild Is the Wind", artist: Ref(id: "a1"), year: 1966))
            }
            #expect(await albums.next()?.snapshot.map(\.id) == ["b2", "b1"])  // newest first
            #expect(try await StoreDataSourceTests.settles(source, second))
            #expect(await source.objects.map(\.id) == ["b1"])
        }
    }
}

extension StoreSharingTests {
    @Test func aStoreOfTheSameProcessWakesTheOthersObserversAtOnce() async throws {
        // A watch interval far longer than the test: only the commit's wake-up can deliver.
        try await Self.withTwoStores(options: StoreOptions(watchInterval: .seconds(60))) { first, second, _ in
            let changes = try await second.changes(of: Label.self)
            try await Task.sleep(for: .milliseconds(50))  // past the second store's first look
            try await first.write { tx in try tx.insert(Label(id: "l1", name: "Blue Note")) }
            let delivered = await withTaskGroup(of: [String]?.self) { group in
                group.addTask {
                    var iterator = changes.makeAsyncIterator()
                    return await iterator.next()?.inserted.map(\.id)
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(5))
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
            #expect(delivered == ["l1"])
        }
    }
}

extension StoreSharingTests {
    @Test func aCatchUpThatFailsIsTriedAgainAndReportedByEveryRead() async throws {
        try await Self.withTwoStores { first, second, url in
            try await first.write { tx in try tx.insert(Label(id: "l1", name: "Blue Note")) }
            #expect(try await second.objects(Label.self).map(\.name) == ["Blue Note"])
            try await first.write { tx in try tx.insert(Label(id: "l2", name: "Impulse!")) }
            try runSQL("UPDATE history SET changes = x'01ff' WHERE part >> 16 = 2", on: url)
            for _ in 0..<2 {
                await #expect {
                    try await second.objects(Label.self)
                } throws: { error in
                    guard case .damagedFile(_, let reason) = error as? StoreError else { return false }
                    return reason.contains("history commit 2")
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    @Test func aTokenBeyondTheFilesHistoryIsRefused() async throws {
        try await Self.withTwoStores { first, _, _ in
            try await first.write { tx in try tx.insert(Label(id: "l1", name: "Blue Note")) }
            let token = await first.historyToken
            await #expect {
                try await first.history(since: HistoryToken(storeID: token.storeID, number: token.number + 5))
            } throws: { error in
                guard case .historyTokenOfAnotherStore = error as? StoreError else { return false }
                return true
            }
        }
    }
}

extension StoreSharingTests {
    @Test func anOpenWithNothingToWriteDoesNotWaitForAnotherWriter() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "busy.sqlite")
            do {
                let store = try Store(url: url, models: EtchModels.all)
                try await store.write { tx in try tx.insert(Label(id: "l1", name: "Blue Note")) }
                await store.close()
            }
            // Another process is in the middle of a long write: an open that only reads goes on
            // (an open that waited would fail after the 10 s busy timeout).
            let lock = try RawWriteLock(on: url)
            let store = try Store(url: url, models: EtchModels.all)
            #expect(try await store.objects(Label.self).map(\.name) == ["Blue Note"])
            _ = consume lock
            try await store.write { tx in try tx.insert(Label(id: "l2", name: "Impulse!")) }
            #expect(try await store.count(Label.self) == 2)
        }
    }
}
