import EtchSchema
import Testing

@testable import EtchGenerator

/// One schema fragment and the Swift it must produce, side by side, one feature per test.
@Suite struct SnippetTests {}

extension SnippetTests {
    /// Generates a one-file schema and returns the output.
    func generate(_ schema: String, access: AccessLevel = .public) -> String {
        let result = GeneratorPipeline(options: GeneratorOptions(accessLevel: access))
            .run([SchemaSource(path: "Snippet.etch", text: schema)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.files.first?.contents ?? ""
    }

    /// Checks that `expected` appears in `output` as whole lines, printing both when not.
    func expectContains(_ output: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        #expect(output.contains(expected), "expected:\n\(expected)\n--- in:\n\(output)", sourceLocation: sourceLocation)
    }

    @Test func enumWithRawValuesAndUnknownCase() {
        let output = generate(
            """
            /// A state.
            enum State: String {
                case open
                case closed = "CLOSED"
            }
            """
        )
        expectContains(
            output,
            """
            /// A state.
            public enum State: Etch.ModelEnum, Swift.CaseIterable, Swift.Codable {
                case open
                case closed
                /// A raw value this version of the schema does not declare, kept as it arrived.
                case unknown(Swift.String)

                /// The declared cases.
                public static let allCases: [State] = [.open, .closed]

                /// Makes a value; a raw value that matches no declared case becomes `unknown`.
                public init(rawValue: Swift.String) {
                    switch rawValue {
                    case "open": self = .open
                    case "CLOSED": self = .closed
                    default: self = .unknown(rawValue)
                    }
                }
            """
        )
    }

    @Test func fieldsCarryWireKeysDateFormatsAndDefaults() {
        let output = generate(
            """
            @keyStyle(snake_case)
            model Event {
                @key("meta.views") var views: Int = 0
                @dateFormat(millisecondsSince1970) let startsAt: Date
                var note: String? = "none"
            }
            """
        )
        expectContains(
            output,
            """
                fileprivate enum _Fields {
                    static let views = Etch.ModelField<Swift.Int>("views", key: "meta.views", isMutable: true, default: 0)
                    static let startsAt = Etch.ModelField<Foundation.Date>(
                        "startsAt", key: "starts_at", dateFormat: .millisecondsSince1970
                    )
                    static let note = Etch.ModelField<Swift.String?>("note", key: "note", isMutable: true, default: "none")
                }
            """
        )
    }

    @Test func letOnlyModelHasNoMutatorsAndNoIdentifiable() {
        let output = generate("model Point {\n    let x: Double\n    let y: Double\n}\n")
        expectContains(output, "public struct Point: Etch.ImmutableModel {")
        #expect(!output.contains("copyWith"))
        #expect(!output.contains("struct LocalValues"))
    }

    @Test func optionalMutatorAcceptsNil() {
        let output = generate("model Task {\n    let id: String\n    var dueAt: Date?\n}\n")
        expectContains(
            output,
            """
                /// A copy with `dueAt` changed (`nil` clears it).
                public func copyWith(dueAt: Foundation.Date?) -> Task {
                    _copyWith(dueAt, for: _Fields.dueAt)
                }
            """
        )
        expectContains(output, "public struct Task: Etch.CopyableModel, Etch.IdentifiedModel {")
    }

    @Test func localFieldsLiveInLocalValues() {
        let output = generate("model Row {\n    let id: Int\n    @local var isOpen: Bool = false\n}\n")
        expectContains(
            output,
            """
                /// The `@local` values of `Row`.
                public struct LocalValues: Etch.ModelLocalValues {
                    /// The local value `isOpen`: kept on this device only, never serialized.
                    public var isOpen: Swift.Bool = false

                    /// Makes local values with the schema's defaults.
                    public init() {}

                    /// Makes local values; the defaults are the schema's.
                    public init(isOpen: Swift.Bool = false) {
                        self.isOpen = isOpen
                    }
                }
            """
        )
        expectContains(output, "    public var isOpen: Swift.Bool { localValues.isOpen }")
        // A local value has no field in the table: its copyWith changes it through `Changes`.
        expectContains(
            output,
            """
                public func copyWith(isOpen: Swift.Bool) -> Row {
                    copyWith { $0.isOpen = isOpen }
                }
            """)
        expectContains(output, "        static let id = Etch.ModelField<Swift.Int>(\"id\", key: \"id\")")
        #expect(!output.contains("static let isOpen"))
    }

    @Test func internalAccessLevelOmitsTheKeyword() {
        let output = generate("model Tag {\n    var name: String\n}\n", access: .internal)
        expectContains(output, "\nstruct Tag: Etch.CopyableModel {")
        expectContains(output, "    init(\n        name: Swift.String\n    ) {")
        #expect(!output.contains("public "))
    }

    @Test func docCommentsAreCarriedOver() {
        let output = generate(
            "/// A tag.\n/// Shown in lists.\nmodel Tag {\n    /// Its label.\n    var name: String\n}\n",
            access: .package)
        expectContains(output, "/// A tag.\n/// Shown in lists.\npackage struct Tag: Etch.CopyableModel {")
        expectContains(
            output,
            """
                /// Its label.
                package var name: Swift.String { dictionary._read("name", hint: _Hints.name) }
            """)
    }

    @Test func fieldsWithoutDocumentationSayWhereTheyAreStored() {
        let output = generate("@keyStyle(snake_case)\nmodel Tag {\n    var displayName: String\n}\n")
        expectContains(
            output,
            """
                /// The `displayName` field, stored under the wire key `display_name`.
                public var displayName: Swift.String { dictionary._read("display_name", hint: _Hints.displayName) }
            """
        )
    }

    @Test func gettersReadThroughAHintUnlessTheirKeyIsDottedOrLongOrTheirDateFormatCustom() {
        let output = generate(
            """
            model Post {
                @dateFormat(secondsSince1970) let at: Date
                var likes: Int = 0
                let editedAt: Date?
                @dateFormat("yyyy-MM-dd") let day: Date
                @key("stats.views") let views: Int
                @key("a_key_of_sixteen") let long: Int
            }

            """)
        expectContains(
            output,
            """
                public var at: Foundation.Date { dictionary._read("at", hint: _Hints.at, dateFormat: .secondsSince1970) }
            """)
        // Only a field with a default passes its field, which holds the default.
        expectContains(
            output,
            #"    public var likes: Swift.Int { dictionary._read("likes", hint: _Hints.likes, field: _Fields.likes) }"#)
        expectContains(
            output,
            #"    public var editedAt: Foundation.Date? { dictionary._read("editedAt", hint: _Hints.editedAt) }"#)
        expectContains(output, "    public var day: Foundation.Date { dictionary[_checked: _Fields.day] }")
        expectContains(output, "    public var views: Swift.Int { dictionary[_checked: _Fields.views] }")
        expectContains(output, "    public var long: Swift.Int { dictionary[_checked: _Fields.long] }")
        expectContains(
            output,
            """
                /// Where each getter found its key last time.
                fileprivate enum _Hints {
                    static let at = Etch._FieldHint()
                    static let likes = Etch._FieldHint()
                    static let editedAt = Etch._FieldHint()
                }
            """)
    }

    @Test func wireKeysAreEscapedInSwiftLiterals() {
        let output = generate(#"model Odd {\#n    @key("a\"b\\(c)") var x: Int = 0\#n}\#n"#)
        expectContains(
            output, #"static let x = Etch.ModelField<Swift.Int>("x", key: "a\"b\\(c)", isMutable: true, default: 0)"#)
    }

    @Test func schemaErrorsProduceNoFiles() {
        let result = GeneratorPipeline().run([SchemaSource(path: "Bad.etch", text: "model A {\n    let id: Nope\n}\n")])
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map(\.description) == ["Bad.etch:2:13: error: unknown type 'Nope'"])
    }

    @Test func keywordNamesAreEscapedAndSelfHasALocalName() {
        let output = generate("model Repo {\n    var private: Bool = false\n    let self: URL?\n}\n")
        expectContains(
            output,
            "    public var `private`: Swift.Bool { "
                + #"dictionary._read("private", hint: _Hints.`private`, field: _Fields.`private`) }"#)
        expectContains(
            output,
            """
                public init(
                    `private`: Swift.Bool = false,
                    `self` _self: Foundation.URL? = nil
                ) {
                    var dictionary = Etch._MemberwiseValues(Self._schema)
                    dictionary.set(`private`, for: _Fields.`private`)
                    dictionary.set(_self, for: _Fields.`self`)
            """
        )
        expectContains(
            output,
            "    public func copyWith(`private`: Swift.Bool) -> Repo {\n        _copyWith(`private`, for: _Fields.`private`)"
        )
    }

    @Test func optionalEnumDefaultNamesTheEnumCase() {
        let output = generate(
            "model A {\n    var v: Visibility? = .none\n    var w: Visibility = .none\n}\nenum Visibility: String {\n    case none\n}\n"
        )
        expectContains(output, "        v: Visibility? = Visibility.none,\n        w: Visibility = Visibility.none")
        expectContains(
            output,
            #"static let v = Etch.ModelField<Visibility?>("v", key: "v", isMutable: true, default: Visibility.none)"#)
    }

    @Test func unionHasOneCasePerVariantAndKeepsUnknownOnes() {
        let output = generate(
            """
            model Post {
                let id: String
            }
            model Ad {
                let id: String
            }
            union Item(discriminator: "kind") {
                case post(Post)
                case ad(Ad) = "advert"
            }
            """
        )
        expectContains(
            output,
            """
            public enum Item: Etch.ModelUnion, Swift.Identifiable {
                /// A `Post`, tagged "post".
                case post(Post)
                /// A `Ad`, tagged "advert".
                case ad(Ad)
                /// A variant this version of the schema does not know, kept whole and written back as it came.
                case unknown(Etch.UnknownVariant)

                /// The wire key whose value names the variant.
                public static let discriminator = "kind"
            """
        )
        expectContains(output, #"        case "advert": self = .ad(try Ad(dictionary: dictionary))"#)
        expectContains(output, #"        case .ad(let value): Etch._UnionVariant("advert", value)"#)
    }

    @Test func unionWithoutSharedIDIsNotIdentifiable() {
        let output = generate(
            "model P {\n    let id: String\n}\nmodel Q {\n    let id: Int\n}\nunion U(discriminator: \"t\") {\n    case p(P)\n    case q(Q)\n}\n"
        )
        expectContains(output, "public enum U: Etch.ModelUnion {")
        expectContains(
            output,
            "        default: self = .unknown(Etch.UnknownVariant._read(dictionary, discriminator: Self.discriminator))"
        )
    }
}
