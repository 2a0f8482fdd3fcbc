import EtchTestSupport
import Testing

@_spi(EtchCollections) @testable import Etch

/// The persistent list against an array: random edits, sorted use, and copies that stay as
/// they were while the original changes.
@Suite struct PersistentListTests {}

extension PersistentListTests {
    @Test(arguments: [1, 7, 42])
    func randomEditsMatchAnArray(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var list = PersistentList<Int>()
        var array: [Int] = []
        var copies: [(PersistentList<Int>, [Int])] = []
        for step in 0..<6_000 {
            let action = Int.random(in: 0..<10, using: &random)
            if action < 5 || array.isEmpty {
                let position = Int.random(in: 0...array.count, using: &random)
                list.insert(step, at: position)
                array.insert(step, at: position)
            } else if action < 8 {
                let position = Int.random(in: 0..<array.count, using: &random)
                #expect(list.remove(at: position) == array.remove(at: position))
            } else {
                let position = Int.random(in: 0..<array.count, using: &random)
                list.replace(at: position, with: -step)
                array[position] = -step
            }
            if step % 500 == 0 { copies.append((list, array)) }
        }
        #expect(list.count == array.count)
        #expect(list.all == array)
        for position in stride(from: 0, to: array.count, by: 37) { #expect(list[position] == array[position]) }
        // Every copy still holds what it held when it was taken.
        for (copy, expected) in copies { #expect(copy.all == expected) }
        // Removing everything empties the list.
        while !array.isEmpty {
            let position = Int.random(in: 0..<array.count, using: &random)
            #expect(list.remove(at: position) == array.remove(at: position))
        }
        #expect(list.isEmpty && list.count == 0)
    }

    @Test(arguments: [0..<10_000, 0..<1, 63..<65, 4_990..<5_013, 9_000..<20_000, 5..<5])
    func runsAndInPlaceReadsMatchTheElements(range: Range<Int>) {
        var list = PersistentList(Array(0..<10_000))
        // Edits leave leaves of uneven widths.
        for position in stride(from: 9_000, to: 0, by: -97) { list.remove(at: position) }
        for position in stride(from: 0, to: 9_000, by: 89) { list.insert(-position, at: position) }
        let all = list.all
        var runs: [[Int]] = []
        list.forEachRun(in: range) { run in
            runs.append(Array(run))
            return true
        }
        #expect(runs.joined().elementsEqual(list.elements(in: range)))
        #expect(runs.allSatisfy { !$0.isEmpty && $0.count <= PersistentList<Int>.maximumWidth })
        if runs.count > 1 {
            var first: [[Int]] = []
            list.forEachRun(in: range) { run in
                first.append(Array(run))
                return false
            }
            #expect(first == [runs[0]])
        }
        for position in stride(from: 0, to: all.count, by: 131) {
            #expect(list.reading(at: position) { $0 } == all[position])
        }
    }

    @Test func bulkBuildAndWalks() {
        let array = Array(0..<10_000)
        let list = PersistentList(array)
        #expect(list.count == 10_000)
        #expect(list.all == array)
        #expect(list.elements(in: 4_990..<5_013) == Array(4_990..<5_013))
        #expect(list.elements(in: 4_990..<5_013, reversed: true) == Array((4_990..<5_013).reversed()))
        #expect(list.elements(in: 9_990..<20_000) == Array(9_990..<10_000))
        var visited: [Int] = []
        list.forEach(in: 100..<10_000, reversed: true) {
            visited.append($0)
            return visited.count < 5
        }
        #expect(visited == [9_999, 9_998, 9_997, 9_996, 9_995])
        #expect(PersistentList<Int>([]).isEmpty)
    }

    @Test(arguments: [0, 1, 47, 48, 49, 48 * 48, 48 * 48 + 1, 10_000])
    func bulkBuildFromPositionsMatchesTheBuildFromAnArray(count: Int) {
        let made = PersistentList(count: count) { "e\($0)" }
        let copied = PersistentList((0..<count).map { "e\($0)" })
        #expect(made.count == count && made.all == copied.all)
        // Still a list that edits as one: insert and remove around a leaf's edge.
        var edited = made
        var array = copied.all
        for position in [0, count / 2, count].filter({ $0 <= array.count }) {
            edited.insert("new", at: position)
            array.insert("new", at: position)
        }
        #expect(edited.all == array)
        #expect(made.all == copied.all)
    }

    @Test(arguments: [3, 11])
    func sortedInsertionsThroughPartitionIndex(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var list = PersistentList<Int>()
        var array: [Int] = []
        for _ in 0..<5_000 {
            let value = Int.random(in: 0..<2_000, using: &random)
            list.insert(value, at: list.partitionIndex { $0 < value })
            array.insert(value, at: array.partitionPoint { $0 < value })
            if Bool.random(using: &random), let first = array.first {
                let position = list.partitionIndex { $0 < first }
                #expect(list[position] == first)
                list.remove(at: position)
                array.removeFirst()
            }
        }
        #expect(list.all == array)
        #expect(array == array.sorted())
        for probe in [-1, 0, 500, 1_999, 2_000] {
            #expect(list.partitionIndex { $0 < probe } == array.partitionPoint { $0 < probe })
            #expect(list.partitionIndex { $0 <= probe } == array.partitionPoint { $0 <= probe })
        }
    }
}
