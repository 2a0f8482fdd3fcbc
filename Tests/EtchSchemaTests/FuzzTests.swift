import EtchTestSupport
import Testing

@testable import EtchSchema

@Suite struct FuzzTests {}

extension FuzzTests {
    /// Checks that a broken schema gives a clear outcome: a schema, or at least one error.
    func expectOutcome(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let result = Schema(sources: [SchemaSource(path: "F.etch", text: text), Fixtures.sources[1]]).checked()
        let hasErrors = result.diagnostics.containsErrors
        #expect((result.schema != nil) != hasErrors, "\(label())")
        for diagnostic in result.diagnostics {
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "\(label())")
        }
    }

    @Test func everyPrefixOfTheExample() {
        let bytes = Array(Fixtures.userText.utf8)
        for length in 0...bytes.count {
            expectOutcome(Array(bytes[..<length]), "prefix of \(length) bytes")
        }
    }

    @Test func randomByteFlipsDeletionsAndInsertions() {
        var generator = SeededGenerator(seed: 0xE7C4)
        let original = Array(Fixtures.userText.utf8)
        let interesting = Array("{}()[]<>:;,.=?@-\"/*\\\n xé".utf8)
        for round in 0..<1_500 {
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
            expectOutcome(bytes, "round \(round)")
        }
    }

    @Test func pathologicalInputs() {
        let inputs = [
            String(repeating: "[", count: 10_000), String(repeating: "@", count: 10_000),
            String(repeating: "model A {", count: 2_000), String(repeating: "/*", count: 5_000),
            String(repeating: "\"", count: 5_001), "model A { let a: Ref<Ref<Ref<A>>> }", "\u{0}\u{FEFF}model",
            String(repeating: "enum E: String { case ", count: 1_000),
        ]
        for (index, input) in inputs.enumerated() {
            expectOutcome(Array(input.utf8), "input \(index)")
        }
    }
}
