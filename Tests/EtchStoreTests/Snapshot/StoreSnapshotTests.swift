import Etch
import EtchStore
import Foundation
import Synchronization
import Testing

/// Snapshots are values: taken without `await`, unchanged by later commits, readable after
/// the store closes; and the store's reads go through them, so a read never waits for a write.
@Suite struct StoreSnapshotTests {}

extension StoreSnapshotTests {
    @Test(arguments: StoreStorage.allCases)
    func aSnapshotKeepsTheStoreAsItWasWhenTaken(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            try await store.write { tx in
                for number in 0..<500 {
                    try tx.insert(Artist(id: "a\(number)", name: "Artist \(number)", slug: "s\(number)"))
                }
            }
            let before = store.snapshot
            try await store.write { tx in
                try tx.insert(Artist(id: "a0", name: "Renamed", slug: "s0"))
                try tx.delete(Artist.self, id: "a1")
                try tx.insert(Artist(id: "new", name: "New", slug: "new"))
            }
            let after = store.snapshot
            #expect(try before.object(Artist.self, id: "a0")?.name == "Artist 0")
            #expect(try before.object(Artist.self, id: "a1") != nil)
            #expect(try before.object(Artist.self, id: "new") == nil)
            #expect(try before.count(Artist.self) == 500)
            #expect(try before.objects(Artist.self).count == 500)
            #expect(try after.object(Artist.self, id: "a0")?.name == "Renamed")
            #expect(try after.object(Artist.self, id: "a1") == nil)
            #expect(try after.count(Artist.self) == 500)
            #expect(try after.objects(Artist.self).map(\.id) == (try await store.objects(Artist.self)).map(\.id))
            #expect(after.historyToken.number == before.historyToken.number + 1)
            #expect(after.historyToken == (await store.historyToken))
            #expect(before.count == 500 && after.count == 500)
        }
    }

    @Test(arguments: StoreStorage.allCases)
    func indexReadsAndQueriesOfASnapshotKeepTheirAnswers(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            let nina = Ref<Artist>(id: "a1")
            try await store.write { tx in
                try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina"))
                for year in 1960..<1970 {
                    try tx.insert(Album(id: "b\(year)", title: "Album \(year)", artist: nina, year: year, rating: 3))
                }
            }
            let query = StoreQuery<Album>(
                predicate: #Predicate { $0.artist == nina && $0.year >= 1962 }, sortBy: [SortDescriptor(\.year)],
                fetchLimit: 3)
            let before = store.snapshot
            try await store.write { tx in
                try tx.delete(Album.self, id: "b1962")
                try tx.insert(Artist(id: "a1", name: "Nina Simone", slug: "simone"))
            }
            #expect(try before.unique(Artist.self, \.slug, "nina")?.id == "a1")
            #expect(try before.objects(Album.self, where: \.artist, is: nina).count == 10)
            #expect(
                try before.sorted(Album.self, by: \.year, inGroup: nina, order: .reverse, limit: 2).map(\.year) == [
                    1969, 1968,
                ])
            #expect(try before.fetch(query).map(\.year) == [1962, 1963, 1964])
            #expect(try before.fetchCount(query) == 8)
            let after = store.snapshot
            #expect(try after.unique(Artist.self, \.slug, "nina") == nil)
            #expect(try after.fetch(query).map(\.year) == [1963, 1964, 1965])
            #expect(try after.fetchCount(query) == 7)
            #expect(try await store.fetch(query).map(\.year) == [1963, 1964, 1965])
        }
    }

    @Test func aSnapshotOfAClosedStoreStillReads() async throws {
        let store = try Store(models: EtchModels.all)
        try await store.write { tx in try tx.insert(Artist(id: "a1", name: "Nina", slug: "nina")) }
        let snapshot = store.snapshot
        await store.close()
        #expect(try snapshot.object(Artist.self, id: "a1")?.name == "Nina")
        await #expect(throws: StoreError.closed) { try await store.object(Artist.self, id: "a1") }
    }

    @Test func aSnapshotRefusesAModelTheStoreDoesNotHold() throws {
        let store = try Store(models: [Artist.self])
        #expect(throws: StoreError.unknownModel("Album")) { try store.snapshot.count(Album.self) }
    }

    /// A write that is still running does not hold up a read, which sees the store as it was
    /// before the write: the write waits, spinning, for a read to answer, and fails if no
    /// read answers in ten seconds.
    @Test(arguments: StoreStorage.allCases)
    func aReadDuringAWriteAnswersAtOnceWithTheStateBeforeIt(storage: StoreStorage) async throws {
        try await storage.withStore { store in
            try await store.write { tx in try tx.insert(Artist(id: "a1", name: "Before", slug: "nina")) }
            let inside = Atomic<Bool>(false)
            let answered = Atomic<Bool>(false)
            let writer = Task {
                try await store.write { tx in
                    try tx.insert(Artist(id: "a1", name: "After", slug: "nina"))
                    inside.store(true, ordering: .releasing)
                    let deadline = ContinuousClock.now + .seconds(10)
                    while !answered.load(ordering: .acquiring) {
                        guard ContinuousClock.now < deadline else { throw CancellationError() }
                    }
                }
            }
            // The reads run on a thread of their own: the write holds one of the cooperative
            // pool's threads while it spins, and other tests may hold the rest, and Dispatch's.
            let reader = ThreadTaskExecutor()
            defer { reader.stop() }
            let (seen, count) = try await withTaskExecutorPreference(reader) {
                while !inside.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }
                let seen = try await store.object(Artist.self, id: "a1")?.name
                let count = try await store.count(Artist.self)
                // Index reads and queries answer during the write too.
                #expect(try await store.unique(Artist.self, \.slug, "nina")?.name == "Before")
                #expect(try await store.fetch(StoreQuery<Artist>()).map(\.name) == ["Before"])
                answered.store(true, ordering: .releasing)
                return (seen, count)
            }
            try await writer.value
            #expect(seen == "Before")
            #expect(count == 1)
            #expect(try await store.object(Artist.self, id: "a1")?.name == "After")
        }
    }
}

/// Runs tasks on a thread of its own, outside the cooperative pool and outside Dispatch's
/// worker threads, which other tests' parallel loops may all be holding: the reads of a test
/// that waits for them answer however busy the rest of the process is.
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isStopped = false

    init() {
        // The thread holds the executor until it ends.
        let thread = Thread { self.run() }
        thread.name = "StoreSnapshotTests.reader"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs enqueued so far have run.
    func stop() {
        condition.lock()
        isStopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isStopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
