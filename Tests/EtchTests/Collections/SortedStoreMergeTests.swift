import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// Large merges into a store of ``Row``s, whose ids and ranks are plain integers, checked
/// against a plain sort: the paths of plain keys and ids (the searches by windows of keys,
/// the integer ids' hash), which the tests of ``TaskItem`` (string ids) do not take.
@Suite struct SortedStoreMergeTests {}

extension SortedStoreMergeTests {
    /// A store's order, named for the test's arguments.
    enum RowOrder: String, CaseIterable, CustomTestStringConvertible {
        case rankAscending, rankDescending, rankThenLabel, labelOnly, rankByComparator

        var keys: [SortKey<Row>] {
            switch self {
            case .rankAscending: [.ascending(\.rank)]
            case .rankDescending: [.descending(\.rank)]
            case .rankThenLabel: [.ascending(\.rank), .descending(\.label)]
            case .labelOnly: [.ascending(\.label)]
            case .rankByComparator:
                [
                    .comparator {
                        $0.rank < $1.rank ? .orderedAscending : $0.rank > $1.rank ? .orderedDescending : .orderedSame
                    }
                ]
            }
        }

        /// The store's order: the keys, then the id.
        func precedes(_ lhs: Row, _ rhs: Row) -> Bool {
            let (left, right): ((Int, String), (Int, String)) =
                switch self {
                case .rankAscending, .rankByComparator: ((lhs.rank, ""), (rhs.rank, ""))
                case .rankDescending: ((-lhs.rank, ""), (-rhs.rank, ""))
                case .rankThenLabel: ((lhs.rank, ""), (rhs.rank, ""))
                case .labelOnly: ((0, lhs.label), (0, rhs.label))
                }
            if left != right { return left < right }
            if self == .rankThenLabel && lhs.label != rhs.label { return lhs.label > rhs.label }
            return lhs.id < rhs.id
        }

        var testDescription: String { rawValue }
    }

    /// The ids after `change`, replayed onto `old`: deletions and moved objects out, the
    /// others in their order, then insertions and moves at their new indices.
    static func replayed(_ change: ChangeIndices<Row>, onto old: [Int], new: [Int]) -> [Int]? {
        var gone = Set(change.deletions)
        for move in change.moves { gone.insert(move.oldIndex) }
        var result = [Int?](repeating: nil, count: new.count)
        for index in change.insertions { result[index] = new[index] }
        for move in change.moves {
            guard result[move.newIndex] == nil, old[move.oldIndex] == new[move.newIndex] else { return nil }
            result[move.newIndex] = old[move.oldIndex]
        }
        var survivors = old.indices.filter { !gone.contains($0) }.map { old[$0] }.makeIterator()
        for index in result.indices where result[index] == nil { result[index] = survivors.next() }
        guard survivors.next() == nil else { return nil }
        for update in change.updates where old[update.oldIndex] != result[update.newIndex] { return nil }
        return result.compactMap { $0 }
    }

    /// Whether each key column of `store` holds its objects' keys, in order: the merge
    /// moves the plain keys (ranks) and the others (labels) by the same walk as the objects,
    /// and a comparator has no column.
    static func keyColumnsMatch(_ store: SortedStore<Row>, _ order: RowOrder) -> Bool {
        let ranks = store.elements.map(\.rank)
        let labels = store.elements.map(\.label)
        let expected: [Any?] =
            switch order {
            case .rankAscending, .rankDescending: [ranks]
            case .rankThenLabel: [ranks, labels]
            case .labelOnly: [labels]
            case .rankByComparator: [nil]
            }
        guard store.columns.keys.count == expected.count else { return false }
        return zip(store.columns.keys, expected).allSatisfy { column, expected in
            switch expected {
            case let ranks as [Int]: (column?.keys as? [Int]) == ranks
            case let labels as [String]: (column?.keys as? [String]) == labels
            default: column == nil
            }
        }
    }

    /// Random batches, dense and sparse, with repeated ids, new ids and removals, over
    /// ranks that repeat in long runs, in short ones or seldom.
    @Test(arguments: RowOrder.allCases, 0..<9)
    func largeMergesMatchAPlainSort(order: RowOrder, seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let rankRange = [4, 60, 100_000][seed % 3]
        func row(_ id: Int) -> Row {
            Row(
                id: id * 7 - 900, rank: Int.random(in: 0..<rankRange, using: &random),
                label: "l\(Int.random(in: 0..<3, using: &random))")
        }
        var store = SortedStore<Row>(order: ElementOrder(keys: order.keys))
        var reference: [Int: Row] = [:]
        for step in 0..<8 {
            let batch = (0..<Int.random(in: 9...700, using: &random)).map { _ in
                row(Int.random(in: 0..<1_000, using: &random))
            }
            let batchIDs = Set(batch.map(\.id))
            let removals = store.elements.indices.filter {
                !batchIDs.contains(store.elements[$0].id) && Int.random(in: 0..<8, using: &random) == 0
            }
            let old = store.elements.map(\.id)
            let change = store.apply(upserting: batch, removingIndices: removals, keepingLocalValues: false)
            for index in removals { reference[old[index]] = nil }
            for object in batch { reference[object.id] = object }

            let expected = reference.values.sorted(by: order.precedes)
            let ids = store.elements.map(\.id)
            #expect(ids == expected.map(\.id), "order after step \(step)")
            #expect(store.columns.ids == ids, "ids column after step \(step)")
            #expect(Self.keyColumnsMatch(store, order), "key columns after step \(step)")
            #expect(store.count == store.byID.count && ids.allSatisfy { store.byID[$0]?.id == $0 })
            #expect(change.deletions == removals, "deletions at step \(step)")
            #expect(Self.replayed(change, onto: old, new: ids) == ids, "the change replays at step \(step)")
        }
    }
}
