import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// The id table behind a data source, against a `Dictionary` doing the same things.
@Suite struct IDTableTests {}

extension IDTableTests {
    /// An id whose hash takes one of a few values, so that most ids collide: long runs of
    /// full slots, which wrap around the end of the table and which removals shift back.
    struct CollidingID: Hashable, Sendable, CustomStringConvertible {
        let raw: Int
        static let hashCount = 3

        func hash(into hasher: inout Hasher) { hasher.combine(raw % Self.hashCount) }
        var description: String { "#\(raw)" }
    }

    /// An object with an id of any type and a value that tells its versions apart.
    struct Item<ID: Hashable & Sendable>: Identifiable, Sendable, Equatable {
        let id: ID
        let version: Int
    }

    /// The kinds of id the tests run with, named for the test's arguments.
    enum IDKind: String, CaseIterable, CustomTestStringConvertible {
        case int, string, colliding
        var testDescription: String { rawValue }
    }

    /// Checks everything `table` should hold against `reference`, and the table's own
    /// shape: each object once, each found from its hash's slot, the count right.
    private static func expectSame<ID: Hashable & Sendable>(
        _ table: IDTable<Item<ID>>, _ reference: [ID: Item<ID>], absent: [ID], step: Int
    ) {
        #expect(table.count == reference.count, "count at step \(step)")
        for (id, item) in reference where table[id] != item {
            Issue.record("at step \(step), \(id) holds \(String(describing: table[id])), expected \(item)")
            return
        }
        for id in absent where reference[id] == nil && table[id] != nil {
            Issue.record("at step \(step), \(id) is found but was never put in or was removed")
            return
        }
        let held = table.entries.compactMap { $0 }
        #expect(held.count == table.count, "full slots at step \(step)")
        #expect(Set(held.map(\.id)).count == held.count, "each id once at step \(step)")
        // Plain checks in the loop, one issue for the first wrong slot: an expectation per
        // slot per step would make this test slow.
        let wrong = table.entries.indices.first { slot in
            guard let entry = table.entries[slot] else { return false }
            return entry.hash != IDTable<Item<ID>>.hash(of: entry.id) || entry.element.id != entry.id
                || table.slot(of: entry.id, hash: entry.hash) != slot
        }
        #expect(wrong == nil, "at step \(step), the entry in slot \(wrong ?? -1) is not found there")
        #expect(table.entries.isEmpty || table.count * 4 <= table.entries.count * 3, "at most 3/4 full")
    }

    /// Random insertions, replacements and removals, by every path the store uses, checked
    /// against a `Dictionary` after each step.
    private static func runRandomly<ID: Hashable & Sendable>(
        steps: Int, idRange: Int, seed: UInt64, makeID: (Int) -> ID
    ) {
        var random = SeededGenerator(seed: seed)
        var table = IDTable<Item<ID>>()
        var reference: [ID: Item<ID>] = [:]
        for step in 0..<steps {
            let id = makeID(Int.random(in: 0..<idRange, using: &random))
            let item = Item(id: id, version: step)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                table[id] = item
                reference[id] = item
            case 4:
                table.update(item, id: id, hash: IDTable<Item<ID>>.hash(of: id))
                reference[id] = item
            case 5:
                // The slot paths: replace in place, or insert one known to be new.
                let hash = IDTable<Item<ID>>.hash(of: id)
                if let slot = table.slot(of: id, hash: hash) {
                    var swapped = item
                    swap(&swapped, &table[slot: slot])
                    #expect(swapped == reference[id], "the swap hands back the old object")
                } else {
                    table.insertNew(.init(hash: hash, id: id, element: item))
                }
                reference[id] = item
            case 6..<8:
                #expect(table.removeValue(forID: id) == reference.removeValue(forKey: id), "removed at \(step)")
            case 8:
                table[id] = nil
                reference[id] = nil
            default:
                table.reserveCapacity(table.count + Int.random(in: 0..<40, using: &random))
            }
            expectSame(table, reference, absent: (0..<8).map { makeID(idRange + $0) }, step: step)
        }
        // Emptied, it finds nothing and fills again.
        for id in Array(reference.keys) { #expect(table.removeValue(forID: id) != nil) }
        #expect(table.isEmpty && table.entries.allSatisfy { $0 == nil }, "all removed")
        table[makeID(1)] = Item(id: makeID(1), version: -1)
        #expect(table[makeID(1)]?.version == -1 && table.count == 1)
    }
}

