import EtchTestSupport
import Foundation
import Testing

@testable import Etch

@Suite struct DataSourceChangeTests {}

extension DataSourceChangeTests {
    /// One random operation, applied both to the data source and to the reference.
    enum Operation {
        case add(TaskItem, LocalValuesPolicy)
        case batch([TaskItem], LocalValuesPolicy)
        case remove(String)
        case removeIDs([String])
        case removeWhereRank(Int)
        case replaceAll([TaskItem])
        case bumpRank(String, by: Int)

        static func random(using random: inout SeededGenerator) -> Operation {
            func item() -> TaskItem {
                let due = Int.random(in: 0..<4, using: &random)
                return task(
                    "t\(Int.random(in: 0..<40, using: &random))",
                    rank: Int.random(in: 0..<6, using: &random),
                    due: due == 0 ? nil : due,
                    title: "v\(Int.random(in: 0..<1_000, using: &random))",
                    expanded: Bool.random(using: &random)
                )
            }
            func policy() -> LocalValuesPolicy { Bool.random(using: &random) ? .carryOver : .replace }
            func id() -> String { "t\(Int.random(in: 0..<40, using: &random))" }
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<8: return .add(item(), policy())
            case 8..<11: return .batch((0..<Int.random(in: 0..<6, using: &random)).map { _ in item() }, policy())
            case 11: return .batch((0..<Int.random(in: 9..<40, using: &random)).map { _ in item() }, policy())
            case 12..<15: return .remove(id())
            case 15: return .removeIDs((0..<Int.random(in: 0..<12, using: &random)).map { _ in id() })
            case 16: return .removeWhereRank(Int.random(in: 0..<6, using: &random))
            case 17: return .replaceAll((0..<Int.random(in: 0..<30, using: &random)).map { _ in item() })
            default: return .bumpRank(id(), by: Int.random(in: -3...3, using: &random))
            }
        }

