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
            public enum State: ModelEnum, CaseIterable, Codable {
                case open
                case closed
                /// A raw value this version of the schema does not declare, kept as it arrived.
                case unknown(String)

                /// The declared cases.
                public static let allCases: [State] = [.open, .closed]

                /// Makes a value; a raw value that matches no declared case becomes `unknown`.
                public init(rawValue: String) {
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
                fileprivate enum Fields {
                    static let views = ModelField<Int>("views", key: "meta.views", default: 0)
                    static let startsAt = ModelField<Date>("startsAt", key: "starts_at", dateFormat: .millisecondsSince1970)
                    static let note = ModelField<String?>("note", key: "note", default: "none")
                }
            """
        )
    }

    @Test func letOnlyModelHasNoMutatorsAndNoIdentifiable() {
        let output = generate("model Point {\n    let x: Double\n    let y: Double\n}\n")
        expectContains(output, "public struct Point: ImmutableModel {")
        #expect(!output.contains("copyWith"))
        #expect(!output.contains("LocalValues"))
    }

    @Test func optionalMutatorAcceptsNil() {
        let output = generate("model Task {\n    let id: String\n    var dueAt: Date?\n}\n")
        expectContains(
            output,
            """
                /// A copy with `dueAt` changed (`nil` clears it).
                public func copyWith(dueAt: Date?) -> Task {
                    copyWith { $0.dueAt = dueAt }
                }
            """
        )
        expectContains(output, "public struct Task: ImmutableModel, Identifiable {")
    }

    @Test func localFieldsLiveInLocalValues() {
        let output = generate("model Row {\n    let id: Int\n    @local var isOpen: Bool = false\n}\n")
        expectContains(
            output,
            """
                /// The `@local` values of `Row`.
                public struct LocalValues: Sendable, Hashable {
                    /// The local value `isOpen`: kept on this device only, never serialized.
                    public var isOpen: Bool

                    /// Makes local values; the defaults are the schema's.
                    public init(isOpen: Bool = false) {
                        self.isOpen = isOpen
                    }
                }
            """
        )
        expectContains(output, "    public var isOpen: Bool { localValues.isOpen }")
        expectContains(output, "        static let id = ModelField<Int>(\"id\", key: \"id\")")
        #expect(!output.contains("static let isOpen"))
    }

    @Test func internalAccessLevelOmitsTheKeyword() {
        let output = generate("model Tag {\n    var name: String\n}\n", access: .internal)
        expectContains(output, "\nstruct Tag: ImmutableModel {")
        expectContains(output, "    init(dictionary: ModelDictionary) throws(ModelError) {")
        #expect(!output.contains("public "))
    }

    @Test func docCommentsAreCarriedOver() {
        let output = generate(
            "/// A tag.\n/// Shown in lists.\nmodel Tag {\n    /// Its label.\n    var name: String\n}\n",
            access: .package)
        expectContains(output, "/// A tag.\n/// Shown in lists.\npackage struct Tag: ImmutableModel {")
        expectContains(output, "    /// Its label.\n    package var name: String { dictionary[Fields.name] }")
    }

    @Test func fieldsWithoutDocumentationSayWhereTheyAreStored() {
        let output = generate("@keyStyle(snake_case)\nmodel Tag {\n    var displayName: String\n}\n")
        expectContains(
            output,
            """
                /// The `displayName` field, stored under the wire key `display_name`.
                public var displayName: String { dictionary[Fields.displayName] }
            """
        )
    }

    @Test func wireKeysAreEscapedInSwiftLiterals() {
        let output = generate(#"model Odd {\#n    @key("a\"b\\(c)") var x: Int = 0\#n}\#n"#)
        expectContains(output, #"static let x = ModelField<Int>("x", key: "a\"b\\(c)", default: 0)"#)
    }

    @Test func schemaErrorsProduceNoFiles() {
        let result = GeneratorPipeline().run([SchemaSource(path: "Bad.etch", text: "model A {\n    let id: Nope\n}\n")])
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map(\.description) == ["Bad.etch:2:13: error: unknown type 'Nope'"])
    }
}
