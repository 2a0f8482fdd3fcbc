import Etch
import EtchStore
import Foundation
import Testing

/// Format 3 writes `store_state` only when it prunes: the tokens still come out right for
/// stores that follow each other's commits and prunes.
@Suite struct StoreStateRowTests {
    @Test func aStoreBehindAnotherThatPrunedWhatItMissedCatchesUpAtItsWrite() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "pruned.sqlite")
            let options = StoreOptions(historyLimit: 2)
            let first = try Store(url: url, models: EtchModels.all, options: options)
            let second = try Store(url: url, models: EtchModels.all, options: options)
            try await second.write { tx in try tx.insert(Label(id: "l0", name: "0")) }
            for number in 1...10 {
                try await first.write { tx in try tx.insert(Label(id: "l\(number)", name: "\(number)")) }
            }
            // No read in between: the write itself finds the other store's commits, whose
            // history is pruned, and reads the objects again.
            try await second.write { tx in try tx.update(Label.self, id: "l10") { $0.copyWith(name: "ten") } }
            #expect(await second.historyToken.number == 12)
            #expect(try await second.count(Label.self) == 11)
            #expect(try await first.object(Label.self, id: "l10")?.name == "ten")
            #expect(await first.historyToken.number == 12)
            #expect(try await first.history(since: nil).map(\.token.number).last == 12)
            await first.close()
            await second.close()
            let reopened = try Store(url: url, models: EtchModels.all, options: options)
            #expect(await reopened.historyToken.number == 12)
        }
    }

    @Test func aTokenSurvivesAPruneThatLeavesNoHistoryRow() async throws {
        try await StoreTests.withDirectory { directory in
            let url = directory.appending(path: "empty-history.sqlite")
            do {
                let store = try Store(url: url, models: EtchModels.all)
                for number in 1...3 {
                    try await store.write { tx in try tx.insert(Label(id: "l\(number)", name: "\(number)")) }
                }
                await store.close()
            }
            // A prune by an older rule, or by hand, may leave no row: the state row keeps the token.
            try runSQL("UPDATE store_state SET last_token = 3, pruned_through = 3; DELETE FROM history", on: url)
            let store = try Store(url: url, models: EtchModels.all)
            #expect(await store.historyToken.number == 3)
            try await store.write { tx in try tx.insert(Label(id: "l4", name: "4")) }
            #expect(try await store.history(since: nil).map(\.token.number) == [4])
        }
    }
}
