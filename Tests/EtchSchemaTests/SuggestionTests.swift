import EtchTestSupport
import Testing

@testable import EtchSchema

@Suite struct SuggestionTests {}

extension SuggestionTests {
    /// The textbook optimal string alignment distance (Levenshtein with adjacent
    /// transpositions), computed over the whole table, to compare the bounded one with.
    static func reference(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
        for i in 0...lhs.count { table[i][0] = i }
        for j in 0...rhs.count { table[0][j] = j }
        for i in stride(from: 1, through: lhs.count, by: 1) {
            for j in stride(from: 1, through: rhs.count, by: 1) {
                table[i][j] = min(
                    table[i - 1][j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1), table[i - 1][j] + 1, table[i][j - 1] + 1)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[lhs.count][rhs.count]
    }

    @Test(arguments: [
        ("Lable", "Label"), ("Dtae", "Date"), ("Isseu", "Issue"), ("Labl", "Label"), ("Stirng", "String"),
    ])
    func twoSwappedLettersAreOneEdit(_ typo: String, _ meant: String) {
        let text = "model Label { let id: String }\nmodel Issue { let id: String }\nmodel A { let x: \(typo) }"
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        #expect(
            result.diagnostics.map(\.description) == [
                "A.etch:3:18: error: unknown type '\(typo)'; did you mean '\(meant)'?"
            ])
    }

    @Test func aTranspositionIsFoundAmongManyNamesWithoutComparingEach() {
        var index = SuggestionIndex((0..<20_000).map { "Model\($0)" } + ["Label"])
        #expect(index.closest(to: "Lable") == "Label")
        #expect(index.closest(to: "Mdoel123") == "Model123")
        // Found through the one-edit variants: a handful of comparisons, not 20,000.
        #expect(index.work < 1_000)
    }

    @Test func boundedDistanceAgreesWithTheTextbookOne() {
        var generator = SeededGenerator(seed: 0x5EED)
        var distances = EditDistance()
        let alphabet = Array("abcA".unicodeScalars)
        for round in 0..<5_000 {
            let lhs = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let rhs = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let bound = Int.random(in: 0...6, using: &generator)
            let full = Self.reference(lhs, rhs)
            #expect(
                distances.distance(lhs, rhs, bound: bound) == (full <= bound ? full : nil),
                "round \(round): \(String(String.UnicodeScalarView(lhs))) / \(String(String.UnicodeScalarView(rhs))) within \(bound)"
            )
        }
    }

    @Test func boundedDistanceWorksOnlyNearTheDiagonal() {
        var distances = EditDistance()
        let long = Array(String(repeating: "ab", count: 10_000).unicodeScalars)
        var changed = long
        changed[10_000] = "x"
        changed[0] = "y"
        #expect(distances.distance(long, changed, bound: 8) == 2)
        // A full table would be 400 million cells; the band is 17 cells wide.
        #expect(distances.work <= 20_000 * 17 + 20_000)
        let before = distances.work
        #expect(distances.distance(long, Array(String(repeating: "cd", count: 10_000).unicodeScalars), bound: 8) == nil)
        // No character matches, so row i costs at least i: it stops after `bound` + 1 rows.
        #expect(distances.work - before <= 17 * 10 + 2)
    }

    @Test func aRepeatedMisspellingIsLookedUpOnce() {
        var index = SuggestionIndex(["String", "Int", "User"])
        #expect(index.closest(to: "Usr") == "User")
        let work = index.work
        #expect(index.closest(to: "Usr") == "User")
        #expect(index.work == work)
    }

    @Test func suggestionsKeepTheirTieBreaksAndLimits() {
        #expect(Suggestion.closest(to: "Dat", among: ["Date", "Data"]) == "Data")
        #expect(Suggestion.closest(to: "string", among: ["String", "Strings"]) == "String")
        #expect(Suggestion.closest(to: "Xyz", among: ["String", "Int"]) == nil)
        #expect(Suggestion.closest(to: "A", among: ["A"]) == nil)
        // Long names: the distance limit stops at eight edits.
        let name = String(repeating: "q", count: 60)
        #expect(Suggestion.closest(to: name, among: [String(repeating: "r", count: 8) + name.dropFirst(8)]) != nil)
        #expect(Suggestion.closest(to: name, among: [String(repeating: "r", count: 9) + name.dropFirst(9)]) == nil)
    }

    @Test func aNameOneEditAwayWinsHoweverManyNamesSortBetween() {
        var index = SuggestionIndex((0..<10_000).map(AdversarialSchemas.name))
        #expect(index.closest(to: "Modl00000") == "Model00000")
        #expect(index.closest(to: "Modl09999") == "Model09999")
        #expect(index.closest(to: "MODEL04567") == "Model04567")
        #expect(index.closest(to: "Mode04567") == "Model04567")
        #expect(index.closest(to: "Model045677") == "Model04567")
        #expect(index.closest(to: "Mxdel04567") == "Model04567")
        // Two edits: the name's ending finds it among the names that share it.
        #expect(index.closest(to: "Mdl04567") == "Model04567")
        #expect(index.work < 10_000)
    }

    @Test func theIndexKeepsTheTieBreaksOfAFullSearch() {
        var index = SuggestionIndex(["Date", "Data", "String", "Strings", "User"])
        #expect(index.closest(to: "Dat") == "Data")
        #expect(index.closest(to: "string") == "String")
        #expect(index.closest(to: "Xyz") == nil)
        #expect(index.closest(to: "User") == nil)
        var crowded = SuggestionIndex(["ab", "ba", "aa", "bb", "xb"])
        #expect(crowded.closest(to: "cb") == "ab")
    }
}
