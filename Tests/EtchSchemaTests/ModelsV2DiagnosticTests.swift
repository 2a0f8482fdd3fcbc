import Testing

@testable import EtchSchema

/// Diagnostics of unions, index attributes and `id` types: one schema, the exact messages.
@Suite struct ModelsV2DiagnosticTests {}

extension ModelsV2DiagnosticTests {
    static let cases: [DiagnosticTests.DiagnosticCase] = [
        .init(
            "unionVariantNotAModel",
            "enum E: String { case a }\nunion U(discriminator: \"t\") {\n    case e(E)\n    case s(String)\n}",
            [
                "A.etch:3:12: error: case 'e' of union 'U' must hold a model; 'E' is an enum",
                "A.etch:4:12: error: case 's' of union 'U' must hold a model; 'String' is a built-in type",
            ]),
        .init(
            "unionDuplicateTag",
            "model P { let a: Int }\nmodel Q { let b: Int }\nunion U(discriminator: \"t\") {\n    case p(P) = \"x\"\n"
                + "    case q(Q) = \"x\"\n}",
            [
                "A.etch:5:17: error: tag \"x\" of case 'q' is already used by case 'p'\n"
                    + "A.etch:4:10: note: 'p' declared here"
            ]),
        .init(
            "unionDiscriminatorClash",
            "model P { let type: Int }\nunion U(discriminator: \"type\") {\n    case p(P)\n}",
            [
                "A.etch:3:12: error: discriminator \"type\" of union 'U' clashes with field 'type' of 'P', which "
                    + "stores 'type' as 'Int'; the discriminator holds the case's tag string\n"
                    + "A.etch:1:15: note: 'type' declared here"
            ]),
        .init(
            "unionDiscriminatorMissing",
            "model P { let a: Int }\nunion U {\n    case p(P)\n}",
            [
                "A.etch:2:7: error: union 'U' needs its discriminator key, as in "
                    + "'union U(discriminator: \"type\")'"
            ]),
        .init(
            "unionReservedCase",
            "model P { let a: Int }\nunion U(discriminator: \"t\") {\n    case unknown(P)\n}",
            [
                "A.etch:3:10: error: case name 'unknown' is reserved: the generated union uses it; name the case "
                    + "differently and keep the tag, as in 'case unknownValue = \"unknown\"'"
            ]),
        .init(
            "refToUnion",
            "model P { let id: String }\nunion U(discriminator: \"t\") {\n    case p(P)\n}\nmodel A { let u: Ref<U> }",
            [
                "A.etch:5:22: error: 'Ref' can only refer to a model; 'U' is a union"
            ]),
        .init(
            "indexOnUnindexableTypes",
            "model A {\n    @index let blob: Data\n    @unique let tags: [String]\n    @sorted let extra: JSON?\n}",
            [
                "A.etch:2:5: error: '@index' needs a field of a scalar, enum or 'Ref' type, optional or not; "
                    + "'blob' is 'Data', which has no single value to look up",
                "A.etch:3:5: error: '@unique' needs a field of a scalar, enum or 'Ref' type, optional or not; "
                    + "'tags' is '[String]', which has no single value to look up",
                "A.etch:4:5: error: '@sorted' needs a field of a scalar, enum or 'Ref' type, optional or not; "
                    + "'extra' is 'JSON?', which has no single value to look up",
            ]),
        .init(
            "idTypes",
            "model A {\n    let id: String?\n}\nmodel B {\n    let id: Double\n}",
            [
                "A.etch:2:13: error: 'id' cannot be optional: every object needs one; write 'let id: String', or "
                    + "name the field differently to keep it optional",
                "A.etch:5:13: error: 'id' must be 'String', 'Int', 'Int64', 'UInt' or 'UUID', not 'Double'; name "
                    + "the field differently to keep this type",
            ]),
        .init(
            "keywordNamesAreFine",
            "model Repo {\n    let id: UUID\n    var private: Bool = false\n    let description: String?\n"
                + "    let self: URL?\n}\nenum Visibility: String {\n    case public\n    case none\n}",
            []),
    ]

    @Test(arguments: cases)
    func diagnostics(_ example: DiagnosticTests.DiagnosticCase) {
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: example.text)]).checked()
        #expect(result.diagnostics.map(\.description) == example.expected)
        #expect((result.schema == nil) == result.diagnostics.containsErrors)
    }
}
