import Etch
import EtchStore
import Foundation
import Testing

extension ModelStoreTests {
    @Test(arguments: ModelStoreBackend.available)
    func concurrentIncrementsLoseNothing(backend: ModelStoreBackend) async throws {
        try await backend.withStore { try await Self.concurrentIncrements(in: $0) }
    }

    static func concurrentIncrements(in store: some ModelStore) async throws {
        try await store.write { tx in try tx.insert(Counter(id: "hits", value: 0)) }
        let (tasks, increments) = (6, 15)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments {
                        try await store.write { tx in
                            try tx.update(Counter.self, id: "hits") { $0.copyWith(value: $0.value + 1) }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.object(Counter.self, id: "hits")?.value == tasks * increments)
    }
}
