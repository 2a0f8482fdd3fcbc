import Etch
import EtchStore
import Foundation
import Testing

/// The store's history: tokens that only grow and survive reopening, the commits after a
/// token with what each changed, pruning, and the live feed.
@Suite struct StoreHistoryTests {}

extension StoreHistoryTests {
    @Test(arguments: StoreStorage.allCases)
    func eachCommitThatChangesSomethingTakesTheNextToken(storage: StoreStorage) async throws {
        try await StoreTests.withDirectory { directory in
            let store = try storage.open(directory.appending(path: "h.sqlite"))
            let start = await store.historyToken
            #expect(start.number == 0)
            try await store.write { tx in try tx.insert(Label(id: "l1", name: "Blue Note")) }
            try await store.write { tx in try tx.insert(Label(id: "l1", name: "Blue Note")) }  // the same: no commit
            try await store.write { _ in }
            try await store.write { tx in try tx.update(Label.self, id: "l1") { $0.copyWith(name: "Impulse!") } }
            let end = await store.historyToken
            #expect(end.number == 2 && end.storeID == start.storeID)
            let commits = try await store.history(since: start)
            #expect(commits.map(\.token.number) == [1, 2])
            #expect(try commits[0].changes(of: Label.self).inserted.map(\.name) == ["Blue Note"])
            #expect(try commits[1].changes(of: Label.self).updated.map(\.name) == ["Impulse!"])
            #expect(try await store.history(since: end).isEmpty)
        }
    }

    @Test func tokensAndTheHistorySurviveReopening() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "h.sqlite")
            let kept: HistoryToken
            do {
                let store = try Store(url: url, models: EtchModels.all)
                try await store.write { tx in try tx.insert(Label(id: "l1", name: "A")) }
                kept = await store.historyToken
                try await store.write { tx in try tx.insert(Label(id: "l2", name: "B")) }
                await store.close()
            }
            let reopened = try Store(url: url, models: EtchModels.all)
            #expect(await reopened.historyToken == HistoryToken(storeID: kept.storeID, number: 2))
            let after = try await reopened.history(since: kept)
            #expect(after.count == 1)
            #expect(after.first?.changes.map(\.model) == ["Label"])
            #expect(try after.first?.changes(of: Label.self).inserted.map(\.id) == ["l2"])
            try await reopened.write { tx in try tx.insert(Label(id: "l3", name: "C")) }
            #expect(await reopened.historyToken.number == 3)
        }
    }

    @Test(arguments: StoreStorage.allCases)
    func aDeletionCarriesTheObjectsLastValue(storage: StoreStorage) async throws {
        try await StoreTests.withDirectory { directory in
            let store = try storage.open(directory.appending(path: "h.sqlite"))
            try await store.write { tx in
                try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina"))
                try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965))
            }
            let before = await store.historyToken
            try await store.write { tx in
                _ = try tx.delete(Album.self, id: "b1")
                try tx.update(Artist.self, id: "a1") { $0.copyWith(name: "Nina Simone") }
            }
            try await store.clear(Artist.self)
            let commits = try await store.history(since: before)
            #expect(commits.count == 2)
            let albums = try commits[0].changes(of: Album.self)
            #expect(albums.deleted.map(\.title) == ["Pastel Blues"] && albums.inserted.isEmpty)
            #expect(try commits[0].changes(of: Artist.self).updated.map(\.name) == ["Nina Simone"])
            #expect(try commits[1].changes(of: Artist.self).deleted.map(\.name) == ["Nina Simone"])
            #expect(try commits[1].changes(of: Album.self).isEmpty)
            #expect(commits[0].changes.map(\.model) == ["Album", "Artist"])
        }
    }

    @Test(arguments: StoreStorage.allCases)
    func aCommitIsCodableAndComesBackEqual(storage: StoreStorage) async throws {
        try await StoreTests.withDirectory { directory in
            let store = try storage.open(directory.appending(path: "h.sqlite"))
            let extra: [String: JSON] = ["nested": ["a": [1, 2.5, "x", nil]]]
            try await store.write { tx in
                try tx.insert(Album(id: "b1", title: "Blue", artist: Ref(id: "a1"), year: 1971, extra: extra))
            }
            let commits = try await store.history(since: nil)
            let data = try JSONEncoder().encode(commits)
            let decoded = try JSONDecoder().decode([StoreCommit].self, from: data)
            #expect(decoded == commits)
            #expect(try decoded[0].changes(of: Album.self).inserted.first?.extra == extra)
            let token = try JSONDecoder().decode(HistoryToken.self, from: JSONEncoder().encode(commits[0].token))
            #expect(try await store.history(since: token).isEmpty)
        }
    }

    @Test(arguments: StoreStorage.allCases)
    func aPrunedTokenIsAnErrorNeverAPartialAnswer(storage: StoreStorage) async throws {
        try await StoreTests.withDirectory { directory in
            let store = try storage.open(directory.appending(path: "h.sqlite"))
            var tokens: [HistoryToken] = [await store.historyToken]
            for number in 1...5 {
                try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "\(number)")) }
                tokens.append(await store.historyToken)
            }
            try await store.pruneHistory(before: tokens[3])
            #expect(try await store.history(since: tokens[2]).map(\.token.number) == [3, 4, 5])
            await #expect(throws: StoreError.historyTokenExpired(token: 1, oldestAvailable: 2)) {
                try await store.history(since: tokens[1])
            }
            #expect(try await store.history(since: nil).map(\.token.number) == [3, 4, 5])
            // The last commit is always kept.
            try await store.pruneHistory(before: HistoryToken(storeID: tokens[0].storeID, number: 99))
            #expect(try await store.history(since: nil).map(\.token.number) == [5])
            #expect(try await store.history(since: tokens[4]).map(\.token.number) == [5])
        }
    }

    @Test(arguments: StoreStorage.allCases)
    func theHistoryPrunesItselfPastItsLimit(storage: StoreStorage) async throws {
        try await StoreTests.withDirectory { directory in
            let options = StoreOptions(historyLimit: 10)
            let store =
                switch storage {
                case .memory: try Store(models: EtchModels.all, options: options)
                case .file:
                    try Store(url: directory.appending(path: "h.sqlite"), models: EtchModels.all, options: options)
                }
            let first = await store.historyToken
            for number in 1...40 {
                try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "\(number)")) }
            }
            let kept = try await store.history(since: nil).map(\.token.number)
            #expect(kept.count >= 10 && kept.count <= 11)
            #expect(kept.last == 40 && kept == Array((41 - kept.count)...40))
            await #expect {
                try await store.history(since: first)
            } throws: { error in
                guard case .historyTokenExpired(0, let oldest) = error as? StoreError else { return false }
                return oldest == 40 - kept.count
            }
        }
    }

    @Test func aTokenOfAnotherStoreIsRefused() async throws {
        let one = try Store(models: EtchModels.all)
        let other = try Store(models: EtchModels.all)
        let token = await other.historyToken
        await #expect {
            try await one.history(since: token)
        } throws: { error in
            guard case .historyTokenOfAnotherStore = error as? StoreError else { return false }
            return true
        }
    }

    @Test(arguments: StoreStorage.allCases)
    func historyUpdatesSendThePastThenEachCommit(storage: StoreStorage) async throws {
        try await StoreTests.withDirectory { directory in
            let store = try storage.open(directory.appending(path: "h.sqlite"))
            try await store.write { tx in try tx.insert(Label(id: "l1", name: "One")) }
            var updates = try await store.historyUpdates(
                since: HistoryToken(storeID: store.historyToken.storeID, number: 0)
            )
            .makeAsyncIterator()
            #expect(await updates.next()?.token.number == 1)
            try await store.write { tx in try tx.insert(Label(id: "l2", name: "Two")) }
            let second = await updates.next()
            #expect(second?.token.number == 2)
            #expect(try second?.changes(of: Label.self).inserted.map(\.name) == ["Two"])
            await store.close()
            #expect(await updates.next() == nil)
        }
    }
}

