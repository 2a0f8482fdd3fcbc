import Etch
import EtchStore
import Testing

extension StoreConcurrencyTests {
    /// Whether `condition` holds within two seconds, asked every 10 ms: a stream's
    /// subscription is removed asynchronously after its consumer stops.
    static func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
        for _ in 0..<200 {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return try await condition()
    }

    @Test func aCancelledConsumerEndsItsSubscription() async throws {
        let store = try Store(models: EtchModels.all)
        let stream = try await store.changes(of: Album.self)
        let consumer = Task {
            for await _ in stream {}
        }
        #expect(try await store.changeSubscriberCount(of: Album.self) == 1)
        try await store.write { tx in try tx.insert(StoreTests.nina) }
        consumer.cancel()
        await consumer.value
        #expect(try await Self.eventually { try await store.changeSubscriberCount(of: Album.self) == 0 })
    }

    @Test func aConsumerThatStopsEndsItsSubscription() async throws {
        let store = try Store(models: EtchModels.all)
        async let write: Void = Task {
            _ = try await Self.eventually { try await store.changeSubscriberCount(of: Artist.self) == 1 }
            try await store.write { tx in try tx.insert(StoreTests.nina) }
        }.value
        // The stream is the loop's alone, as in `changes(of:)`'s example: leaving the loop drops it.
        for await change in try await store.changes(of: Artist.self) {
            #expect(change.inserted.map(\.id) == ["a1"])
            break
        }
        try await write
        #expect(try await Self.eventually { try await store.changeSubscriberCount(of: Artist.self) == 0 })
    }

    @Test func aDroppedStreamEndsItsSubscription() async throws {
        let store = try Store(models: EtchModels.all)
        do {
            let stream = try await store.changes(of: Room.self)
            _ = stream
            let others = (0..<3).map { _ in Task { try await store.changes(of: Room.self) } }
            for other in others { _ = try await other.value }
            #expect(try await store.changeSubscriberCount(of: Room.self) == 4)
        }
        #expect(try await Self.eventually { try await store.changeSubscriberCount(of: Room.self) == 0 })
        // The store still publishes to a new subscriber.
        let stream = try await store.changes(of: Room.self)
        try await store.write { tx in try tx.insert(Room(id: 1, name: "Blue")) }
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.inserted.map(\.id) == [1])
        #expect(try await store.changeSubscriberCount(of: Room.self) == 1)
    }
}
