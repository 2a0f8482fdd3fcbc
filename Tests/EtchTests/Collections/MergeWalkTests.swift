import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// Walks built step by step, as a merge's plan builds them (removals, kept runs and
/// insertions interleaved at random), applied to arrays of every kind of element: plain
/// integers and wide plain structs (copied as blocks), heap strings (copied and moved) and
/// counted objects (moved, with and without a snapshot sharing the buffer), each against the
/// merged order worked out by hand, and with no object kept alive or released twice.
@Suite struct MergeWalkTests {}

/// A wide POD element (stride 24), for block copies of more bytes.
private struct Wide: Equatable {
    var a: Int
    var b: Int
    var c: Int
}

extension MergeWalkTests {
    /// A random walk built step by step, as planMerge builds it, with its expected result.
    private static func randomWalk(oldCount: Int, inserted: Int, removalOdds: Int, using random: inout SeededGenerator)
        -> (MergeWalk, expected: [Int])
    {
        let removals = (0..<oldCount).filter { _ in
            removalOdds > 0 && Int.random(in: 0..<removalOdds, using: &random) == 0
        }
        var order = Array(0..<inserted)
        order.shuffle(using: &random)
        var walk = MergeWalk(oldCount: oldCount, inserting: order, removing: removals)
        var expected: [Int] = []
        var position = 0
        var nextRemoval = 0
        var nextInsert = 0
        // Interleave randomly: remove, keep some, insert.
        while nextInsert < inserted {
            let step = Int.random(in: 0..<3, using: &random)
            if step == 0, nextRemoval < removals.count {
                for i in position..<removals[nextRemoval] { expected.append(i) }
                position = removals[nextRemoval] + 1
                walk.removeNext()
                nextRemoval += 1
            } else if step == 1 {
                let limit = nextRemoval < removals.count ? removals[nextRemoval] : oldCount
                let end = Int.random(in: position...limit, using: &random)
                for i in position..<end { expected.append(i) }
                walk.keep(upTo: end)
                position = end
            } else {
                walk.insertNext()
                expected.append(-1 - order[nextInsert])
                nextInsert += 1
            }
        }
        while nextRemoval < removals.count {
            for i in position..<removals[nextRemoval] { expected.append(i) }
            position = removals[nextRemoval] + 1
            nextRemoval += 1
        }
        for i in position..<oldCount { expected.append(i) }
        walk.finish()
        return (walk, expected)
    }

    @Test(arguments: 0..<400)
    func walksAppliedToEveryKindOfArray(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let sizes = [0, 1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 100]
        let oldCount =
            Bool.random(using: &random) ? sizes.randomElement(using: &random)! : Int.random(in: 0..<120, using: &random)
        let inserted = Int.random(in: 0..<(Bool.random(using: &random) ? 3 : 40), using: &random)
        let odds = [0, 1, 2, 3, 10].randomElement(using: &random)!
        let (walk, expected) = Self.randomWalk(
            oldCount: oldCount, inserted: inserted, removalOdds: odds, using: &random)
        #expect(walk.mergedCount == expected.count)
        // Ints, copied.
        let ints = Array(0..<oldCount)
        let insertedInts = (0..<inserted).map { -1 - $0 }
        #expect(ints.merged(inserting: insertedInts, walk) == expected)
        // Wide POD, copied.
        let wides = ints.map { Wide(a: $0, b: $0 &* 7, c: ~$0) }
        #expect(
            wides.merged(inserting: insertedInts.map { Wide(a: $0, b: $0 &* 7, c: ~$0) }, walk)
                == expected.map { Wide(a: $0, b: $0 &* 7, c: ~$0) })
        // Strings, copied and moved.
        let strings = ints.map { "string number \($0) long enough to be on the heap" }
        let insertedStrings = insertedInts.map { "string number \($0) long enough to be on the heap" }
        let expectedStrings = expected.map { "string number \($0) long enough to be on the heap" }
        #expect(strings.merged(inserting: insertedStrings, walk) == expectedStrings)
        var movedStrings = strings + insertedStrings
        movedStrings.moveMerge(walk)
        #expect(movedStrings == expectedStrings)
        // Ints moved.
        var movedInts = ints + insertedInts
        movedInts.moveMerge(walk)
        #expect(movedInts == expected)
        // Objects moved, counted.
        let live = LiveCount()
        do {
            var objects = (ints + insertedInts).map { Tracked($0, live) }
            let snapshot = seed.isMultiple(of: 3) ? objects : []
            objects.moveMerge(walk)
            #expect(objects.map(\.value) == expected)
            #expect(live.count == (snapshot.isEmpty ? expected.count : oldCount + inserted))
            if !snapshot.isEmpty { #expect(snapshot.map(\.value) == ints + insertedInts) }
            _ = snapshot
        }
        #expect(live.count == 0)
    }
}