extension StoreHistoryTests {
    @Test func aLargeCommitIsKeptInPartsAndReadWhole() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "large.sqlite")
            let store = try Store(url: url, models: EtchModels.all)
            let other = try Store(url: url, models: EtchModels.all)
            #expect(try await other.count(Album.self) == 0)
            let title = String(repeating: "long title ", count: 10_000)  // 110 kB each, 11 MB in all
            try await store.write { tx in
                for number in 0..<100 {
                    try tx.insert(
                        Album(id: "\(number)", title: "\(number) \(title)", artist: Ref(id: "a"), year: number))
                }
            }
            // Format 3 keys a commit's parts by its token, shifted, and the part's number.
            #expect(try integer("SELECT count(*) FROM history WHERE part IN (65536, 65537)", on: url) == 2)
            let commits = try await store.history(since: nil)
            #expect(commits.map(\.token.number) == [1])
            #expect(try commits[0].changes(of: Album.self).inserted.map(\.year) == Array(0..<100))
            #expect(try await other.objects(Album.self).map(\.year).sorted() == Array(0..<100))
        }
    }
}

extension StoreHistoryTests {
    @Test func objectsReadTogetherAndOneThatDoesNotReadIsNamed() throws {
        func label(_ json: String) -> [UInt8] { Array(json.utf8) }
        let good = ModelHistory(
            model: "Label",
            stored: [
                (.insert, #""l1""#, label(#"{"id":"l1","name":"Blue Note"}"#)),
                (.insert, #""l2""#, label(#"{"id":"l2","name":"Impulse!"}"#)),
                (.delete, #""l3""#, label(#"{"id":"l3","name":"Verve"}"#)),
            ])
        let token = HistoryToken(storeID: UUID(), number: 7)
        let labels = try StoreCommit(token: token, date: Date(), changes: [good]).changes(of: Label.self)
        #expect(labels.inserted.map(\.name) == ["Blue Note", "Impulse!"] && labels.deleted.map(\.id) == ["l3"])
        #expect(labels.commit == 7)

        let bad = ModelHistory(
            model: "Label",
            stored: [
                (.insert, #""l1""#, label(#"{"id":"l1","name":"Blue Note"}"#)),
                (.insert, #""l2""#, label(#"{"id":"l2"}"#)),
                (.insert, #""l3""#, label(#"{"id":"l3","name":"Verve"}"#)),
            ])
        #expect {
            try StoreCommit(token: token, date: Date(), changes: [bad]).changes(of: Label.self)
        } throws: { error in
            guard case .unreadableObject("Label", #""l2""#, let reason) = error as? StoreError else { return false }
            return reason.contains("name")
        }
        #expect(try bad.inserted.count == 3)
        #expect(throws: StoreError.self) {
            try ModelHistory(model: "Label", stored: [(.update, "x", label("{"))]).updated
        }
    }
}
