import Etch
import EtchStore
import Foundation
import Testing

/// Many tasks writing to and reading from one store at once; change streams that end.
@Suite struct StoreConcurrencyTests {}

extension StoreConcurrencyTests {
    /// The number of writing tasks, and the commits each makes.
    static let writers = 8
    static let commitsPerWriter = 50

    /// The room whose capacity the writers count up.
    static let counter = Room(id: 0, name: "Counter", capacity: 0)

    /// Commits `commitsPerWriter` transactions, each adding one to the counter and inserting
    /// an album of its own (in the writer's artist group, with the commit's index as year).
    ///
    /// - Returns: The counter value each commit left.
    static func write(as writer: Int, to store: Store) async throws -> [Int] {
        var counts: [Int] = []
        for year in 0..<commitsPerWriter {
            let count = try await store.write { tx in
                try tx.insert(Album(id: "w\(writer)-\(year)", title: "Take", artist: Ref(id: "w\(writer)"), year: year))
                return try tx.update(Room.self, id: 0) { $0.copyWith(capacity: $0.capacity + 1) }.capacity
            }
            counts.append(count)
        }
        return counts
    }

    /// Reads while the writers write: the counter never goes back, never runs ahead of the
    /// albums (both change in one commit), and a writer's group always holds its first years.
    static func read(as reader: Int, from store: Store) async throws {
        var lastCount = 0
        let artist = Ref<Artist>(id: "w\(reader % writers)")
        for _ in 0..<100 {
            let count = try #require(try await store.object(Room.self, id: 0)).capacity
            let albums = try await store.count(Album.self)
            #expect(count >= lastCount && albums >= count, "counter \(count) after \(lastCount), \(albums) albums")
            lastCount = count
            let years = try await store.sorted(Album.self, by: \.year, inGroup: artist).map(\.year)
            #expect(years == Array(0..<years.count), "a group's years \(years)")
        }
    }

    /// The commit numbers of a stream's changes, once `count` arrived or after five seconds.
    static func commits<Model>(of stream: AsyncStream<StoreChange<Model>>, count: Int) async -> [Int] {
        let collector = Task {
            var commits: [Int] = []
            for await change in stream {
                commits.append(change.commit)
                if commits.count == count { break }
            }
            return commits
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(5))
            collector.cancel()
        }
        defer { watchdog.cancel() }
        return await collector.value
    }

    @Test(arguments: StoreStorage.allCases)
    func concurrentWritersLoseNoUpdateAndEveryCommitIsOneChange(storage: StoreStorage) async throws {
        try await StoreTests.withDirectory { directory in
            let store = try storage.open(directory.appending(path: "library.sqlite"))
            try await store.write { tx in try tx.insert(Self.counter) }
            let albumChanges = try await store.changes(of: Album.self)
            let roomChanges = try await store.changes(of: Room.self)
            let total = Self.writers * Self.commitsPerWriter

            async let reads: Void = withThrowingTaskGroup { group in
                for reader in 0..<4 { group.addTask { try await Self.read(as: reader, from: store) } }
                try await group.waitForAll()
            }
            let counts = try await withThrowingTaskGroup { group in
                for writer in 0..<Self.writers { group.addTask { try await Self.write(as: writer, to: store) } }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }
            try await reads

            // Every commit saw a different counter value: none was lost or applied twice.
            #expect(counts.sorted() == Array(1...total))
            #expect(try await store.object(Room.self, id: 0)?.capacity == total)
            #expect(try await store.count(Album.self) == total)
            for writer in 0..<Self.writers {
                let years = try await store.sorted(Album.self, by: \.year, inGroup: Ref<Artist>(id: "w\(writer)"))
                #expect(years.map(\.year) == Array(0..<Self.commitsPerWriter))
            }
            // One change per type per commit, numbered after the counter's insert.
            #expect(await Self.commits(of: albumChanges, count: total) == Array(2...total + 1))
            #expect(await Self.commits(of: roomChanges, count: total) == Array(2...total + 1))
            if storage == .file {
                let reopened = try storage.open(directory.appending(path: "library.sqlite"))
                #expect(try await reopened.object(Room.self, id: 0)?.capacity == total)
                #expect(try await reopened.count(Album.self) == total)
            }
        }
    }
}
