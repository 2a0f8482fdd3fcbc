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
            "inverseMistakes",
            "model Artist {\n    let id: String\n    inverse albums: Album via artist\n    inverse songs: [Song] via artist\n"
                + "    inverse tracks: [Album] via title\n    inverse covers: [Album] via artst\n}\n"
                + "model Album {\n    let id: String\n    let title: String\n    let artist: Ref<Artist>\n}",
            [
                "A.etch:3:21: error: inverse relation 'albums' must be an array of a model, as in '[Album]'",
                "A.etch:4:21: error: unknown model 'Song'",
                "A.etch:5:33: error: 'Album.title' must refer to 'Artist' for 'inverse tracks': it is 'String', not "
                    + "'Ref<Artist>', 'Ref<Artist>?' or '[Ref<Artist>]'\nA.etch:10:9: note: 'title' declared here",
                "A.etch:6:33: error: model 'Album' has no field 'artst'; did you mean 'artist'?",
            ]),
        .init(
            "orderByMistakes",
            "model Artist {\n    let id: String\n    @orderBy(tags)\n    inverse albums: [Album] via artist\n"
                + "    @orderBy(year, sideways)\n    inverse more: [Album] via artist\n}\n"
                + "model Album {\n    let id: String\n    let tags: [String]\n    let year: Int\n    let artist: Ref<Artist>\n}",
            [
                "A.etch:3:14: error: '@orderBy' needs a field of a comparable scalar type (a string, number or "
                    + "date); 'Album.tags' is '[String]'",
                "A.etch:5:20: error: '@orderBy' takes a field and an optional direction, as in "
                    + "'@orderBy(year, descending)'",
            ]),
        .init(
            "onDeleteMistakes",
            "model A {\n    let id: String\n    @onDelete(nullify) let owner: Ref<A>\n    @onDelete(cascade) let name: String\n"
                + "    @onDelete(cascde) let parent: Ref<A>?\n}",
            [
                "A.etch:3:5: error: '@onDelete(nullify)' needs an optional or array reference; 'owner' is 'Ref<A>', "
                    + "which cannot be cleared: make it 'Ref<A>?', or choose 'cascade', 'refuse' or 'dangle'",
                "A.etch:4:5: error: '@onDelete' applies to a 'Ref' field; 'name' is 'String'",
                "A.etch:5:15: error: unknown delete rule 'cascde'; did you mean 'cascade'?",
            ]),
        .init(
            "namesGeneratedCodeCannotUse",
            "model any {\n    let id: String\n}\nmodel K {\n    let id: String\n    var Type: String?\n    var Etch: Int?\n}\n"
                + "enum E: String {\n    case RawValue\n}",
            [
                "A.etch:1:7: error: type name 'any' is reserved: it clashes with a Swift, Foundation or Etch type",
                "A.etch:6:9: error: field name 'Type' is reserved: every generated model has a member of that name; "
                    + "name the field differently and keep the wire key, as in '@key(\"Type\") let TypeValue: …'",
                "A.etch:7:9: error: field name 'Etch' is reserved: every generated model has a member of that name; "
                    + "name the field differently and keep the wire key, as in '@key(\"Etch\") let EtchValue: …'",
                "A.etch:10:10: error: case name 'RawValue' is reserved: the generated enum uses it; name the case "
                    + "differently and keep the raw value, as in 'case RawValueValue = \"RawValue\"'",
            ]),
        .init(
            "unionCaseNamedLikeAType",
            "model A {\n    let id: String\n}\nunion U(discriminator: \"t\") {\n    case A(A)\n}",
            [
                "A.etch:5:10: error: case name 'A' is also the name of a type; in the generated union it would hide the "
                    + "type; name the case differently and keep the tag, as in 'case aItem = \"A\"'"
            ]),
        .init(
            "unionVariantWithLocals",
            "model A {\n    let id: String\n    @local var seen: Bool = false\n}\nunion U(discriminator: \"t\") {\n"
                + "    case a(A)\n}",
            [
                "A.etch:6:12: error: case 'a' of union 'U' must hold a model without '@local' fields: a union value "
                    + "keeps no local values, so 'A.seen' would be lost\nA.etch:3:16: note: 'seen' declared here"
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
