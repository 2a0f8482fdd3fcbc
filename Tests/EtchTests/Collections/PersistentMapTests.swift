import EtchTestSupport
import Testing

@_spi(EtchCollections) @testable import Etch

/// The persistent map against a dictionary: random edits, colliding hashes, and copies that
/// stay as they were while the original changes.
@Suite struct PersistentMapTests {}

/// A key whose hash is chosen, so tests can make keys collide in some or all bits.
private struct ChosenHash: Hashable {
    var name: Int
    var hash: Int
    static func == (lhs: ChosenHash, rhs: ChosenHash) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    var hashValue: Int { hash }
}

extension PersistentMapTests {
    @Test(arguments: [2, 9])
    func randomEditsMatchADictionary(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var map = PersistentMap<Int, Int>()
        var dictionary: [Int: Int] = [:]
        var copies: [(PersistentMap<Int, Int>, [Int: Int])] = []
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<3_000, using: &random)
            if Int.random(in: 0..<3, using: &random) == 0 {
                map[key] = nil
                dictionary[key] = nil
            } else {
                map[key] = step
                dictionary[key] = step
            }
            if step % 2_000 == 0 { copies.append((map, dictionary)) }
        }
        #expect(map.count == dictionary.count)
        for key in -10..<3_010 { #expect(map[key] == dictionary[key]) }
        #expect(Dictionary(uniqueKeysWithValues: zip(map.keys, map.values)) == dictionary)
        for (copy, expected) in copies {
            #expect(copy.count == expected.count)
            var held: [Int: Int] = [:]
            copy.forEachEntry { held[$0] = $1 }
            #expect(held == expected)
        }
    }

    @Test func keysWhoseHashesCollide() {
        var map = PersistentMap<ChosenHash, Int>()
        // Ten keys of one full hash, ten sharing only the low bits, ten apart.
        let keys =
            (0..<10).map { ChosenHash(name: $0, hash: 12_345) }
            + (10..<20).map { ChosenHash(name: $0, hash: 12_345 | ($0 << 40)) }
            + (20..<30).map { ChosenHash(name: $0, hash: $0) }
        for key in keys { map[key] = key.name * 10 }
        #expect(map.count == 30)
        for key in keys { #expect(map[key] == key.name * 10) }
        for key in keys where key.name % 2 == 0 { map[key] = nil }
        #expect(map.count == 15)
        for key in keys { #expect(map[key] == (key.name % 2 == 0 ? nil : key.name * 10)) }
        for key in keys { map[key] = nil }
        #expect(map.isEmpty)
    }
}
