import Testing

@testable import Etch

extension ModelDictionaryTests {
    @Test func parallelArraysOfDifferentLengthsPairUpToTheShorter() {
        // No trap on a caller's value: as `zip` does, unpaired keys or values are left out.
        #expect(ModelDictionary(keys: ["a", "b", "c"], values: [1, 2]) == ["a": 1, "b": 2])
        #expect(ModelDictionary(keys: ["a"], values: [1, 2, 3]) == ["a": 1])
        #expect(ModelDictionary(keys: [], values: [1]).isEmpty)
    }
}
