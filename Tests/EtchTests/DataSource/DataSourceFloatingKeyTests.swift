import EtchTestSupport
import Foundation
import Testing

@testable import Etch

@Suite struct DataSourceFloatingKeyTests {}

extension TaskItem {
    /// An undeclared double, so tests can sort by a floating-point key that may be NaN.
    fileprivate var score: Double {
        if case .double(let score)? = self["score"] { return score }
        return 0
    }

    /// The same double, or `nil` when the key is absent.
    fileprivate var optionalScore: Double? {
        if case .double(let score)? = self["score"] { return score }
        return nil
    }
}

/// A floating-point sort order under test, with its reference order on a plain array.
private struct FloatingOrderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let key: SortKey<TaskItem>
    let descending: Bool
    /// The order the reference sorts by: a total order spelled out by hand.
    let rank: @Sendable (TaskItem) -> (Int, Double)

    var testDescription: String { name }

    static let all: [FloatingOrderCase] = [
        FloatingOrderCase(name: "ascending: NaN last", key: .ascending(\.score), descending: false) {
            $0.score.isNaN ? (1, 0) : (0, $0.score)
        },
        FloatingOrderCase(name: "descending: NaN first", key: .descending(\.score), descending: true) {
            $0.score.isNaN ? (1, 0) : (0, $0.score)
        },
        FloatingOrderCase(
            name: "optional ascending, nil last", key: .ascending(\.optionalScore, nils: .last), descending: false
        ) {
            guard let score = $0.optionalScore else { return (2, 0) }
            return score.isNaN ? (1, 0) : (0, score)
        },
        FloatingOrderCase(
            name: "optional descending, nil last", key: .descending(\.optionalScore, nils: .last), descending: true
        ) {
            guard let score = $0.optionalScore else { return (-1, 0) }
            return score.isNaN ? (1, 0) : (0, score)
        },
    ]

    /// Whether `lhs` comes before `rhs` in the reference order, ties broken by id.
    func precedes(_ lhs: TaskItem, _ rhs: TaskItem) -> Bool {
        let (left, right) = (rank(lhs), rank(rhs))
        if left != right {
            let ascending = left.0 != right.0 ? left.0 < right.0 : left.1 < right.1
            return descending ? !ascending : ascending
        }
        return lhs.id < rhs.id
    }
}

/// A task whose `score` is one of a few values, NaN and infinities among them; `nil` leaves
/// the key out.
private func scored(_ id: String, _ score: Double?) -> TaskItem {
    var dictionary: ModelDictionary = ["id": .string(id), "title": .string("task \(id)")]
    if let score { dictionary["score"] = .double(score) }
    // The dictionary holds every declared field TaskItem requires.
    return try! TaskItem(dictionary: dictionary)
}

extension DataSourceFloatingKeyTests {
    @Test(arguments: FloatingOrderCase.all)
    fileprivate func nanKeysKeepATotalOrderThroughRandomWrites(order: FloatingOrderCase) async {
        var random = SeededGenerator(seed: 0x5EED_0F_4A4)
        let scores: [Double?] = [.nan, -.nan, 0, -0.0, 1.5, -2, .infinity, -.infinity, nil, 3]
        let tasks = DataSource<TaskItem>(sortedBy: [order.key])
        var reference: [String: TaskItem] = [:]
        func randomTask() -> TaskItem {
            scored("t\(Int.random(in: 0..<40, using: &random))", scores.randomElement(using: &random)!)
        }
        for step in 0..<600 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let object = randomTask()
                await tasks.sortAndAdd(object)
                reference[object.id] = object
            case 6..<8:
                let id = "t\(Int.random(in: 0..<40, using: &random))"
                await tasks.remove(id: id)
                reference[id] = nil
            default:
                // Large enough for the merge path.
                let batch = (0..<Int.random(in: 1..<20, using: &random)).map { _ in randomTask() }
                await tasks.sortAndAdd(contentsOf: batch)
                for object in batch { reference[object.id] = object }
            }
            let expected = reference.values.sorted(by: order.precedes).map(\.id)
            let actual = await tasks.objects.map(\.id)
            guard actual == expected else {
                Issue.record("step \(step): \(actual) != \(expected)")
                return
            }
        }
        for (index, object) in await tasks.objects.enumerated() {
            #expect(await tasks.index(ofID: object.id) == index)
        }
    }

    @Test func storeFindsObjectsEvenWhenAComparatorIsNotAStrictWeakOrder() async {
        // Rank 0 "equals" everything, as NaN did: binary searches go astray, and lookups must
        // fall back to a scan instead of losing objects.
        let faulty = SortKey<TaskItem>.comparator { lhs, rhs in
            if lhs.rank == 0 || rhs.rank == 0 { return .orderedSame }
            return lhs.rank < rhs.rank ? .orderedAscending : lhs.rank > rhs.rank ? .orderedDescending : .orderedSame
        }
        var random = SeededGenerator(seed: 42)
        let tasks = DataSource<TaskItem>(sortedBy: [faulty])
        var ids: Set<String> = []
        for _ in 0..<800 {
            let id = "t\(Int.random(in: 0..<30, using: &random))"
            if Int.random(in: 0..<4, using: &random) == 0 {
                #expect((await tasks.remove(id: id) != nil) == ids.contains(id))
                ids.remove(id)
            } else {
                await tasks.sortAndAdd(task(id, rank: Int.random(in: -3...3, using: &random)))
                ids.insert(id)
            }
        }
        let objects = await tasks.objects
        #expect(Set(objects.map(\.id)) == ids)
        #expect(objects.count == ids.count)
        for (index, object) in objects.enumerated() {
            #expect(await tasks.index(ofID: object.id) == index)
        }
    }
}
