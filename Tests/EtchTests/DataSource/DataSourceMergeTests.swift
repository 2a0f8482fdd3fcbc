import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// The pieces of a large batch's merge: moving objects in place, the searches, and the
/// columns of ids and keys kept beside the objects.
@Suite struct DataSourceMergeTests {}

extension DataSourceMergeTests {
    /// What `moveMerge` should give, the plain way.
    private static func expectedMerge(_ old: [Int], removing removals: [Int], inserting: [Int], afterKept: [Int])
        -> [Int]
    {
        let kept = old.indices.filter { !removals.contains($0) }.map { old[$0] }
        var result: [Int] = []
        var next = 0
        for (value, keptCount) in zip(inserting, afterKept) {
            result += kept[next..<keptCount]
            next = keptCount
            result.append(value)
        }
        return result + kept[next...]
    }

    @Test(arguments: 0..<200)
    func moveMergeMatchesThePlainWayAndLosesNoObject(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let live = LiveCount()
        do {
            let count = Int.random(in: 0..<40, using: &random)
            let old = (0..<count).map { Tracked($0, live) }
            let removals = old.indices.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            let insertions = (0..<Int.random(in: 0..<30, using: &random)).map { Tracked(1_000 + $0, live) }
            let keptCount = count - removals.count
            let afterKept = insertions.map { _ in Int.random(in: 0...keptCount, using: &random) }.sorted()
            // Appended in any order; `order` names them in the order they go in.
            let order = Array(insertions.indices).shuffled(using: &random)
            var appended = insertions
            for (position, offset) in order.enumerated() { appended[offset] = insertions[position] }
            var merged = old + appended
            // Half the time a second reference holds the buffer, as a snapshot does.
            let snapshot = seed.isMultiple(of: 2) ? merged : []
            merged.moveMerge(appended: order, removing: removals, afterKept: afterKept)
            #expect(
                merged.map(\.value)
                    == Self.expectedMerge(
                        old.map(\.value), removing: removals, inserting: insertions.map(\.value), afterKept: afterKept))
            #expect(snapshot.count == (seed.isMultiple(of: 2) ? count + insertions.count : 0))
            #expect(snapshot.isEmpty || snapshot.prefix(count).map(\.value) == Array(0..<count))
            #expect(old.map(\.value) == Array(0..<count))
        }
        #expect(live.count == 0)
    }

    @Test(arguments: 0..<50)
    func moveMergeReleasesEachRemovedElementTwiceWhenAsked(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let live = LiveCount()
        do {
            // More than a chunk of removals, so the release goes a chunk at a time.
            let count = Int.random(in: 0..<300, using: &random)
            var merged = (0..<count).map { Tracked($0, live) }
            let removals = merged.indices.filter { _ in Bool.random(using: &random) }
            // A second reference to each removed element, forgotten, as a merge forgets its
            // table's: the merge must release it too.
            for index in removals { _ = Unmanaged.passRetained(merged[index]) }
            let insertions = (0..<Int.random(in: 0..<30, using: &random)).map { Tracked(1_000 + $0, live) }
            let afterKept = insertions.map { _ in Int.random(in: 0...(count - removals.count), using: &random) }
                .sorted()
            merged += insertions
            merged.moveMerge(
                appended: Array(insertions.indices), removing: removals, afterKept: afterKept,
                releasingRemovedTwice: true)
            #expect(live.count == count - removals.count + insertions.count)
            #expect(merged.count == live.count)
        }
        #expect(live.count == 0)
    }

    @Test(arguments: 0..<200)
    func mergedMatchesThePlainWay(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let count = Int.random(in: 0..<300, using: &random)
        let old = Array(0..<count)
        let removals = old.indices.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
        let insertions = (0..<Int.random(in: 0..<40, using: &random)).map { 1_000 + $0 }
        let afterKept = insertions.map { _ in Int.random(in: 0...(count - removals.count), using: &random) }.sorted()
        let order = Array(insertions.indices).shuffled(using: &random)
        var inserted = insertions
        for (position, offset) in order.enumerated() { inserted[offset] = insertions[position] }
        let expected = Self.expectedMerge(old, removing: removals, inserting: insertions, afterKept: afterKept)
        // Plain bits, whose short runs are copied as blocks, and strings, which are not.
        #expect(old.merged(inserting: inserted, inOrder: order, removing: removals, afterKept: afterKept) == expected)
        #expect(
            old.map(String.init).merged(
                inserting: inserted.map(String.init), inOrder: order, removing: removals, afterKept: afterKept)
                == expected.map(String.init))
    }

    @Test func mergedShrinksGrowsAndEmpties() {
        #expect([1, 2, 3].merged(inserting: [], inOrder: [], removing: [0, 1, 2], afterKept: []) == [])
        #expect([Int]().merged(inserting: [8, 7], inOrder: [1, 0], removing: [], afterKept: [0, 0]) == [7, 8])
        #expect(
            ["a", "b", "c", "d"].merged(inserting: ["y", "x"], inOrder: [1, 0], removing: [1], afterKept: [0, 2])
                == ["x", "a", "c", "y", "d"])
    }

    @Test func moveMergeShrinksGrowsAndEmpties() {
        var values = [1, 2, 3, 4]
        values.moveMerge(appended: [], removing: [0, 1, 2, 3], afterKept: [])
        #expect(values.isEmpty)
        values += [8, 7]
        values.moveMerge(appended: [1, 0], removing: [], afterKept: [0, 0])
        #expect(values == [7, 8])
        values += [9, 5, 6]
        values.moveMerge(appended: [1, 2, 0], removing: [1], afterKept: [0, 1, 1])
        #expect(values == [5, 7, 6, 9])
    }

    @Test func moveShiftsTheObjectsBetween() {
        let live = LiveCount()
        do {
            var objects = (0..<6).map { Tracked($0, live) }
            objects.move(from: 1, to: 4, replacingWith: Tracked(10, live))
            #expect(objects.map(\.value) == [0, 2, 3, 4, 10, 5])
            objects.move(from: 5, to: 0, replacingWith: Tracked(11, live))
            #expect(objects.map(\.value) == [11, 0, 2, 3, 4, 10])
            objects.move(from: 2, to: 2, replacingWith: Tracked(12, live))
            #expect(objects.map(\.value) == [11, 0, 12, 3, 4, 10])
        }
        #expect(live.count == 0)
    }

    @Test(arguments: 0..<50)
    func searchesFindThePartitionPoint(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let values = (0..<Int.random(in: 0..<300, using: &random)).map { _ in Int.random(in: 0..<50, using: &random) }
            .sorted()
        for _ in 0..<20 {
            let target = Int.random(in: -1...51, using: &random)
            let start = Int.random(in: 0...values.count, using: &random)
            let range = start..<values.count
            let expected = values[range].firstIndex { $0 >= target } ?? values.count
            #expect(range.partitionPoint { values[$0] < target } == expected)
            for step in [0, 1, 3, 40, 1_000] {
                #expect(range.gallopingPartitionPoint(firstStep: step) { values[$0] < target } == expected)
                for scanned in [-1, 0, 1, 2, 16, 500] {
                    #expect(
                        range.scanningPartitionPoint(scanned: scanned, firstStep: step) { values[$0] < target }
                            == expected)
                }
            }
        }
    }
}

