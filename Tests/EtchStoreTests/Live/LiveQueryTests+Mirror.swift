import Etch
import EtchStore
import Foundation
import Observation
import Testing

extension LiveQueryTests {
    /// Waits on the main actor, up to five seconds, for a condition on a mirror.
    @MainActor
    static func mirrorEventually(_ condition: @MainActor () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    @MainActor
    @Test func aMirrorFollowsALiveQueryAndTellsObservation() async throws {
        let store = try await T.filledStore()
        let query = StoreQuery<Album>(sortBy: [SortDescriptor(\.year)], fetchLimit: 3)
        let mirror = ListMirror(store, query)
        let notified = Notified()
        withObservationTracking {
            _ = mirror.objects
        } onChange: {
            notified.fired.withLock { $0 = true }
        }
        #expect(await Self.mirrorEventually { mirror.objects.map(\.id) == ["b2", "b4", "b1"] })
        #expect(notified.fired.withLock { $0 })
        try await store.write { tx in try tx.insert(T.album("b0", by: T.fela, 1900)) }
        #expect(await Self.mirrorEventually { mirror.objects.map(\.id) == ["b0", "b2", "b4"] })
        #expect(mirror.changeCount == 2)
        #expect(mirror.lastChange?.insertions == [0] && mirror.lastChange?.deletions == [2])
    }

    @MainActor
    @Test func aMirrorOfARelationAndOfAnUnknownType() async throws {
        let store = try await T.filledStore()
        let albums = ListMirror(store, Artist.albums, of: "a2")
        #expect(await Self.mirrorEventually { albums.objects.map(\.id) == ["b5", "b4"] })
        let missing = ListMirror(try Store(models: [Artist.self]), StoreQuery<Album>())
        #expect(await Self.mirrorEventually { missing.error != nil })
        #expect(missing.error as? StoreError == .unknownModel("Album"))
        #expect(missing.objects.isEmpty)
    }
}

/// Whether an observation's change handler ran.
final class Notified: Sendable {
    let fired = Locked(false)
}
