import Testing

@testable import EtchSchema

@Suite struct TypeNameAliasTests {}

extension TypeNameAliasTests {
    struct AliasCase: CustomTestStringConvertible, Sendable {
        var written: String
        var suggested: String
        var testDescription: String { written }
    }

    static let cases: [AliasCase] = [
        AliasCase(written: "Integer", suggested: "Int"),
        AliasCase(written: "int", suggested: "Int"),
        AliasCase(written: "Int32", suggested: "Int"),
        AliasCase(written: "Boolean", suggested: "Bool"),
        AliasCase(written: "bool", suggested: "Bool"),
        AliasCase(written: "string", suggested: "String"),
        AliasCase(written: "Float64", suggested: "Double"),
        AliasCase(written: "double", suggested: "Double"),
        AliasCase(written: "Float32", suggested: "Float"),
        AliasCase(written: "UInt64", suggested: "UInt"),
        AliasCase(written: "NSDate", suggested: "Date"),
        AliasCase(written: "Timestamp", suggested: "Date"),
        AliasCase(written: "Any", suggested: "JSON"),
        AliasCase(written: "Array<String>", suggested: "[String]"),
        AliasCase(written: "Array", suggested: "[Element]"),
        AliasCase(written: "Dictionary<String, Int>", suggested: "[String: Int]"),
        AliasCase(written: "Dictionary", suggested: "[String: Value]"),
        AliasCase(written: "Optional<Date>", suggested: "Date?"),
    ]

    @Test(arguments: cases)
    func aliasesSuggestTheSchemaSpelling(_ example: AliasCase) {
        let text = "model A { let a: \(example.written) }"
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        let name = example.written.split(separator: "<")[0]
        #expect(
            result.diagnostics.map(\.description) == [
                "A.etch:1:18: error: unknown type '\(name)'; did you mean '\(example.suggested)'?"
            ])
    }

    @Test func aDeclaredTypeWinsOverAnAlias() {
        let text = "model Integer { let id: String }\nmodel A { let a: Integer; let b: Integr }"
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        #expect(
            result.diagnostics.map(\.description) == [
                "A.etch:2:34: error: unknown type 'Integr'; did you mean 'Integer'?"
            ])
    }

    @Test func refTargetsSuggestOnlyModels() {
        let text = "model User { let id: String }\nmodel A { let a: Ref<user>; let b: Ref<Integer> }"
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        #expect(
            result.diagnostics.map(\.description) == [
                "A.etch:2:22: error: unknown model 'user'; did you mean 'User'?",
                "A.etch:2:40: error: unknown model 'Integer'",
            ])
    }
}
