import EtchTestSupport
import Testing

@testable import EtchSchema

@Suite struct WireKeyTrieTests {}

extension WireKeyTrieTests {
    /// The first earlier path that equals `path`, or of which one is a start of the other,
    /// found by comparing every pair, as the checker once did.
    static func firstClash(of path: [String], among earlier: [[String]]) -> Int? {
        earlier.firstIndex { $0 == path || $0.starts(with: path) || path.starts(with: $0) }
    }

    @Test func findsTheSameClashAsComparingEveryPair() {
        var generator = SeededGenerator(seed: 0x7E1E)
        let components = ["a", "b", "c"]
        for round in 0..<500 {
            var trie = WireKeyTrie()
            var paths: [[String]] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let path = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    components.randomElement(using: &generator)!
                }
                #expect(trie.firstClash(with: path) == Self.firstClash(of: path, among: paths), "round \(round)")
                trie.insert(path, index: paths.count)
                paths.append(path)
            }
        }
    }

    @Test func anEmptyPathClashesWithNothing() {
        var trie = WireKeyTrie()
        trie.insert(["a"], index: 0)
        #expect(trie.firstClash(with: []) == nil)
        #expect(trie.firstClash(with: ["b"]) == nil)
        #expect(trie.firstClash(with: ["a", "b"]) == 0)
    }
}
