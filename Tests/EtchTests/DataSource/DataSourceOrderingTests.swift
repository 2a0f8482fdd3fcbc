import Foundation
import Testing

@testable import Etch

@Suite struct DataSourceOrderingTests {}

extension DataSourceOrderingTests {
    @Test func duplicateSortKeysAreOrderedByID() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        for id in ["d", "b", "e", "a", "c"] { await tasks.sortAndAdd(task(id, rank: id < "c" ? 2 : 1)) }
        #expect(await tasks.objects.map(\.id) == ["c", "d", "e", "a", "b"])
    }

    @Test(
        arguments: [
            (SortKey<TaskItem>.ascending(\.dueAt, nils: .first), "ascending, nil first", ["x", "y", "a", "b", "c"]),
            (.ascending(\.dueAt, nils: .last), "ascending, nil last", ["a", "b", "c", "x", "y"]),
            (.descending(\.dueAt, nils: .first), "descending, nil first", ["x", "y", "c", "b", "a"]),
            (.descending(\.dueAt, nils: .last), "descending, nil last", ["c", "b", "a", "x", "y"]),
            (.ascending(\.dueAt), "ascending, default", ["x", "y", "a", "b", "c"]),
            (.descending(\.dueAt), "descending, default", ["c", "b", "a", "x", "y"]),
        ] as [(SortKey<TaskItem>, String, [String])])
    func optionalKeysPlaceNilAsAsked(key: SortKey<TaskItem>, name: String, expected: [String]) async {
        let tasks = DataSource<TaskItem>(sortedBy: [key])
        await tasks.sortAndAdd(contentsOf: [
            task("y"), task("b", due: 2), task("x"), task("c", due: 3), task("a", due: 1),
        ])
        #expect(await tasks.objects.map(\.id) == expected, "\(name)")
    }

    @Test func comparatorAndSeveralKeys() async {
        let byTitleLength = SortKey<TaskItem>.comparator { lhs, rhs in
            lhs.title.count < rhs.title.count
                ? .orderedAscending
                : lhs.title.count > rhs.title.count ? .orderedDescending : .orderedSame
        }
        let tasks = DataSource<TaskItem>(sortedBy: [byTitleLength, .descending(\.rank)])
        await tasks.sortAndAdd(contentsOf: [
            task("a", rank: 1, title: "ccc"), task("b", rank: 2, title: "dd"), task("c", rank: 3, title: "ee"),
            task("d", rank: 1, title: "f"),
        ])
        #expect(await tasks.objects.map(\.id) == ["d", "c", "b", "a"])
    }

    @Test func replaceWithChangedKeyMovesAndUnchangedKeyStays() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(contentsOf: (0..<6).map { task("t\($0)", rank: $0 * 10) })
        #expect(await tasks.sortAndAdd(task("t1", rank: 45)) == 4)
        #expect(await tasks.objects.map(\.id) == ["t0", "t2", "t3", "t4", "t1", "t5"])
        #expect(await tasks.sortAndAdd(task("t5", rank: -1)) == 0)
        #expect(await tasks.objects.map(\.id) == ["t5", "t0", "t2", "t3", "t4", "t1"])
        #expect(await tasks.sortAndAdd(task("t3", rank: 30, title: "renamed")) == 3)
        #expect(await tasks.object(withID: "t3")?.title == "renamed")
        // A changed key that keeps the position.
        #expect(await tasks.sortAndAdd(task("t2", rank: 21)) == 2)
        #expect(await tasks.objects.map(\.rank) == [-1, 0, 21, 30, 40, 45])
    }

    @Test func readsByIDIndexAndRange() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.descending(\.rank)])
        await tasks.sortAndAdd(contentsOf: (0..<10).map { task("t\($0)", rank: $0 % 4) })
        let objects = await tasks.objects
        #expect(await tasks.count == 10)
        for (index, object) in objects.enumerated() {
            #expect(await tasks.index(ofID: object.id) == index)
            #expect(await tasks.object(at: index)?.id == object.id)
            #expect(await tasks.object(withID: object.id) == object)
        }
        #expect(await tasks.index(ofID: "missing") == nil)
        #expect(await tasks.object(withID: "missing") == nil)
        #expect(await tasks.object(at: 10) == nil)
        #expect(await tasks.object(at: -1) == nil)
        #expect(await tasks.objects(in: 8..<20).map(\.id) == objects[8...].map(\.id))
        #expect(await tasks.objects(in: 20..<30).isEmpty)
        #expect(await tasks.contains(id: "t3"))
    }

    @Test func removals() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(contentsOf: (0..<10).map { task("t\($0)", rank: $0) })
        #expect(await tasks.remove(id: "t4")?.rank == 4)
        #expect(await tasks.remove(id: "t4") == nil)
        await tasks.remove(ids: ["t1", "t2", "missing"])
        await tasks.removeAll { $0.rank >= 8 }
        #expect(await tasks.objects.map(\.id) == ["t0", "t3", "t5", "t6", "t7"])
        #expect(await tasks.index(ofID: "t6") == 3)
        await tasks.removeAll()
        #expect(await tasks.objects.isEmpty)
        #expect(await tasks.object(withID: "t0") == nil)
    }

    @Test func updateThatChangesTheIDLeavesTheObjectAndReturnsNil() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(contentsOf: [task("a", rank: 1), task("b", rank: 2)])
        var changes = await tasks.changes().makeAsyncIterator()
        _ = await changes.next()  // the initial contents

        let result = await tasks.update(id: "a") { _ in task("z", rank: 0) }
        #expect(result == nil)
        #expect(await tasks.objects.map(\.id) == ["a", "b"])
        #expect(await tasks.object(withID: "a")?.rank == 1)
        #expect(await tasks.object(withID: "z") == nil)

        // No change was published for it: the next change is the next real write.
        await tasks.update(id: "b") { $0.copyWith(rank: 0) }
        #expect(await changes.next()?.moves == [.init(oldIndex: 1, newIndex: 0)])
    }
}
