import Etch
import EtchStore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Several processes running random conflicting transactions on one store file (the helper's
/// `worker` mode): every invariant holds after, and the file equals a replay of its history.
@Suite struct StoreSharingProcessTests {}

extension StoreSharingProcessTests {
    /// Starts a worker process on `url`; its output pipe says what it acknowledged.
    static func startWorker(on url: URL, seed: Int, transactions: Int) throws -> (Process, Pipe) {
        let worker = Process()
        worker.executableURL = StoreKillTests.helperURL
        worker.arguments = ["worker", url.path, "\(seed)", "\(transactions)"]
        let output = Pipe()
        worker.standardOutput = output
        try worker.run()
        return (worker, output)
    }

    /// What a worker did, once it exited: the increments its output acknowledges, whether it
    /// finished, and how it ended.
    struct Outcome {
        var increments: Int
        var finished: Bool
        var status: Int32
        var reason: Process.TerminationReason
    }

    /// Waits for a worker to end and reads its output, on a thread of its own: the blocking
    /// reads must not hold one of the few threads the tests' tasks run on.
    static func outcome(of worker: Process, _ output: Pipe) async -> Outcome {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = (try? output.fileHandleForReading.readToEnd()) ?? Data()
                worker.waitUntilExit()
                let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
                continuation.resume(
                    returning: Outcome(
                        increments: lines.count { $0 == "+" }, finished: lines.last == "done",
                        status: worker.terminationStatus, reason: worker.terminationReason))
            }
        }
    }

    /// Checks what every worker run must leave: the counter holds every acknowledged increment
    /// (and at most `extra` more, from commits killed before they were acknowledged), no two
    /// artists share a slug (the store would not open), every album's artist was there when
    /// it was written, and the objects equal a replay of the whole history from an empty store.
    static func checkInvariants(at url: URL, increments: Int, extra: Int = 0) async throws {
        let store = try Store(url: url, models: EtchModels.all, options: StoreOptions(historyLimit: 100_000))
        let counter = try #require(try await store.object(Room.self, id: 1)).capacity
        #expect(
            counter >= increments && counter <= increments + extra, "counter \(counter), acknowledged \(increments)")
        let artists = try await store.objects(Artist.self)
        #expect(Set(artists.map(\.slug)).count == artists.count)

        var replayed: [String: [String: ModelDictionary]] = [:]
        for commit in try await store.history(since: HistoryToken(storeID: store.historyToken.storeID, number: 0)) {
            for model in commit.changes {
                for object in try model.inserted + model.updated {
                    replayed[model.model, default: [:]][key(object)] = object
                }
                for object in try model.deleted { replayed[model.model, default: [:]][key(object)] = nil }
            }
        }
        #expect(
            replayed["Room"]
                == Dictionary(
                    uniqueKeysWithValues: try await store.objects(Room.self).map { (key($0.dictionary), $0.dictionary) }
                ))
        #expect(
            (replayed["Artist"] ?? [:])
                == Dictionary(uniqueKeysWithValues: artists.map { (key($0.dictionary), $0.dictionary) }))
        let albums = try await store.objects(Album.self)
        #expect(
            (replayed["Album"] ?? [:])
                == Dictionary(uniqueKeysWithValues: albums.map { (key($0.dictionary), $0.dictionary) }))
    }

    /// A new store file in `directory` holding room 1, the counter the workers increment.
    static func fileWithACounter(in directory: URL) async throws -> URL {
        let url = directory.appending(path: "shared.sqlite")
        let store = try Store(url: url, models: EtchModels.all)
        try await store.write { tx in try tx.insert(Room(id: 1, name: "Counter", capacity: 0)) }
        await store.close()
        return url
    }

    /// An object's id, as a key for the replay.
    private static func key(_ object: ModelDictionary) -> String {
        object["id"].map { "\($0)" } ?? ""
    }

    @Test func eightProcessesOfConflictingTransactionsKeepEveryInvariant() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try await Self.fileWithACounter(in: directory)
            // Eight processes increment one counter by transform, among other writes: it must end
            // at the sum. A store of this process follows the workers through its history feed and a live
            // query while they run.
            let follower = try Store(
                url: url, models: EtchModels.all, options: StoreOptions(watchInterval: .milliseconds(2)))
            let start = await follower.historyToken
            let feed = try await follower.historyUpdates(since: start)
            let rooms = try await follower.observe(StoreQuery<Room>(sortBy: [SortDescriptor(\.id)]))
            let workers = try (0..<8).map { try Self.startWorker(on: url, seed: $0, transactions: 60) }
            var increments = 0
            for (worker, output) in workers {
                let outcome = await Self.outcome(of: worker, output)
                #expect(outcome.status == 0 && outcome.finished)
                increments += outcome.increments
            }
            #expect(increments > 50)
            try await follower.refresh()
            let end = await follower.historyToken
            var tokens: [Int] = []
            for await commit in feed {
                tokens.append(commit.token.number)
                if commit.token.number >= end.number { break }
            }
            #expect(tokens == Array((start.number + 1)...end.number), "every commit once, in order")
            var shown: [Room] = []
            for await change in rooms {
                change.apply(to: &shown)
                if shown.first?.capacity == increments { break }
            }
            #expect(shown.map(\.capacity) == [increments])
            #expect(
                try await follower.objects(Artist.self) == Store(url: url, models: EtchModels.all).objects(Artist.self))
            await follower.close()
            try await Self.checkInvariants(at: url, increments: increments)
        }
    }

    @Test func aWriterKilledMidwayLosesNothingTheOthersCommit() async throws {
        try await StoreTests.withDirectory { directory in
            let url = try await Self.fileWithACounter(in: directory)
            let survivors = try (0..<2).map { try Self.startWorker(on: url, seed: 10 + $0, transactions: 100) }
            let (victim, victimOutput) = try Self.startWorker(on: url, seed: 20, transactions: 100_000)
            // Killed by a timer of its own, so a busy test run cannot put the kill off.
            let pid = victim.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) { _ = kill(pid, SIGKILL) }
            let killed = await Self.outcome(of: victim, victimOutput)
            #expect(killed.reason == .uncaughtSignal)
            var increments = killed.increments
            for (worker, output) in survivors {
                let outcome = await Self.outcome(of: worker, output)
                #expect(outcome.status == 0 && outcome.finished)
                increments += outcome.increments
            }
            try await Self.checkInvariants(at: url, increments: increments, extra: 1)
        }
    }
}
