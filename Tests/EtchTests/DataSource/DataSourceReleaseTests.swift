import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// A merge releases each object that goes exactly as often as the store holds it: in its
/// array and in its table by id, whose reference the merge forgets and releases with the
/// array's (see ``SortedStore/forget(_:standingFor:)``).
@Suite struct DataSourceReleaseTests {}

extension DataSourceReleaseTests {
    /// Weak references to the storage of objects, to see which were freed.
    private struct Watched {
        private var storages: [String: () -> ModelStorage?] = [:]

        init(_ objects: [TaskItem]) {
            for object in objects {
                weak let storage = object.dictionary.storage
                storages[object.id] = { storage }
            }
        }

        /// The ids whose objects are still alive.
        var alive: Set<String> { Set(storages.filter { $0.value() != nil }.keys) }
    }

    @Test(arguments: [LocalValuesPolicy.carryOver, .replace])
    func aMergeFreesTheObjectsItReplacesAndRemoves(localValues: LocalValuesPolicy) async {
        let tasks = DataSource<TaskItem>(sortedBy: [.ascending(\.rank), .descending(\.title)])
        var watched: Watched
        do {
            let initial = (0..<300).map { task("t\($0)", rank: $0 % 7, expanded: $0 % 3 == 0) }
            watched = Watched(initial)
            await tasks.sortAndAdd(contentsOf: initial)
        }
        // Fresh objects, sharing no storage with the ones they replace; some ids twice.
        let replaced = (0..<120).map { $0 * 2 }
        await tasks.sortAndAdd(
            contentsOf: replaced.map { task("t\($0)", rank: 100 - $0 % 11) } + [
                task("t0", rank: 5), task("new", rank: 3),
            ],
            localValues: localValues)
        let removed = (0..<40).map { $0 * 6 + 1 }
        await tasks.remove(ids: removed.map { "t\($0)" })

        let gone = Set((replaced + removed).map { "t\($0)" })
        let alive = watched.alive
        #expect(alive.intersection(gone).sorted() == [], "not freed")
        #expect(alive.count == 300 - gone.count, "freed though kept")
        let objects = await tasks.objects
        #expect(objects.count == 300 - removed.count + 1)
        #expect(await tasks.object(withID: "t0")?.rank == 5)
        #expect(await tasks.object(withID: "t0")?.isExpanded == (localValues == .carryOver))
        // The objects left are whole: reading each touches its storage.
        #expect(objects.allSatisfy { $0.title.hasPrefix("task ") })
        #expect(DataSourceMergeTests.columnsMatchObjects(await tasks.store))
    }

    @Test func forgettingAReferenceThatIsNotTheStoredObjectKeepsTheCountsRight() {
        var store = SortedStore<TaskItem>(order: ElementOrder(keys: [.ascending(\.rank)]))
        _ = store.apply(upserting: (0..<20).map { task("t\($0)", rank: $0) }, keepingLocalValues: false)
        let stored = store.elements[4].dictionary.storage
        let before = _getRetainCount(stored)
        // The same value, but another storage: released now, a copy of the stored one
        // forgotten in its place.
        let references = UnsafeMutablePointer<TaskItem>.allocate(capacity: 2)
        defer { references.deallocate() }
        weak var other: ModelStorage?
        do {
            let lookalike = task("t4", rank: 4)
            other = lookalike.dictionary.storage
            references.initialize(to: lookalike)
        }
        // And a copy of the stored object itself, forgotten as it is.
        (references + 1).initialize(to: store.elements[4])
        #expect(_getRetainCount(stored) == before + 1)
        store.forget(references, standingFor: [4, 4])
        #expect(other == nil)
        #expect(_getRetainCount(stored) == before + 2)
        Unmanaged.passUnretained(stored).release()
        Unmanaged.passUnretained(stored).release()
    }
}
