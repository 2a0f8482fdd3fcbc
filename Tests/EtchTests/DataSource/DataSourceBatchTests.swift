import EtchTestSupport
import Foundation
import Testing

@testable import Etch

@Suite struct DataSourceBatchTests {}

extension DataSourceBatchTests {
    /// Below the size where a batch is merged instead of applied one by one, above it with
    /// few replaced objects (found by binary search), and above it with many (found by a scan).
    static let batchSizes = [3, 12, 200]

    @Test(arguments: batchSizes)
    func duplicateIDsInOneBatchLastWins(size: Int) async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(task("old", rank: 5))
        var batch = (0..<size).map { task("n\($0)", rank: $0) }
        batch.append(task("n0", rank: 1_000, title: "last"))
        batch.append(task("old", rank: -1, title: "first"))
        batch.append(task("old", rank: 2_000, title: "final"))
        await tasks.sortAndAdd(contentsOf: batch)
        #expect(await tasks.count == size + 1)
        #expect(await tasks.object(withID: "n0")?.title == "last")
        #expect(await tasks.objects.suffix(2).map(\.id) == ["n0", "old"])
        #expect(await tasks.object(withID: "old")?.title == "final")
    }

    @Test(arguments: batchSizes)
    func batchIsOneChangeMatchingTheReference(size: Int) async {
        let order = OrderCase.all[0]
        let tasks = DataSource<TaskItem>(sortedBy: order.keys)
        var reference = ReferenceList(order: order)
        let initial = (0..<1_000).map { task("t\($0)", rank: $0 % 17) }
        await tasks.sortAndAdd(contentsOf: initial)
        reference.sortAndAdd(contentsOf: initial, localValues: .carryOver)

        var changes = await tasks.changes().makeAsyncIterator()
        var copy: [TaskItem] = []
        replay(await changes.next()!, onto: &copy)
        var random = SeededGenerator(seed: UInt64(size))
        let batch = (0..<size).map { _ in
            task("t\(Int.random(in: 0..<1_100, using: &random))", rank: Int.random(in: 0..<20, using: &random))
        }
        await tasks.sortAndAdd(contentsOf: batch)
        reference.sortAndAdd(contentsOf: batch, localValues: .carryOver)
        replay(await changes.next()!, onto: &copy)
        #expect(sameObjects(copy, reference.objects))
        #expect(sameObjects(await tasks.objects, reference.objects))
    }

    @Test func replaceAllRemovesMissingAndKeepsLocalValues() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(contentsOf: [task("a", rank: 1, expanded: true), task("b", rank: 2), task("c", rank: 3)])
        var changes = await tasks.changes().makeAsyncIterator()
        var copy: [TaskItem] = []
        replay(await changes.next()!, onto: &copy)
        await tasks.replaceAll(with: [task("c", rank: 0), task("a", rank: 1, title: "new"), task("d", rank: 4)])
        let change = await changes.next()!
        #expect(change.deletions == [1])
        #expect(change.insertions == [2])
        #expect(change.moves == [.init(oldIndex: 2, newIndex: 0)])
        #expect(change.updates == [.init(oldIndex: 0, newIndex: 1)])
        replay(change, onto: &copy)
        #expect(copy.map(\.id) == ["c", "a", "d"])
        #expect(copy[1].title == "new" && copy[1].isExpanded)
    }

    @Test func emptyBatchesAndMissingRemovalsSendNoChange() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(task("a"))
        var changes = await tasks.changes().makeAsyncIterator()
        _ = await changes.next()
        await tasks.sortAndAdd(contentsOf: [])
        await tasks.remove(id: "missing")
        await tasks.remove(ids: ["missing"])
        await tasks.removeAll { _ in false }
        await tasks.sortAndAdd(task("b"))
        #expect(await changes.next()?.insertions == [1])
    }
}

extension DataSourceBatchTests {
    /// A batch merged into a larger store under every order: replacements that move up and
    /// down or keep their keys, fresh objects, ids repeated within the batch, and then a
    /// `replaceAll` that also removes; at sizes that apply one by one, merge few
    /// replacements, and merge most of the store.
    @Test(arguments: OrderCase.all, [5, 40, 250])
    func mixedBatchMatchesTheReference(order: OrderCase, size: Int) async {
        let tasks = DataSource<TaskItem>(sortedBy: order.keys)
        var reference = ReferenceList(order: order)
        var random = SeededGenerator(seed: UInt64(size))
        func randomTask(_ id: Int) -> TaskItem {
            let rank = Int.random(in: 0..<30, using: &random)
            let due = Bool.random(using: &random) ? nil : Int.random(in: 0..<10, using: &random)
            return task("t\(id)", rank: rank, due: due, title: "x\(Int.random(in: 0..<5, using: &random))")
        }
        let initial = (0..<300).map(randomTask)
        await tasks.sortAndAdd(contentsOf: initial)
        reference.sortAndAdd(contentsOf: initial, localValues: .carryOver)

        var changes = await tasks.changes().makeAsyncIterator()
        var copy: [TaskItem] = []
        replay(await changes.next()!, onto: &copy)
        var batch: [TaskItem] = []
        for _ in 0..<size {
            let id = Int.random(in: 0..<360, using: &random)
            // Some replacements keep the old keys exactly, so they are updates, not moves.
            let sameKeys = id < 300 && Bool.random(using: &random)
            batch.append(sameKeys ? initial[id].copyWith(isExpanded: true) : randomTask(id))
        }
        await tasks.sortAndAdd(contentsOf: batch)
        reference.sortAndAdd(contentsOf: batch, localValues: .carryOver)
        replay(await changes.next()!, onto: &copy)
        #expect(sameObjects(copy, reference.objects))
        #expect(sameObjects(await tasks.objects, reference.objects))

        let kept = (0..<360).filter { _ in Int.random(in: 0..<3, using: &random) > 0 }.map(randomTask)
        await tasks.replaceAll(with: kept)
        let keptIDs = Set(kept.map(\.id))
        reference.objects.removeAll { !keptIDs.contains($0.id) }
        reference.sortAndAdd(contentsOf: kept, localValues: .carryOver)
        replay(await changes.next()!, onto: &copy)
        #expect(sameObjects(copy, reference.objects))
        for (index, object) in reference.objects.enumerated().prefix(50) {
            #expect(await tasks.index(ofID: object.id) == index)
        }
    }
}
