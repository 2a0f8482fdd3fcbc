import EtchTestSupport
import Foundation
import Testing

@testable import Etch

@Suite struct DataSourceConcurrencyTests {}

extension DataSourceConcurrencyTests {
    /// The writes of one writer: insert its objects, change some ranks, remove some.
    static func operations(writer: Int) -> [(String, Int?)] {
        var random = SeededGenerator(seed: UInt64(writer))
        var operations: [(String, Int?)] = []
        for step in 0..<60 {
            let id = "w\(writer)-\(Int.random(in: 0..<15, using: &random))"
            operations.append((id, step % 7 == 6 ? nil : Int.random(in: 0..<50, using: &random)))
        }
        return operations
    }

    @Test func concurrentWritersEqualTheSameWritesOneByOne() async {
        let writers = 16
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        let subscription = await tasks.changes()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for (id, rank) in Self.operations(writer: writer) {
                        if let rank { await tasks.sortAndAdd(task(id, rank: rank)) } else { await tasks.remove(id: id) }
                    }
                }
            }
        }
        let sequential = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        for writer in 0..<writers {
            for (id, rank) in Self.operations(writer: writer) {
                if let rank {
                    await sequential.sortAndAdd(task(id, rank: rank))
                } else {
                    await sequential.remove(id: id)
                }
            }
        }
        #expect(sameObjects(await tasks.objects, await sequential.objects))

        // The subscriber saw every change, in order: replaying them all ends at the same array.
        await tasks.sortAndAdd(task("sentinel", rank: 1_000))
        let objects = await tasks.objects
        var copy: [TaskItem] = []
        for await change in subscription {
            replay(change, onto: &copy)
            if change.snapshot.last?.id == "sentinel" { break }
        }
        #expect(sameObjects(copy, objects))
    }

    @Test func concurrentReadModifyWriteLosesNoUpdate() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.descending(\.views)])
        await tasks.sortAndAdd(contentsOf: [task("shared"), task("other")])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    for _ in 0..<25 {
                        await tasks.update(id: "shared") { $0.copyWith(views: $0.views + 1) }
                    }
                }
            }
        }
        #expect(await tasks.object(withID: "shared")?.views == 500)
        #expect(await tasks.index(ofID: "shared") == 0)
    }
}
