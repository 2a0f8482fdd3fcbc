import Testing

@testable import EtchSchema

@Suite struct LexerTests {}

extension LexerTests {
    func tokens(_ text: String) -> [Token] {
        Lexer.tokenize(SchemaSource(path: "A.etch", text: text)).tokens
    }

    @Test func tokensHaveKindsTextAndLocations() {
        let tokens = tokens("@key(\"a.b\") var x: [String: Int]? = -1.5e3 // c\n/* a /* b */ c */ model")
        #expect(
            tokens.map(\.text) == [
                "@", "key", "(", "a.b", ")", "var", "x", ":", "[", "String", ":", "Int", "]", "?", "=", "-", "1.5e3",
                "model", "",
            ])
        #expect(tokens[3].kind == .stringLiteral)
        #expect(tokens[16].kind == .floatLiteral)
        #expect(tokens[17].location == EtchSchema.SourceLocation(path: "A.etch", line: 2, column: 19))
        #expect(tokens[17].isAtStartOfLine)
        #expect(!tokens[16].isAtStartOfLine)
        #expect(tokens.last?.kind == .endOfFile)
    }

    @Test func documentationAndBlankLinesAreRecorded() {
        let tokens = tokens("@a\n\n/// One\n///Two\n//// no\nmodel")
        #expect(tokens[2].documentation == ["One", "Two"])
        #expect(tokens[2].hasBlankLineBefore)
        #expect(!tokens[1].hasBlankLineBefore)
    }
}
