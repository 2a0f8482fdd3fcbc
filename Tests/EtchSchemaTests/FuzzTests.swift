import EtchTestSupport
import Testing

@testable import EtchSchema

/// Broken schemas, from every prefix and random edits of the example: whatever the input,
/// checking is deterministic, diagnostics come in order and point into the text. The
/// libFuzzer target (`Scripts/fuzz.sh schema`) checks the same on far more inputs.
@Suite struct FuzzTests {}

extension FuzzTests {
    /// Checks `bytes` (with the example's second file) twice, and the invariants on the result.
    func expectInvariants(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let sources = [SchemaSource(path: "F.etch", text: text), Fixtures.sources[1]]
        let result = Schema(sources: sources).checked()
        let again = Schema(sources: sources).checked()
        #expect(result.diagnostics == again.diagnostics, "\(label())")
        #expect(result.schema == again.schema, "\(label())")
        let lines = Dictionary(uniqueKeysWithValues: sources.map { ($0.path, Self.lineLengths(of: $0.text)) })
        for diagnostic in result.diagnostics + result.diagnostics.flatMap(\.notes) {
            let location = diagnostic.location
            let lengths = lines[location.path] ?? []
            #expect(
                location.line >= 1 && location.line <= lengths.count && location.column >= 1
                    && location.column <= lengths[location.line - 1] + 1,
                "\(label()): \(diagnostic) points outside the text")
        }
        let order = result.diagnostics.map {
            ($0.location.path == "F.etch" ? 0 : 1, $0.location.line, $0.location.column)
        }
        #expect(zip(order, order.dropFirst()).allSatisfy { $0 <= $1 }, "\(label()): diagnostics out of order")
    }

    /// The length in UTF-8 bytes of each line (columns count bytes), the last included.
    static func lineLengths(of text: String) -> [Int] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(\.count)
    }

    @Test func everyPrefixOfTheExample() {
        let bytes = Array(Fixtures.userText.utf8)
        for length in 0...bytes.count {
            expectInvariants(Array(bytes[..<length]), "prefix of \(length) bytes")
        }
    }

    @Test func randomByteFlipsDeletionsAndInsertions() {
        var generator = SeededGenerator(seed: 0xE7C4)
        let original = Array(Fixtures.userText.utf8)
        let interesting = Array("{}()[]<>:;,.=?@-\"/*\\\n xé".utf8)
        for round in 0..<1_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: position)
                default: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            expectInvariants(bytes, "round \(round)")
        }
    }

    struct PathologicalCase: CustomTestStringConvertible, Sendable {
        var id: String
        var text: String
        /// The first diagnostic, and how many errors there are in all.
        var first: String
        var errors: Int
        var testDescription: String { id }
    }

    static let pathological: [PathologicalCase] = [
        PathologicalCase(
            id: "brackets", text: String(repeating: "[", count: 10_000),
            first: "F.etch:1:1: error: expected 'model', 'enum' or 'union' declaration, found '['", errors: 1),
        PathologicalCase(
            id: "unclosedModels", text: String(repeating: "model A {", count: 2_000),
            first: "F.etch:1:10: error: expected 'let' or 'var' to begin a field of model 'A', found 'model'",
            errors: 2),
        PathologicalCase(
            id: "unclosedComments", text: String(repeating: "/*", count: 5_000),
            first: "F.etch:1:1: error: unterminated '/*' comment", errors: 1),
        PathologicalCase(
            id: "atSigns", text: String(repeating: "@", count: 10_000),
            first: "F.etch:1:2: error: expected attribute name after '@', found '@'", errors: 1),
        PathologicalCase(
            id: "quotes", text: String(repeating: "\"", count: 5_001),
            first: "F.etch:1:1: error: expected 'model', 'enum' or 'union' declaration, found string literal \"\"",
            errors: 2),
        PathologicalCase(
            id: "nulAndByteOrderMark", text: "\u{0}\u{FEFF}model",
            first: "F.etch:1:1: error: unexpected character 0x0 in schema", errors: 3),
        PathologicalCase(
            id: "refOfRef", text: "model A { let a: Ref<Ref<Ref<A>>> }",
            first: "F.etch:1:18: error: 'Ref' takes one model name, as in 'Ref<User>'", errors: 1),
    ]

    @Test(arguments: pathological)
    func pathologicalInputs(_ example: PathologicalCase) {
        let result = Schema(sources: [SchemaSource(path: "F.etch", text: example.text)]).checked()
        #expect(result.diagnostics.first?.description == example.first)
        #expect(result.diagnostics.filter { $0.severity == .error }.count == example.errors)
        expectInvariants(Array(example.text.utf8), example.id)
    }
}
