import Testing

@testable import EtchSchema

@Suite struct FeatureTests {}

extension FeatureTests {
    /// Checks `text` as one file and returns its schema, recording any diagnostic as an issue.
    func schema(_ text: String) throws -> CheckedSchema {
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
        #expect(result.diagnostics.map(\.description) == [])
        return try #require(result.schema)
    }

    /// The fields of the model `M` declared by `body`.
    func fields(_ body: String, file prefix: String = "") throws -> [CheckedField] {
        try #require(try schema("\(prefix)model M {\n\(body)\n}\n").modelsByName["M"]).fields
    }

    struct DefaultCase: CustomTestStringConvertible, Sendable {
        var field: String
        var expected: DefaultValue
        var testDescription: String { field }
    }

    static let defaults: [DefaultCase] = [
        DefaultCase(field: #"var a: String = "a\tb\n\"c\" \\ \u{1F600}""#, expected: .string("a\tb\n\"c\" \\ 😀")),
        DefaultCase(field: "var a: Int = -42", expected: .integer("-42")),
        DefaultCase(field: "var a: Int64 = 9223372036854775807", expected: .integer("9223372036854775807")),
        DefaultCase(field: "var a: UInt = 18446744073709551615", expected: .integer("18446744073709551615")),
        DefaultCase(field: "var a: Int = 1_000", expected: .integer("1_000")),
        DefaultCase(field: "var a: Double = 1", expected: .integer("1")),
        DefaultCase(field: "var a: Double = -1.5e3", expected: .float("-1.5e3")),
        DefaultCase(field: "var a: TimeInterval = 0.25", expected: .float("0.25")),
        DefaultCase(field: "var a: Bool = true", expected: .bool(true)),
        DefaultCase(field: "var a: String? = nil", expected: .null),
        DefaultCase(field: #"var a: String? = "x""#, expected: .string("x")),
        DefaultCase(field: "var a: Date? = nil", expected: .null),
        DefaultCase(field: "var a: [Int] = []", expected: .emptyArray),
        DefaultCase(field: "var a: [String: Int]? = [:]", expected: .emptyDictionary),
        DefaultCase(field: #"var a: JSON = "any""#, expected: .string("any")),
        DefaultCase(field: "var a: JSON = 3.5", expected: .float("3.5")),
        DefaultCase(field: "var a: JSON = []", expected: .emptyArray),
    ]

    @Test(arguments: defaults)
    func defaultValues(_ example: DefaultCase) throws {
        #expect(try fields(example.field).first?.defaultValue == example.expected)
    }

    @Test func documentationAttachesToDeclarationsFieldsAndCases() throws {
        let schema = try schema(
            """
            /// Two lines,
            ///second without a space.
            ///
            ///   Indented.
            @keyStyle(camelCase)
            model M {
                /// The id.
                @index
                /// More.
                let id: String // not documentation
                //// Not documentation either.
                let b: Int
            }
            /// E.
            enum E: String { /// First two.
                case a, b = "B"; case c }
            """)
        let model = try #require(schema.modelsByName["M"])
        #expect(model.documentation == ["Two lines,", "second without a space.", "", "  Indented."])
        #expect(model.fields.map(\.documentation) == [["The id.", "More."], []])
        guard case .enumeration(let enumeration) = schema.files[0].declarations[1] else {
            Issue.record("expected an enum")
            return
        }
        #expect(enumeration.documentation == ["E."])
        #expect(enumeration.cases.map(\.name) == ["a", "b", "c"])
        #expect(enumeration.cases.map(\.rawValue) == ["a", "B", "c"])
        #expect(enumeration.cases.map(\.documentation) == [["First two."], ["First two."], []])
    }

    @Test func fileKeyStyleAppliesToEveryModelUnlessOverridden() throws {
        let schema = try schema(
            """
            @keyStyle(kebab-case)

            model A { let userID: String }
            @keyStyle(camelCase)
            model B { let userID: String }
            model C { let userID: String; @key("USER") let other: Int }
            """)
        #expect(schema.modelsByName["A"]?.fields.map(\.wireKey) == ["user-id"])
        #expect(schema.modelsByName["B"]?.fields.map(\.wireKey) == ["userID"])
        #expect(schema.modelsByName["C"]?.fields.map(\.wireKey) == ["user-id", "USER"])
    }

    @Test func modelKeyStyleDirectlyBeforeTheFirstModelIsTheModels() throws {
        let schema = try schema(
            "@keyStyle(snake_case)\nmodel A { let userID: String }\nmodel B { let userID: String }\n")
        #expect(schema.modelsByName["A"]?.fields.map(\.wireKey) == ["user_id"])
        #expect(schema.modelsByName["B"]?.fields.map(\.wireKey) == ["userID"])
    }

    @Test func typesNestAndOptionalsWrapCollections() throws {
        let types = try fields(
            """
            let a: [[String: [Int?]]]?
            let b: [String: Ref<M>]
            let id: UUID
            let c: M?
            @dateFormat("yyyy-MM-dd") let d: [Date]
            @dateFormat(iso8601) let e: Date
            @dateFormat(millisecondsSince1970) let f: Date
            """)
        #expect(
            types.map(\.type.description) == [
                "[[String: [Int?]]]?", "[String: Ref<M>]", "UUID", "M?", "[Date]", "Date", "Date",
            ])
        #expect(
            types.map(\.dateFormat) == [nil, nil, nil, nil, .custom("yyyy-MM-dd"), .iso8601, .millisecondsSince1970])
    }

    @Test func emptyAndCommentOnlyFilesAreFine() throws {
        #expect(try schema("").files[0].declarations.isEmpty)
        #expect(try schema("// nothing\n/* here */\n/// dangling\n").files[0].declarations.isEmpty)
    }

    @Test func columnsCountUTF8Bytes() {
        let diagnostics = Fixtures.diagnostics("/* é */ model M { let a: Strin }")
        #expect(diagnostics == ["A.etch:1:27: error: unknown type 'Strin'; did you mean 'String'?"])
    }
}