extension DataSourceMergeTests {
    /// Whether the store's columns hold each object's id and keys, in the objects' order
    /// (the keys of ``TaskItem`` that ``OrderCase`` sorts by: rank, due date, title).
    static func columnsMatchObjects(_ store: SortedStore<TaskItem>) -> Bool {
        guard store.columns.ids == store.elements.map(\.id) else { return false }
        for column in store.columns.keys.compactMap(\.self) {
            switch column.keys {
            case let ranks as [Int]: guard ranks == store.elements.map(\.rank) else { return false }
            case let dates as [Date?]: guard dates == store.elements.map(\.dueAt) else { return false }
            case let titles as [String]: guard titles == store.elements.map(\.title) else { return false }
            default: return false
            }
        }
        return true
    }

    @Test(arguments: OrderCase.all, 1...3 as ClosedRange<UInt64>)
    func columnsFollowEveryKindOfWrite(order: OrderCase, seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let tasks = DataSource<TaskItem>(sortedBy: order.keys)
        func item() -> TaskItem {
            let due = Int.random(in: 0..<4, using: &random)
            return task(
                "t\(Int.random(in: 0..<60, using: &random))", rank: Int.random(in: 0..<6, using: &random),
                due: due == 0 ? nil : due, title: "v\(Int.random(in: 0..<5, using: &random))")
        }
        for step in 0..<150 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: await tasks.sortAndAdd(item())
            case 2: await tasks.sortAndAdd(contentsOf: (0..<Int.random(in: 0..<40, using: &random)).map { _ in item() })
            case 3: await tasks.remove(id: "t\(Int.random(in: 0..<60, using: &random))")
            case 4: await tasks.remove(ids: (0..<Int.random(in: 0..<20, using: &random)).map { "t\($0 * 3)" })
            default: await tasks.replaceAll(with: (0..<Int.random(in: 0..<50, using: &random)).map { _ in item() })
            }
            guard Self.columnsMatchObjects(await tasks.store) else {
                Issue.record("columns diverged at step \(step)")
                return
            }
        }
    }

    @Test func aSnapshotHeldDuringABatchKeepsItsObjects() async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank)])
        await tasks.sortAndAdd(contentsOf: (0..<200).map { task("t\($0)", rank: $0) })
        let before = await tasks.objects
        await tasks.sortAndAdd(contentsOf: (0..<50).map { task("t\($0 * 4)", rank: 1_000 - $0) })
        await tasks.remove(ids: (0..<30).map { "t\($0 * 5 + 1)" })
        #expect(before.map(\.id) == (0..<200).map { "t\($0)" })
        #expect(before.map(\.rank) == Array(0..<200))
        #expect(Self.columnsMatchObjects(await tasks.store))
    }

    @Test func batchesUnderAComparatorThatIsNotAStrictWeakOrderKeepTheStoreWhole() async {
        // Rank 0 "equals" everything: the merge's searches go astray, and must neither lose
        // objects nor describe the change wrongly.
        let faulty = SortKey<TaskItem>.comparator { lhs, rhs in
            if lhs.rank == 0 || rhs.rank == 0 { return .orderedSame }
            return lhs.rank < rhs.rank ? .orderedAscending : lhs.rank > rhs.rank ? .orderedDescending : .orderedSame
        }
        var random = SeededGenerator(seed: 9)
        let tasks = DataSource<TaskItem>(sortedBy: [faulty, .descending(\.title)])
        var changes = await tasks.changes().makeAsyncIterator()
        var copy: [TaskItem] = []
        replay(await changes.next()!, onto: &copy)
        var ids: Set<String> = []
        for _ in 0..<60 {
            let batch = (0..<Int.random(in: 9..<40, using: &random)).map { _ in
                task(
                    "t\(Int.random(in: 0..<80, using: &random))", rank: Int.random(in: -2...2, using: &random),
                    title: "\(Int.random(in: 0..<3, using: &random))")
            }
            if Bool.random(using: &random) {
                await tasks.sortAndAdd(contentsOf: batch)
                ids.formUnion(batch.map(\.id))
            } else {
                await tasks.replaceAll(with: batch)
                ids = Set(batch.map(\.id))
            }
            replay(await changes.next()!, onto: &copy)
        }
        let objects = await tasks.objects
        #expect(Set(objects.map(\.id)) == ids && objects.count == ids.count)
        #expect(copy.map(\.id) == objects.map(\.id))
        #expect(Self.columnsMatchObjects(await tasks.store))
        for (index, object) in objects.enumerated() {
            #expect(await tasks.index(ofID: object.id) == index)
        }
    }
}