extension IDTableTests {
    /// Ids drawn from `idRange` values: few, so that most steps replace or remove; or many,
    /// so that the table grows.
    @Test(arguments: IDKind.allCases, [20, 300, 2_000])
    func behavesLikeADictionary(kind: IDKind, idRange: Int) {
        let (steps, seed) = (1_000, UInt64(idRange))
        switch kind {
        case .int: Self.runRandomly(steps: steps, idRange: idRange, seed: seed) { $0 * 7 - 500 }
        case .string: Self.runRandomly(steps: steps, idRange: idRange, seed: seed) { "id-\($0)" }
        case .colliding: Self.runRandomly(steps: steps, idRange: idRange, seed: seed) { CollidingID(raw: $0) }
        }
    }

    @Test func growsKeepingEveryObject() {
        var table = IDTable<Item<Int>>()
        #expect(table[0] == nil && table.removeValue(forID: 0) == nil, "an empty table finds nothing")
        for id in 0..<10_000 { table[id] = Item(id: id, version: 0) }
        #expect(table.count == 10_000)
        #expect(table.entries.count == 16_384, "grown by doubling to at most 3/4 full")
        #expect((0..<10_000).allSatisfy { table[$0]?.id == $0 } && table[10_000] == nil)
    }

    @Test func reservingMakesRoomAtOnce() {
        var table = IDTable<Item<Int>>()
        table.reserveCapacity(1_000)
        let slots = table.entries.count
        #expect(slots * 3 >= 1_000 * 4, "room for 1000 at 3/4 full")
        for id in 0..<1_000 { table[id] = Item(id: id, version: 0) }
        #expect(table.entries.count == slots, "no growth while filling what was reserved")
    }

    @Test func aCopyIsIndependent() {
        var table = IDTable<Item<String>>()
        for id in 0..<100 { table["\(id)"] = Item(id: "\(id)", version: 0) }
        var copy = table
        copy["5"] = Item(id: "5", version: 1)
        copy["500"] = Item(id: "500", version: 1)
        _ = copy.removeValue(forID: "6")
        #expect(table["5"]?.version == 0 && table["500"] == nil && table["6"] != nil && table.count == 100)
        #expect(copy["5"]?.version == 1 && copy["500"] != nil && copy["6"] == nil && copy.count == 100)
    }
}

extension IDTableTests {
    /// Integer ids of every width up to 64 bits are hashed by ``IDHash``, the same bits to
    /// the same hash; any other id by its `hashValue`.
    @Test func integerIDsAreHashedByTheirBits() {
        #expect(IDTable<Item<Int>>.hash(of: -5) == IDHash.mixed(UInt64(bitPattern: -5)))
        #expect(IDTable<Item<Int64>>.hash(of: 42) == IDHash.mixed(42))
        #expect(IDTable<Item<UInt64>>.hash(of: .max) == IDHash.mixed(.max))
        #expect(IDTable<Item<UInt>>.hash(of: 7) == IDHash.mixed(7))
        #expect(IDTable<Item<Int32>>.hash(of: -1) == IDHash.mixed(UInt64(bitPattern: -1)))
        #expect(IDTable<Item<UInt32>>.hash(of: 9) == IDHash.mixed(9))
        #expect(IDTable<Item<Int16>>.hash(of: 3) == Int16(3).hashValue)
        #expect(IDTable<Item<String>>.hash(of: "a") == "a".hashValue)
        #expect(IDTable<Item<CollidingID>>.hash(of: CollidingID(raw: 4)) == CollidingID(raw: 4).hashValue)
    }

    /// Runs of consecutive ids, and ids that differ only in high bits, spread over the low
    /// bits that a table takes about as evenly as random hashes would.
    @Test(arguments: [1, 1 << 20, 1 << 40])
    func integerHashesSpreadOverTheLowBits(stride: Int) {
        let slots = 1 << 12
        var counts = [Int](repeating: 0, count: slots)
        for id in 0..<slots { counts[IDTable<Item<Int>>.hash(of: id * stride) & (slots - 1)] += 1 }
        // For random hashes, the fullest of 4096 slots holds more than 12 about once in a
        // million draws of the seed; a poor mix of consecutive or strided ids piles up far
        // more.
        #expect(counts.max()! <= 12)
        #expect(Set((0..<1000).map { IDTable<Item<Int>>.hash(of: $0 * stride) }).count == 1000)
    }
}
