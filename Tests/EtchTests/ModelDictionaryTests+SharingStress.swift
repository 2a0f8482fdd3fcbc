import EtchTestSupport
import Testing

@testable import Etch

/// Sharing copies, at sizes on both sides of the 64 values a copy's mask of its own values
/// covers: random sets (new values, and values taken from other copies, often the parent's),
/// appends, removals and copies of copies must read as plain arrays of pairs do, and every
/// nested object must be freed once the copies go.
extension ModelDictionaryTests {
    /// Keeps track of a nested object's storage without keeping it alive.
    final class WeakStorage {
        weak var storage: ModelStorage?
        init(_ storage: ModelStorage) { self.storage = storage }
    }

    /// A nested object numbered `number`, whose storage `watched` keeps track of.
    static func numberedObject(_ number: Int, watched: inout [WeakStorage]) -> ModelValue {
        let object = ModelDictionary(
            keys: ["id", "text"],
            values: [.int(Int64(number)), .string(String(repeating: "x", count: 20) + "\(number)")])
        watched.append(WeakStorage(object.storage))
        return .object(object)
    }

    /// The number of a nested object made by ``numberedObject(_:watched:)``.
    static func number(of value: ModelValue?) -> Int? {
        guard case .object(let object)? = value, case .int(let number)? = object["id"] else { return nil }
        return Int(number)
    }

    @Test(arguments: [1, 3, 10, 63, 64, 65, 70, 130])
    func randomChangesToSharingCopiesReadRightAndFreeEverything(size: Int) {
        var watched: [WeakStorage] = []
        do {
            var random = SeededGenerator(seed: UInt64(size) &* 977)
            var counter = 0
            var base = ModelDictionary()
            var reference: [(key: String, number: Int)] = []
            for position in 0..<size {
                counter += 1
                base["k\(position)"] = Self.numberedObject(counter, watched: &watched)
                reference.append(("k\(position)", counter))
            }
            var dictionaries = [base]
            var references = [reference]
            for _ in 0..<4000 {
                let pick = Int.random(in: 0..<dictionaries.count, using: &random)
                var dictionary = dictionaries[pick]
                var expected = references[pick]
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let operation = Int.random(in: 0..<10, using: &random)
                    if expected.isEmpty || operation == 0 {
                        counter += 1
                        dictionary["n\(counter)"] = Self.numberedObject(counter, watched: &watched)
                        expected.append(("n\(counter)", counter))
                    } else if operation < 4 {
                        let position = Int.random(in: 0..<expected.count, using: &random)
                        counter += 1
                        dictionary[expected[position].key] = Self.numberedObject(counter, watched: &watched)
                        expected[position].number = counter
                    } else if operation < 7 {
                        // A value another copy holds under the same key: often the parent's own.
                        let position = Int.random(in: 0..<expected.count, using: &random)
                        let other = dictionaries[Int.random(in: 0..<dictionaries.count, using: &random)]
                        if let value = other[expected[position].key], let number = Self.number(of: value) {
                            dictionary[expected[position].key] = value
                            expected[position].number = number
                        }
                    } else if operation < 8 {
                        let position = Int.random(in: 0..<expected.count, using: &random)
                        dictionary[expected[position].key] = nil
                        expected.remove(at: position)
                    } else {
                        // The value it holds, set again.
                        let key = expected[Int.random(in: 0..<expected.count, using: &random)].key
                        dictionary[key] = dictionary[key]
                    }
                }
                if dictionaries.count < 40 {
                    dictionaries.append(dictionary)
                    references.append(expected)
                } else {
                    let replaced = Int.random(in: 0..<dictionaries.count, using: &random)
                    dictionaries[replaced] = dictionary
                    references[replaced] = expected
                }
                if Int.random(in: 0..<5, using: &random) == 0, dictionaries.count > 1 {
                    let dropped = Int.random(in: 0..<dictionaries.count, using: &random)
                    dictionaries.remove(at: dropped)
                    references.remove(at: dropped)
                }
            }
            for (dictionary, expected) in zip(dictionaries, references) {
                #expect(dictionary.keys == expected.map(\.key))
                #expect(dictionary.keys.map { Self.number(of: dictionary[$0]) } == expected.map { Optional($0.number) })
            }
        }
        let alive = watched.filter { $0.storage != nil }.count
        #expect(alive == 0, "\(alive) of \(watched.count) nested objects outlived every copy")
    }
}
