import EtchTestSupport
import Testing

@testable import Etch

/// A copy changed in place shares the values it did not change with the buffer it copied,
/// bit for bit: those must stay alive and unchanged however the copies and the original are
/// changed and dropped afterwards.
extension ModelDictionaryTests {
    /// A value held by reference: a string too long to be stored inline, or an array of one.
    static func referenceValue(_ step: Int) -> ModelValue {
        step.isMultiple(of: 3)
            ? .array([.string("an element long enough to be allocated \(step)")])
            : .string("a value long enough to be allocated \(step)")
    }

    @Test func aCopyThatChangesOneValueSharesTheOthersAndOutlivesTheOriginal() {
        var original: ModelDictionary = ["name": Self.referenceValue(1), "tags": Self.referenceValue(3), "n": 1]
        var copy = original
        copy["n"] = 2
        #expect(copy.storage.parentValues?.baseAddress == UnsafePointer(original.storage.elements))
        #expect(copy.storage.sharesValue(at: 0) && !copy.storage.sharesValue(at: 2))
        #expect(original["n"] == 1 && copy["n"] == 2)
        original = [:]
        #expect(copy["name"] == Self.referenceValue(1) && copy["tags"] == Self.referenceValue(3))
        // A copy of a copy holds its own values, so no chain of parents grows.
        var second = copy
        second["n"] = 3
        #expect(second.storage.parentValues == nil)
        copy = [:]
        #expect(second["name"] == Self.referenceValue(1) && second["n"] == 3)
    }

    @Test func aSharedValueSetBackToTheParentsOwnStaysShared() {
        let original: ModelDictionary = ["name": Self.referenceValue(1), "n": 1]
        var copy = original
        copy["name"] = Self.referenceValue(2)
        #expect(!copy.storage.sharesValue(at: 0))
        copy["name"] = original["name"]
        #expect(copy.storage.sharesValue(at: 0))
        copy["n"] = nil
        #expect(copy.storage.parentValues == nil)
        #expect(copy.keys == ["name"] && copy["name"] == Self.referenceValue(1))
        #expect(original.keys == ["name", "n"] && original["name"] == Self.referenceValue(1))
    }

    @Test(arguments: [1, 2, 3])
    func copiesOfReferenceValuesNeverSeeEachOthersChanges(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var copies: [ModelDictionary] = [ModelDictionary()]
        var expected: [[(String, ModelValue)]] = [[]]
        for step in 0..<2_000 {
            let which = Int.random(in: 0..<copies.count, using: &random)
            let choice = Int.random(in: 0..<12, using: &random)
            if choice == 0, copies.count < 6 {
                copies.append(copies[which])
                expected.append(expected[which])
                continue
            }
            if choice == 1, copies.count > 1 {
                // Dropping a copy may free a parent others still share values with.
                copies.remove(at: which)
                expected.remove(at: which)
                continue
            }
            let key = "k\(Int.random(in: 0..<12, using: &random))"
            let position = expected[which].firstIndex { $0.0 == key }
            if choice < 4 {
                copies[which][key] = nil
                if let position { expected[which].remove(at: position) }
            } else {
                let value = Self.referenceValue(step)
                copies[which][key] = value
                if let position { expected[which][position].1 = value } else { expected[which].append((key, value)) }
            }
            for (copy, pairs) in zip(copies, expected) {
                #expect(copy.keys == pairs.map(\.0) && copy.values == pairs.map(\.1))
            }
        }
    }
}
