import EtchTestSupport
import Foundation
import Testing

@testable import Etch

extension DataSourceReleaseTests {
    /// Sort orders whose merges take each path: one key, several, a comparator, none.
    static let orders: [(String, [SortKey<TaskItem>])] = [
        ("rank", [.ascending(\.rank)]),
        ("due then title", [.descending(\.dueAt, nils: .last), .ascending(\.title)]),
        ("comparator", [.comparator { $0.title.compare($1.title) }]),
        ("id only", []),
    ]

    /// Random merges (the same object again, only its `@local` values changed, ids twice,
    /// removals beside upserts, carried or replaced `@local` values), some while a snapshot of
    /// the array or of the table by id holds the old objects: after each, exactly the objects
    /// something holds are alive, so no reference the merge forgot was released once too
    /// often or too few times.
    @Test(arguments: 0..<4, 0..<12)
    func randomMergesFreeExactlyWhatGoes(orderIndex: Int, seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        var watched: [() -> ModelStorage?] = []
        func make(_ id: String) -> TaskItem {
            let object = task(
                id, rank: Int.random(in: 0..<5, using: &random),
                due: Bool.random(using: &random) ? Int.random(in: 0..<4, using: &random) : nil,
                title: "task \(Int.random(in: 0..<6, using: &random))", expanded: Bool.random(using: &random))
            weak let storage = object.dictionary.storage
            watched.append({ storage })
            return object
        }
        do {
            var store = SortedStore<TaskItem>(order: ElementOrder(keys: Self.orders[orderIndex].1))
            var snapshots: [[TaskItem]] = []
            var tables: [IDTable<TaskItem>] = []
            for _ in 0..<40 {
                let ids = store.elements.map(\.id)
                do {
                    var batch: [TaskItem] = []
                    for _ in 0..<Int.random(in: 0..<200, using: &random) {
                        let id = "t\(Int.random(in: 0..<400, using: &random))"
                        switch Int.random(in: 0..<4, using: &random) {
                        case 0:
                            if let same = store.byID[id] { batch.append(same) } else { batch.append(make(id)) }
                        case 1:
                            if let same = store.byID[id] {
                                batch.append(same.copyWith(isExpanded: !same.isExpanded))
                            } else {
                                batch.append(make(id))
                            }
                        default: batch.append(make(id))
                        }
                    }
                    let batchIDs = Set(batch.map(\.id))
                    let removals = ids.indices.filter {
                        !batchIDs.contains(ids[$0]) && Int.random(in: 0..<3, using: &random) == 0
                    }
                    if Bool.random(using: &random) { snapshots.append(store.elements) }
                    if Bool.random(using: &random) { tables.append(store.byID) }
                    if snapshots.count > 2 { snapshots.removeFirst() }
                    if tables.count > 2 { tables.removeFirst() }
                    _ = store.apply(
                        upserting: batch, removingIndices: removals, keepingLocalValues: Bool.random(using: &random))
                }
                #expect(store.elements.allSatisfy { $0.title.hasPrefix("task ") && store.byID[$0.id] == $0 })
                #expect(store.byID.count == store.elements.count)
                #expect(DataSourceMergeTests.columnsMatchObjects(store))
                // Alive: exactly what the store, the snapshots and the tables hold.
                var held = Set<ObjectIdentifier>()
                for object in store.elements { held.insert(ObjectIdentifier(object.dictionary.storage)) }
                for snapshot in snapshots {
                    for object in snapshot { held.insert(ObjectIdentifier(object.dictionary.storage)) }
                }
                for table in tables {
                    for id in (0..<400).map({ "t\($0)" }) {
                        if let object = table[id] { held.insert(ObjectIdentifier(object.dictionary.storage)) }
                    }
                }
                let alive = Set(watched.compactMap { $0().map(ObjectIdentifier.init) })
                #expect(alive.subtracting(held).isEmpty, "leaked")
                #expect(held.subtracting(alive).isEmpty, "freed though held")
            }
            for snapshot in snapshots { #expect(snapshot.allSatisfy { $0.title.hasPrefix("task ") }) }
        }
        #expect(watched.allSatisfy { $0() == nil }, "leaked at the end")
    }
}
