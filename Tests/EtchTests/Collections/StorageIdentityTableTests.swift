import EtchTestSupport
import Foundation
import Testing

@testable import Etch

/// The table of storage identities by which a batch finds the objects it replaces.
@Suite struct StorageIdentityTableTests {}

extension StorageIdentityTableTests {
    /// Models held, some of them, found among all by a sifting pass, against a plain search.
    @Test(arguments: [0, 1, 511, 512, 513, 3_000])
    func findsExactlyTheModelsHeld(count: Int) {
        var random = SeededGenerator(seed: UInt64(count) + 1)
        let models = (0..<count).map { task("\($0)", rank: $0) }
        // About one in five held, in a shuffled order, so that positions and indices differ.
        let held = models.indices.filter { _ in Int.random(in: 0..<5, using: &random) == 0 }.shuffled(
            using: &random)
        let table = StorageIdentityTable(held.map { StorageIdentityTable.identity(of: models[$0]) })

        var found: [(index: Int, position: Int)] = []
        models.withUnsafeBufferPointer { models in
            table.forEachHeld(in: models) { found.append(($0, $1)) }
        }
        let expected = held.enumerated().map { (index: $0.element, position: $0.offset) }.sorted { $0.index < $1.index }
        #expect(found.map(\.index) == expected.map(\.index), "each model held, once, in the order of the models")
        #expect(found.map(\.position) == expected.map(\.position), "with its position among the identities given")
        for (index, model) in models.enumerated() {
            let position = table.position(of: model)
            #expect(position == held.firstIndex(of: index), "the lookup of one model agrees, at \(index)")
            if position != held.firstIndex(of: index) { break }
        }
    }

    @Test func aCopyOfAModelIsTheSameStorage() {
        let model = task("a", rank: 1)
        let copy = model
        let other = task("a", rank: 1)
        let table = StorageIdentityTable([StorageIdentityTable.identity(of: model)])
        #expect(table.position(of: copy) == 0)
        #expect(table.position(of: other) == nil, "an equal model with storage of its own is another")
    }
}
