import Testing

@testable import EtchSchema

@Suite struct MultiFileTests {}

extension MultiFileTests {
    @Test func diagnosticsAreSortedByFileOrderThenLineAndColumn() {
        let result = Schema(sources: [
            SchemaSource(path: "Z.etch", text: "model User { let id: String }\nmodel Late { let x: Strin }\n"),
            SchemaSource(
                path: "A.etch",
                text: "model Room {\n    let owner: Usr\n    let id String\n}\nenum User: String { case a }\n"),
        ]).checked()
        #expect(result.schema == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "Z.etch:2:21: error: unknown type 'Strin'; did you mean 'String'?",
                "A.etch:2:16: error: unknown type 'Usr'; did you mean 'User'?",
                "A.etch:3:12: error: expected ':' after field name 'id', found 'String'",
                "A.etch:5:6: error: invalid redeclaration of 'User'\nZ.etch:1:7: note: 'User' first declared here",
            ])
    }

    @Test func cyclesAcrossFilesAreReportedOnce() {
        let result = Schema(sources: [
            SchemaSource(path: "A.etch", text: "model A { let b: B }\n"),
            SchemaSource(path: "B.etch", text: "model B { let c: C }\nmodel C { let a: A }\n"),
        ]).checked()
        #expect(
            result.diagnostics.map(\.description) == [
                "A.etch:1:15: error: model 'A' contains itself inline through 'A.b: B' -> 'B.c: C' -> 'C.a: A'; "
                    + "make one of these fields optional, an array, a dictionary or a 'Ref'\n"
                    + "B.etch:1:15: note: 'B.c' declared here\nB.etch:2:15: note: 'C.a' declared here"
            ])
    }

    @Test func warningsAloneStillGiveASchema() throws {
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: "model A { @index @index let a: Int }")])
            .checked()
        #expect(result.diagnostics.map(\.severity) == [.warning])
        let schema = try #require(result.schema)
        #expect(schema.modelsByName["A"]?.fields.first?.isIndexed == true)
    }
}
