import Testing

@testable import Etch

@Suite struct ModelDictionaryTests {}

extension ModelDictionaryTests {
    @Test func keepsInsertionOrderAndLastValueWins() {
        let dictionary = ModelDictionary(keys: ["a", "b", "a"], values: [1, 2, 3])
        #expect(dictionary.keys == ["a", "b"])
        #expect(dictionary["a"] == 3)
        #expect(dictionary["b"] == 2)
    }

    @Test func equalityIgnoresKeyOrder() {
        let first: ModelDictionary = ["a": 1, "b": "x"]
        let second: ModelDictionary = ["b": "x", "a": 1]
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != ["a": 1, "b": "y"])
    }

    @Test(arguments: [3, 20, 48, 49, 200])
    func largeDictionariesLookUpThroughTheirIndex(count: Int) {
        var dictionary = ModelDictionary()
        for position in 0..<count { dictionary["key\(position)"] = .int(Int64(position)) }
        for position in 0..<count { #expect(dictionary["key\(position)"] == .int(Int64(position))) }
        dictionary["key0"] = nil
        #expect(dictionary.count == count - 1)
        #expect(dictionary["key0"] == nil)
        #expect(dictionary["key\(count - 1)"] == .int(Int64(count - 1)))
    }

    @Test func setsAndRemovesValuesAtDottedPaths() {
        var dictionary: ModelDictionary = ["id": "r1"]
        dictionary.setValue(3, atPath: ["stats", "unread"])
        #expect(dictionary.value(atPath: ["stats", "unread"]) == 3)
        #expect(dictionary["stats"] == ["unread": 3])
        dictionary.setValue(nil, atPath: ["stats", "unread"])
        #expect(dictionary["stats"] == .object([:]))
    }

    @Test func integersCompareByValueWhicheverCaseHoldsThem() {
        #expect(ModelValue.int(5) == ModelValue.uint(5))
        #expect(ModelValue.int(5).hashValue == ModelValue.uint(5).hashValue)
        #expect(ModelValue.int(-1) != ModelValue.uint(UInt64.max))
        #expect(ModelValue.integer(UInt64.max) == .uint(UInt64.max))
        #expect(ModelValue.integer(7) == .int(7))
    }
}

extension ModelDictionaryTests {
    @Test(arguments: [2, 10, 48, 49, 120])
    func repeatedKeysAreFoundWhateverTheirFingerprints(count: Int) {
        var keys = (0..<count).map { "k\($0)" }
        var values = (0..<count).map { ModelValue.int(Int64($0)) }
        keys.append("k\(count / 2)")
        values.append("last")
        let dictionary = ModelDictionary(keys: keys, values: values)
        #expect(dictionary.count == count)
        #expect(dictionary["k\(count / 2)"] == "last")
        #expect(ModelDictionary.hasRepeatedKey(["ab", "ba", "a", "b"]) == false)
        #expect(ModelDictionary.hasRepeatedKey(["héllo", "hello", "héllo"]))
    }
}
