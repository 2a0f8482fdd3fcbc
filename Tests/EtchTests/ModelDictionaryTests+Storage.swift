import EtchTestSupport
import Testing

@testable import Etch

/// The dictionary's one buffer is shared by copies and changed only when uniquely held:
/// random sets, appends and removals on a family of copies must each match a plain array
/// of pairs changed the same way, and never show through another copy.
extension ModelDictionaryTests {
    @Test(arguments: [1, 2, 3, 4])
    func copiesNeverSeeEachOthersChanges(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var copies: [ModelDictionary] = [ModelDictionary()]
        var expected: [[(String, ModelValue)]] = [[]]
        for step in 0..<3_000 {
            let which = Int.random(in: 0..<copies.count, using: &random)
            if copies.count < 6, Int.random(in: 0..<10, using: &random) == 0 {
                copies.append(copies[which])
                expected.append(expected[which])
                continue
            }
            // Up to 70 keys, so dictionaries cross the hash index threshold both ways.
            let key = "k\(Int.random(in: 0..<70, using: &random))"
            let position = expected[which].firstIndex { $0.0 == key }
            if Int.random(in: 0..<3, using: &random) == 0 {
                copies[which][key] = nil
                if let position { expected[which].remove(at: position) }
            } else {
                let value: ModelValue = step.isMultiple(of: 2) ? .int(Int64(step)) : .string("value \(step)")
                copies[which][key] = value
                if let position { expected[which][position].1 = value } else { expected[which].append((key, value)) }
            }
        }
        for (copy, pairs) in zip(copies, expected) {
            #expect(copy.keys == pairs.map(\.0))
            #expect(copy.values == pairs.map(\.1))
            #expect(copy.count == pairs.count)
            for (key, value) in pairs { #expect(copy[key] == value) }
        }
    }

    @Test func readObjectsOfOneShapeShareKeysButNotValues() throws {
        let value = try ModelValue(jsonString: #"[{"a":1,"b":"x"},{"a":2,"b":"y"}]"#)
        guard case .object(var first)? = value[0], case .object(let second)? = value[1] else {
            Issue.record("expected two objects")
            return
        }
        first["a"] = 10
        first["c"] = true
        #expect(first.keys == ["a", "b", "c"])
        #expect(first.values == [10, "x", true])
        #expect(second.keys == ["a", "b"])
        #expect(second.values == [2, "y"])
    }
}