        /// Applies the operation; returns whether it changes anything.
        func apply(to tasks: DataSource<TaskItem>, reference: inout ReferenceList) async -> Bool {
            let before = reference.objects
            switch self {
            case .add(let item, let policy):
                await tasks.sortAndAdd(item, localValues: policy)
                reference.sortAndAdd(item, localValues: policy)
                return true
            case .batch(let items, let policy):
                await tasks.sortAndAdd(contentsOf: items, localValues: policy)
                reference.sortAndAdd(contentsOf: items, localValues: policy)
                return !items.isEmpty
            case .remove(let id):
                await tasks.remove(id: id)
                reference.remove(id: id)
            case .removeIDs(let ids):
                await tasks.remove(ids: ids)
                for id in ids { reference.remove(id: id) }
            case .removeWhereRank(let rank):
                await tasks.removeAll { $0.rank == rank }
                reference.objects.removeAll { $0.rank == rank }
            case .replaceAll(let items):
                await tasks.replaceAll(with: items)
                let old = reference.objects
                reference.objects = []
                for item in items {
                    let carried = old.first { $0.id == item.id }.map { item.replacingLocalValues($0.localValues) }
                    reference.sortAndAdd(carried ?? item, localValues: .replace)
                }
                return !(old.isEmpty && items.isEmpty)
            case .bumpRank(let id, let delta):
                let updated = await tasks.update(id: id) { $0.copyWith(rank: $0.rank + delta) }
                guard let current = reference.objects.first(where: { $0.id == id }) else {
                    #expect(updated == nil)
                    return false
                }
                reference.sortAndAdd(current.copyWith(rank: current.rank + delta), localValues: .replace)
                return true
            }
            return before.map(\.id) != reference.objects.map(\.id)
        }
    }

    @Test(arguments: OrderCase.all, 1...4 as ClosedRange<UInt64>)
    func replayedChangesMatchReferenceModel(order: OrderCase, seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let tasks = DataSource<TaskItem>(sortedBy: order.keys)
        var reference = ReferenceList(order: order)
        var changes = await tasks.changes().makeAsyncIterator()
        var copy: [TaskItem] = []
        var viaApply: [TaskItem] = []
        let initial = await changes.next()!
        replay(initial, onto: &copy)
        initial.apply(to: &viaApply)

        for step in 0..<120 {
            let operation = Operation.random(using: &random)
            let changed = await operation.apply(to: tasks, reference: &reference)
            if changed {
                let change = await changes.next()!
                replay(change, onto: &copy)
                change.apply(to: &viaApply)
            }
            guard sameObjects(copy, reference.objects), sameObjects(viaApply, reference.objects),
                sameObjects(await tasks.objects, reference.objects)
            else {
                Issue.record("diverged at step \(step) after \(operation)")
                return
            }
        }
        // No event was sent for an operation that changed nothing.
        await tasks.sortAndAdd(task("sentinel", rank: 99))
        #expect(await changes.next()?.snapshot.contains { $0.id == "sentinel" } == true)
    }

    @Test func singleWritesProduceOneIndexEach() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(contentsOf: [task("a", rank: 1), task("b", rank: 2), task("c", rank: 3)])
        var changes = await tasks.changes().makeAsyncIterator()
        #expect(await changes.next()?.insertions == [0, 1, 2])
        await tasks.sortAndAdd(task("d", rank: 0))
        #expect(await changes.next()?.insertions == [0])
        await tasks.sortAndAdd(task("a", rank: 9))
        #expect(await changes.next()?.moves == [.init(oldIndex: 1, newIndex: 3)])
        await tasks.sortAndAdd(task("b", rank: 2, title: "x"))
        let update = await changes.next()!
        #expect(update.updates == [.init(oldIndex: 1, newIndex: 1)] && update.moves.isEmpty)
        await tasks.remove(id: "d")
        let deletion = await changes.next()!
        #expect(deletion.deletions == [0] && deletion.oldCount == 4)
        #expect(deletion.snapshot.map(\.id) == ["b", "c", "a"])
    }

    @Test func aChangeAppliedToAnArrayOfTheWrongLengthGivesTheSnapshot() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)], pageSize: 0)
        await tasks.sortAndAdd(contentsOf: [task("a", rank: 1), task("b", rank: 2)])
        var changes = await tasks.changes().makeAsyncIterator()
        _ = await changes.next()
        await tasks.sortAndAdd(task("c", rank: 3))
        let change = await changes.next()!
        var missedOne = [task("a", rank: 1)]
        change.apply(to: &missedOne)
        #expect(missedOne.map(\.id) == ["a", "b", "c"])
    }

    @Test func subscribersThatGoAwayAreRemoved() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        do {
            let stream = await tasks.changes()
            var iterator = stream.makeAsyncIterator()
            _ = await iterator.next()
            #expect(await tasks.changeSubscriberCount == 1)
        }
        await waitUntil("the subscription to end") { await tasks.changeSubscriberCount == 0 }

        let consumer = Task {
            for await _ in await tasks.changes() {}
        }
        await waitUntil("the consumer to subscribe") { await tasks.changeSubscriberCount == 1 }
        consumer.cancel()
        await waitUntil("the cancelled consumer to go") { await tasks.changeSubscriberCount == 0 }
    }

    @Test func manySubscribersSeeTheSameChanges() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.descending(\.rank)])
        await tasks.sortAndAdd(task("a"))
        let streams = [await tasks.changes(), await tasks.changes(), await tasks.changes()]
        for index in 0..<20 { await tasks.sortAndAdd(task("t\(index % 7)", rank: index)) }
        let expected = await tasks.objects
        for stream in streams {
            var copy: [TaskItem] = []
            var iterator = stream.makeAsyncIterator()
            for _ in 0...20 { replay(await iterator.next()!, onto: &copy) }
            #expect(sameObjects(copy, expected))
        }
    }
}
