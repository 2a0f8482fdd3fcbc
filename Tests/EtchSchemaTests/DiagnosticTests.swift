import Testing

@testable import EtchSchema

@Suite struct DiagnosticTests {}

extension DiagnosticTests {
    /// One schema with one problem, and the exact diagnostics it must produce (notes
    /// follow their diagnostic on the next line, as the compiler prints them).
    struct DiagnosticCase: CustomTestStringConvertible, Sendable {
        var id: String
        var text: String
        var expected: [String]
        var testDescription: String { id }

        init(_ id: String, _ text: String, _ expected: [String]) {
            self.id = id
            self.text = text
            self.expected = expected
        }
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "missingColon",
            "model User {\n    let id String\n}",
            [
                "A.etch:2:12: error: expected ':' after field name 'id', found 'String'"
            ]),
        DiagnosticCase(
            "missingColonEndOfLine",
            "model User {\n    let id\n    var name: String\n}",
            [
                "A.etch:2:11: error: expected ':' after field name 'id', found end of line"
            ]),
        DiagnosticCase(
            "missingTypeAfterColon",
            "model User { let id: = 3 }",
            [
                "A.etch:1:22: error: expected type after ':' in field 'id', found '='"
            ]),
        DiagnosticCase(
            "missingFieldName",
            "model User { let : String }",
            [
                "A.etch:1:18: error: expected field name after 'let', found ':'"
            ]),
        DiagnosticCase(
            "notAFieldKeyword",
            "model User {\n    case a\n    let id: String\n}",
            [
                "A.etch:2:5: error: expected 'let' or 'var' to begin a field of model 'User', found 'case'"
            ]),
        DiagnosticCase(
            "twoFieldsOnOneLine",
            "model User { let a: Int let b: Int }",
            [
                "A.etch:1:25: error: expected newline or ';' after field 'a', found 'let'"
            ]),
        DiagnosticCase(
            "missingModelName",
            "model {\n}\nmodel B { let x: Strin }",
            [
                "A.etch:1:7: error: expected model name after 'model', found '{'",
                "A.etch:3:18: error: unknown type 'Strin'; did you mean 'String'?",
            ]),
        DiagnosticCase(
            "missingClosingBraceAtEnd",
            "model User {\n    let id: String\n",
            [
                "A.etch:2:19: error: expected '}' at end of model 'User', found end of file\nA.etch:1:12: note: to match this opening '{'"
            ]),
        DiagnosticCase(
            "missingClosingBraceBeforeNextModel",
            "model A {\n    let id: String\nmodel B { let x: Int }",
            [
                "A.etch:3:1: error: expected '}' at end of model 'A', found 'model'\nA.etch:1:9: note: to match this opening '{'"
            ]),
        DiagnosticCase(
            "strayTopLevel",
            "let x: Int\nmodel A { let id: String }",
            [
                "A.etch:1:1: error: expected 'model', 'enum' or 'union' declaration, found 'let'"
            ]),
        DiagnosticCase(
            "strayCharacter",
            "model A {\n    let id: String %\n}",
            [
                "A.etch:2:20: error: unexpected character '%' in schema"
            ]),
        DiagnosticCase(
            "unicodeStrayCharacter",
            "model A { let é: String }",
            [
                "A.etch:1:15: error: unexpected character 'é' in schema",
                "A.etch:1:17: error: expected field name after 'let', found ':'",
            ]),
        DiagnosticCase(
            "unterminatedString",
            "model A {\n    var a: String = \"abc\n    let b: Strin\n}",
            [
                "A.etch:2:21: error: unterminated string literal",
                "A.etch:3:12: error: unknown type 'Strin'; did you mean 'String'?",
            ]),
        DiagnosticCase(
            "unterminatedComment",
            "model A { let a: Int }\n/* never /* closed */",
            [
                "A.etch:2:1: error: unterminated '/*' comment"
            ]),
        DiagnosticCase(
            "invalidEscape",
            "model A { var a: String = \"a\\qb\" }",
            [
                "A.etch:1:29: error: invalid escape sequence '\\q' in string literal"
            ]),
        DiagnosticCase(
            "invalidUnicodeEscape",
            "model A { var a: String = \"\\u{110000}\" }",
            [
                "A.etch:1:28: error: invalid unicode scalar '\\u{110000}' in string literal"
            ]),
        DiagnosticCase(
            "unknownType",
            "model User {\n    let id: Strin\n}",
            [
                "A.etch:2:13: error: unknown type 'Strin'; did you mean 'String'?"
            ]),
        DiagnosticCase(
            "unknownTypeNoSuggestion",
            "model User { let id: Banana }",
            [
                "A.etch:1:22: error: unknown type 'Banana'"
            ]),
        DiagnosticCase(
            "unknownModelTypeSuggestion",
            "model User { let id: String }\nmodel Room { let owner: Usr }",
            [
                "A.etch:2:25: error: unknown type 'Usr'; did you mean 'User'?"
            ]),
        DiagnosticCase(
            "genericOnScalar",
            "model A { let a: String<Int> }",
            [
                "A.etch:1:18: error: type 'String' does not take generic arguments"
            ]),
        DiagnosticCase(
            "nestedOptional",
            "model A { let a: Int?? }",
            [
                "A.etch:1:22: error: nested optional type 'Int??' is not supported"
            ]),
        DiagnosticCase(
            "dictionaryKeyNotString",
            "model A { let a: [Int: String] }",
            [
                "A.etch:1:19: error: dictionary keys must be 'String', found 'Int'"
            ]),
        DiagnosticCase(
            "duplicateType",
            "model User { let id: String }\nenum User: String { case a }",
            [
                "A.etch:2:6: error: invalid redeclaration of 'User'\nA.etch:1:7: note: 'User' first declared here"
            ]),
        DiagnosticCase(
            "duplicateField",
            "model User {\n    let id: String\n    var id: Int\n}",
            [
                "A.etch:3:9: error: invalid redeclaration of field 'id'\nA.etch:2:9: note: 'id' first declared here"
            ]),
        DiagnosticCase(
            "duplicateWireKey",
            "model User {\n    let name: String\n    @key(\"name\") let other: String\n}",
            [
                "A.etch:3:5: error: wire key 'name' of field 'other' is already used by field 'name'\nA.etch:2:9: note: 'name' declared here"
            ]),
        DiagnosticCase(
            "nestedWireKey",
            "model User {\n    var stats: JSON\n    @key(\"stats.unread\") var unread: Int = 0\n}",
            [
                "A.etch:3:5: error: wire key 'stats.unread' of field 'unread' overlaps wire key 'stats' of field 'stats': one is inside the other\nA.etch:2:9: note: 'stats' declared here"
            ]),
        DiagnosticCase(
            "snakeCaseCollision",
            "@keyStyle(snake_case)\nmodel User {\n    let userID: String\n    let user_id: String\n}",
            [
                "A.etch:4:9: error: wire key 'user_id' of field 'user_id' is already used by field 'userID'\nA.etch:3:9: note: 'userID' declared here"
            ]),
        DiagnosticCase(
            "duplicateCase",
            "enum Role: String {\n    case a\n    case a\n}",
            [
                "A.etch:3:10: error: invalid redeclaration of case 'a'\nA.etch:2:10: note: 'a' first declared here"
            ]),
        DiagnosticCase(
            "duplicateRawValue",
            "enum Role: String {\n    case guest = \"visitor\"\n    case visitor\n}",
            [
                "A.etch:3:10: error: raw value \"visitor\" of case 'visitor' is already used by case 'guest'\nA.etch:2:10: note: 'guest' declared here"
            ]),
        DiagnosticCase(
            "integerRawValue",
            "enum Role: String { case a = 1 }",
            [
                "A.etch:1:30: error: raw value of case 'a' must be a string literal, not integer literal '1'"
            ]),
        DiagnosticCase(
            "enumWithoutRawType",
            "enum Role { case a }",
            [
                "A.etch:1:6: error: enum 'Role' must declare its raw type, as in 'enum Role: String'"
            ]),
        DiagnosticCase(
            "enumWrongRawType",
            "enum Role: Int { case a }",
            [
                "A.etch:1:12: error: enum 'Role' must have raw type 'String', not 'Int'"
            ]),
        DiagnosticCase(
            "emptyEnum",
            "enum Role: String {}",
            [
                "A.etch:1:6: warning: enum 'Role' has no cases"
            ]),
        DiagnosticCase(
            "defaultStringForInt",
            "model A { var a: Int = \"x\" }",
            [
                "A.etch:1:24: error: cannot use string literal \"x\" as the default value of type 'Int'"
            ]),
        DiagnosticCase(
            "defaultNegativeUInt",
            "model A { var a: UInt = -1 }",
            [
                "A.etch:1:25: error: negative integer '-1' cannot be stored in type 'UInt'"
            ]),
        DiagnosticCase(
            "defaultIntOverflow",
            "model A { var a: Int = 9223372036854775808 }",
            [
                "A.etch:1:24: error: integer literal '9223372036854775808' overflows type 'Int'"
            ]),
        DiagnosticCase(
            "defaultJSONIntegerOverflow",
            "model A { var a: JSON = 99999999999999999999 }",
            [
                "A.etch:1:25: error: integer literal '99999999999999999999' overflows type 'Int64'"
            ]),
        DiagnosticCase(
            "defaultDoubleOverflow",
            "model A { var a: Double = 1e400 }",
            [
                "A.etch:1:27: error: number literal '1e400' overflows type 'Double'"
            ]),
        DiagnosticCase(
            "defaultFloatOverflow",
            "model A { var a: Float = 1e39 }",
            [
                "A.etch:1:26: error: number literal '1e39' overflows type 'Float'"
            ]),
        DiagnosticCase(
            "reservedTypeNameHasher",
            "model Hasher { let id: String }",
            [
                "A.etch:1:7: error: type name 'Hasher' is reserved: it clashes with a Swift, Foundation or Etch type"
            ]),
        DiagnosticCase(
            "reservedTypeNameTheRegistry",
            "model EtchModels { let id: String; let _indexes: Int }",
            [
                "A.etch:1:7: error: type name 'EtchModels' is reserved: it clashes with a Swift, Foundation or Etch type",
                "A.etch:1:40: error: field name '_indexes' is reserved: every generated model has a member of that "
                    + "name; name the field differently and keep the wire key, as in "
                    + "'@key(\"_indexes\") let _indexesValue: …'",
            ]),
        DiagnosticCase(
            "fieldNamedLikeAType",
            "model Room { let id: String\n var Room: Int = 0 }",
            [
                "A.etch:2:6: error: field name 'Room' is also the name of a type; in the generated code it would hide the type"
            ]),
        DiagnosticCase(
            "defaultFloatForInt",
            "model A { var a: Int = 1.5 }",
            [
                "A.etch:1:24: error: cannot use floating-point literal '1.5' as the default value of type 'Int'"
            ]),
        DiagnosticCase(
            "defaultNilForNonOptional",
            "model A { var a: String = nil }",
            [
                "A.etch:1:27: error: 'nil' requires an optional type; write 'String?'"
            ]),
        DiagnosticCase(
            "defaultForDate",
            "model A { var a: Date = 0 }",
            [
                "A.etch:1:25: error: type 'Date' does not support default values"
            ]),
        DiagnosticCase(
            "defaultForOptionalURL",
            "model A { var a: URL? = \"https://x\" }",
            [
                "A.etch:1:25: error: type 'URL?' only supports the default value 'nil'"
            ]),
        DiagnosticCase(
            "defaultUnknownCase",
            "enum Role: String { case owner, member }\nmodel A { var r: Role = .membr }",
            [
                "A.etch:2:25: error: enum 'Role' has no case 'membr'; did you mean '.member'?"
            ]),
        DiagnosticCase(
            "defaultCaseWithoutItsDot",
            "enum State: String { case open, closed }\nmodel Issue {\n    var state: State = open\n    var title: String\n}",
            [
                "A.etch:3:24: error: an enum case as a default value starts with a dot; did you mean '.open'?"
            ]),
        DiagnosticCase(
            "defaultUnknownCaseWithoutItsDot",
            "enum State: String { case open, closed }\nmodel Issue { var state: State? = opn; let id: String }",
            [
                "A.etch:2:35: error: enum 'State' has no case 'opn'; did you mean '.open'?"
            ]),
        DiagnosticCase(
            "defaultNameForString",
            "model A { var a: String = hello; var b: Int }",
            [
                "A.etch:1:27: error: cannot use 'hello' as the default value of type 'String'"
            ]),
        DiagnosticCase(
            "defaultCaseForString",
            "model A { var a: String = .x }",
            [
                "A.etch:1:27: error: cannot use '.x' as the default value of type 'String'"
            ]),
        DiagnosticCase(
            "defaultArrayForDictionary",
            "model A { var a: [String: Int] = [] }",
            [
                "A.etch:1:34: error: cannot use '[]' as the default value of type '[String: Int]'"
            ]),
        DiagnosticCase(
            "defaultForModel",
            "model A { var b: B = nil }\nmodel B { let id: String }",
            [
                "A.etch:1:22: error: type 'B' does not support default values"
            ]),
        DiagnosticCase(
            "localWithoutDefault",
            "model A { @local var expanded: Bool }",
            [
                "A.etch:1:22: error: '@local' field 'expanded' needs a default value"
            ]),
        DiagnosticCase(
            "localWithKey",
            "model A { @local @key(\"x\") @index var expanded: Bool = false }",
            [
                "A.etch:1:18: error: '@key' cannot be combined with '@local': local fields are never serialized",
                "A.etch:1:28: error: '@index' cannot be combined with '@local': local fields are never serialized",
            ]),
        DiagnosticCase(
            "refToEnum",
            "enum Role: String { case a }\nmodel A { let r: Ref<Role> }",
            [
                "A.etch:2:22: error: 'Ref' can only refer to a model; 'Role' is an enum"
            ]),
        DiagnosticCase(
            "refToScalar",
            "model A { let r: Ref<String> }",
            [
                "A.etch:1:22: error: 'Ref' can only refer to a model; 'String' is a built-in type"
            ]),
        DiagnosticCase(
            "refWithoutId",
            "model Tag { let name: String }\nmodel A { let tag: Ref<Tag> }",
            [
                "A.etch:2:24: error: 'Ref<Tag>' requires model 'Tag' to have an 'id' field\nA.etch:1:7: note: 'Tag' declared here"
            ]),
        DiagnosticCase(
            "refToLocalId",
            "model Tag { @local var id: String = \"\" }\nmodel A { let tags: [Ref<Tag>] }",
            [
                "A.etch:2:26: error: 'Ref<Tag>' requires model 'Tag' to have an 'id' field\nA.etch:1:7: note: 'Tag' declared here"
            ]),
        DiagnosticCase(
            "refWithoutArgument",
            "model A { let r: Ref }",
            [
                "A.etch:1:18: error: 'Ref' takes one model name, as in 'Ref<User>'"
            ]),
        DiagnosticCase(
            "selfCycle",
            "model Node {\n    let next: Node\n}",
            [
                "A.etch:2:9: error: model 'Node' contains itself inline through 'Node.next: Node'; make one of these fields optional, an array, a dictionary or a 'Ref'"
            ]),
        DiagnosticCase(
            "twoModelCycle",
            "model A {\n    let b: B\n}\nmodel B {\n    let a: A\n}",
            [
                "A.etch:2:9: error: model 'A' contains itself inline through 'A.b: B' -> 'B.a: A'; make one of these fields optional, an array, a dictionary or a 'Ref'\nA.etch:5:9: note: 'B.a' declared here"
            ]),
        DiagnosticCase(
            "cycleBrokenByOptional",
            "model A { let id: String; let b: B? }\nmodel B { let id: String; let a: A?; let list: [A]; let map: [String: A]; let ref: Ref<A> }",
            []),
        DiagnosticCase(
            "reservedFieldName",
            "model A { let description: String; let copyWith: Int }",
            [
                "A.etch:1:40: error: field name 'copyWith' is reserved: every generated model has a member of that "
                    + "name; name the field differently and keep the wire key, as in "
                    + "'@key(\"copyWith\") let copyWithValue: …'"
            ]),
        DiagnosticCase(
            "keywordTypeName",
            "model struct { let id: String }",
            [
                "A.etch:1:7: error: 'struct' is a Swift keyword and cannot be used as a type name"
            ]),
        DiagnosticCase(
            "reservedTypeName",
            "model ModelValue { let id: String }\nenum String: String { case a }",
            [
                "A.etch:1:7: error: type name 'ModelValue' is reserved: it clashes with a Swift, Foundation or Etch type",
                "A.etch:2:6: error: type name 'String' is reserved: it clashes with a Swift, Foundation or Etch type",
            ]),
        DiagnosticCase(
            "reservedCaseName",
            "enum Role: String { case unknown; case default }",
            [
                "A.etch:1:26: error: case name 'unknown' is reserved: the generated enum uses it; name the case "
                    + "differently and keep the raw value, as in 'case unknownValue = \"unknown\"'"
            ]),
        DiagnosticCase(
            "unknownAttribute",
            "model A { @indx let a: Int }",
            [
                "A.etch:1:11: error: unknown attribute '@indx'; did you mean '@index'?"
            ]),
        DiagnosticCase(
            "attributeOnWrongPlace",
            "@index model A { @keyStyle(snake_case) let a: Int }",
            [
                "A.etch:1:1: error: '@index' cannot be applied to a model",
                "A.etch:1:18: error: '@keyStyle' cannot be applied to a field",
            ]),
        DiagnosticCase(
            "attributeOnEnum",
            "@keyStyle(snake_case)\nenum E: String { @index case a }",
            [
                "A.etch:1:1: error: '@keyStyle' cannot be applied to an enum",
                "A.etch:2:18: error: '@index' cannot be applied to an enum case",
            ]),
        DiagnosticCase(
            "unknownKeyStyle",
            "@keyStyle(snake)\nmodel A { let a: Int }",
            [
                "A.etch:1:11: error: unknown key style 'snake'; expected 'camelCase', 'snake_case' or 'kebab_case'"
            ]),
        DiagnosticCase(
            "keyWithoutArgument",
            "model A { @key let a: Int }",
            [
                "A.etch:1:11: error: '@key' takes one string, as in '@key(\"user_name\")' or '@key(\"stats.unread\")'"
            ]),
        DiagnosticCase(
            "keyEmptyComponent",
            "model A { @key(\"stats..unread\") let a: Int }",
            [
                "A.etch:1:16: error: wire key 'stats..unread' has an empty component"
            ]),
        DiagnosticCase(
            "keyEmpty",
            "model A { @key(\"\") let a: Int }",
            [
                "A.etch:1:16: error: wire key must not be empty"
            ]),
        DiagnosticCase(
            "indexWithArgument",
            "model A { @index(true) let a: Int }",
            [
                "A.etch:1:18: error: '@index' takes no arguments"
            ]),
        DiagnosticCase(
            "duplicateFlagAttribute",
            "model A { @index @index let a: Int }",
            [
                "A.etch:1:18: warning: duplicate attribute '@index'"
            ]),
        DiagnosticCase(
            "duplicateKeyAttribute",
            "model A { @key(\"a\") @key(\"b\") let a: Int }",
            [
                "A.etch:1:21: error: '@key' may only be given once"
            ]),
        DiagnosticCase(
            "dateFormatOnString",
            "model A { @dateFormat(secondsSince1970) let a: String }",
            [
                "A.etch:1:11: warning: '@dateFormat' has no effect on field 'a' of type 'String'"
            ]),
        DiagnosticCase(
            "unknownDateFormat",
            "model A { @dateFormat(seconds) let a: Date }",
            [
                "A.etch:1:23: error: unknown date format 'seconds'; expected 'iso8601', 'secondsSince1970', 'millisecondsSince1970' or a pattern string"
            ]),
        DiagnosticCase(
            "sortedUnknownGroupBy",
            "model A {\n    var mood: String\n    @sorted(groupBy: moood) let at: Date\n}",
            [
                "A.etch:3:22: error: '@sorted(groupBy:)' names 'moood', which is not a field of model 'A'; did you mean 'mood'?"
            ]),
        DiagnosticCase(
            "sortedGroupBySelf",
            "model A { @sorted(groupBy: at) let at: Date }",
            [
                "A.etch:1:28: error: field 'at' cannot be grouped by itself"
            ]),
        DiagnosticCase(
            "sortedGroupByLocal",
            "model A {\n    @local var isOpen: Bool = false\n    @sorted(groupBy: isOpen) let at: Date\n}",
            [
                "A.etch:3:22: error: '@sorted(groupBy:)' cannot name '@local' field 'isOpen'"
            ]),
        DiagnosticCase(
            "sortedBadArgument",
            "model A { @sorted(by: x) let at: Date }",
            [
                "A.etch:1:19: error: '@sorted' takes no arguments or 'groupBy:' and a field name, as in '@sorted(groupBy: mood)'"
            ]),
        DiagnosticCase(
            "recoversAndReportsEverything",
            "model A {\n    let id String\n    let b: Strin\n    var c: Int = \"x\"\n}\nmodel B { let\n}\nenum E: String { case a = 1; case b }\nmodel C { let d: Dat }",
            [
                "A.etch:2:12: error: expected ':' after field name 'id', found 'String'",
                "A.etch:3:12: error: unknown type 'Strin'; did you mean 'String'?",
                "A.etch:4:18: error: cannot use string literal \"x\" as the default value of type 'Int'",
                "A.etch:6:14: error: expected field name after 'let', found end of line",
                "A.etch:8:27: error: raw value of case 'a' must be a string literal, not integer literal '1'",
                "A.etch:9:18: error: unknown type 'Dat'; did you mean 'Data'?",
            ]),
        DiagnosticCase(
            "nestedTooDeeply",
            "model A { let a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] }",
            [
                "A.etch:1:50: error: type is nested too deeply"
            ]),
    ]

    @Test(arguments: cases)
    func diagnostics(_ example: DiagnosticCase) {
        let result = Schema(sources: [SchemaSource(path: "A.etch", text: example.text)]).checked()
        #expect(result.diagnostics.map(\.description) == example.expected)
        let expectsErrors = example.expected.contains { $0.contains(": error: ") }
        #expect((result.schema == nil) == expectsErrors)
    }
}
