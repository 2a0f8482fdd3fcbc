import Testing

@testable import EtchSchema

/// Schemas that crashed the checker or took quadratic time (issue 10). None of these tests
/// measures time: at these sizes the old code overflowed the stack or ran for minutes.
@Suite struct AdversarialSchemaTests {}

extension AdversarialSchemaTests {
    func check(_ text: String) -> SchemaCheckResult {
        Schema(sources: [SchemaSource(path: "A.etch", text: text)]).checked()
    }

    @Test func fiftyThousandQuestionMarksAreNestedTooDeeply() {
        let result = check(AdversarialSchemas.optionals(50_000))
        #expect(result.diagnostics.map(\.description) == ["A.etch:2:49: error: type is nested too deeply"])
    }

    @Test func questionMarksCountAgainstTheDepthLimit() {
        // 32 levels fit: the name, 30 brackets and one '?'; a second '?' is one too many.
        let brackets = String(repeating: "[", count: 30) + "Int" + String(repeating: "]", count: 30)
        #expect(check("model A { let a: \(brackets)? }").diagnostics.isEmpty)
        #expect(
            check("model A { let a: \(brackets)?? }").diagnostics.map(\.description) == [
                "A.etch:1:82: error: type is nested too deeply"
            ])
    }

    @Test func theCheckerBoundsTypesItWasNotGivenByTheParser() {
        let location = SourceLocation(path: "A.etch", line: 1, column: 1)
        var type = TypeSyntax.named(NameSyntax("Int", at: location), genericArguments: [])
        for _ in 0..<100 { type = .array(type, type.location) }
        var checker = Checker(trees: [])
        #expect(checker.resolve(type) == nil)
        #expect(checker.diagnostics.map(\.description) == ["A.etch:1:1: error: type is nested too deeply"])
    }

    @Test func nestedOptionalsAreReportedAtTheSecondQuestionMark() {
        #expect(
            check("model A { let a: Int??? }").diagnostics.map(\.description) == [
                "A.etch:1:22: error: nested optional type 'Int???' is not supported"
            ])
    }

    @Test func aLongChainOfInlineModelsChecksClean() throws {
        let result = check(AdversarialSchemas.chain(20_000, closed: false))
        #expect(result.diagnostics.isEmpty)
        #expect(try #require(result.schema).files[0].declarations.count == 20_000)
    }

    @Test func aLongCycleOfInlineModelsIsOneError() {
        let result = check(AdversarialSchemas.chain(20_000, closed: true))
        #expect(result.diagnostics.count == 1)
        let first = result.diagnostics.first
        #expect(first?.location == SourceLocation(path: "A.etch", line: 2, column: 9))
        #expect(
            first?.message.hasPrefix("model 'M0' contains itself inline through 'M0.next: M1' -> 'M1.next: M2'") == true
        )
        #expect(first?.message.contains("'M19999.next: M0'; make one of these fields optional") == true)
        #expect(first?.notes.count == 19_999)
    }

    @Test func tenThousandMisspelledTypeNames() {
        let (tree, _) = Parser.parse(SchemaSource(path: "A.etch", text: AdversarialSchemas.misspelled(10_000)))
        var checker = Checker(trees: [tree])
        _ = checker.check()
        let messages = checker.diagnostics.map(\.message)
        #expect(messages.count == 10_000)
        // Each name is one edit from the model it misspells, which always wins, however many
        // names of the same length sort between them.
        let wrong = messages.filter { !Self.isSuggestingTheModelItMisspells($0, prefix: "unknown type") }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, such as \(wrong.prefix(3))")
        #expect(messages.contains("unknown type 'Modl00000'; did you mean 'Model00000'?"))
        #expect((checker.typeNameSuggestions?.work ?? .max) <= Suggestion.workBudget + 10 * 17 + 22)
    }

    @Test func tenThousandMisspelledInverseModels() {
        let (tree, _) = Parser.parse(
            SchemaSource(path: "A.etch", text: AdversarialSchemas.misspelledInverses(10_000)))
        var checker = Checker(trees: [tree])
        _ = checker.check()
        let messages = checker.diagnostics.map(\.message)
        #expect(messages.count == 10_000)
        let wrong = messages.filter { !Self.isSuggestingTheModelItMisspells($0, prefix: "unknown model") }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, such as \(wrong.prefix(3))")
        // The look-ups share one bounded index of model names.
        #expect((checker.modelNameSuggestions?.work ?? .max) <= Suggestion.workBudget + 10 * 17 + 22)
    }

    @Test func tenThousandMisspelledUnionVariants() {
        let (tree, _) = Parser.parse(
            SchemaSource(path: "A.etch", text: AdversarialSchemas.misspelledUnionVariants(10_000)))
        var checker = Checker(trees: [tree])
        _ = checker.check()
        let messages = checker.diagnostics.map(\.message)
        #expect(messages.count == 10_000)
        let wrong = messages.filter { !Self.isSuggestingTheModelItMisspells($0, prefix: "unknown model") }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, such as \(wrong.prefix(3))")
        #expect((checker.modelNameSuggestions?.work ?? .max) <= Suggestion.workBudget + 10 * 17 + 22)
    }

    @Test func tenThousandMisspelledEnumCaseDefaults() {
        let (tree, _) = Parser.parse(
            SchemaSource(path: "A.etch", text: AdversarialSchemas.misspelledEnumDefaults(10_000)))
        var checker = Checker(trees: [tree])
        _ = checker.check()
        let messages = checker.diagnostics.map(\.message)
        #expect(messages.count == 10_000)
        let wrong = messages.filter { message in
            let prefix = "enum 'Kind' has no case 'valu"
            let digits = message.dropFirst(prefix.count).prefix(5)
            return message != "\(prefix)\(digits)'; did you mean '.value\(digits)'?"
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, such as \(wrong.prefix(3))")
        #expect((checker.caseNameSuggestions["Kind"]?.work ?? .max) <= Suggestion.workBudget + 10 * 17 + 22)
    }

    @Test(.timeLimit(.minutes(1))) func aModelOfTenThousandFieldsChecksClean() {
        #expect(check(AdversarialSchemas.wideModel(10_000, misspelled: false)).diagnostics.isEmpty)
    }

    @Test(.timeLimit(.minutes(1))) func tenThousandMisspelledGroupByFields() {
        let messages = check(AdversarialSchemas.wideModel(10_000, misspelled: true)).diagnostics.map(\.message)
        #expect(messages.count == 10_000)
        let wrong = messages.filter { message in
            let prefix = "'@sorted(groupBy:)' names 'fild"
            let digits = message.dropFirst(prefix.count).prefix(5)
            return message
                != "\(prefix)\(digits)', which is not a field of model 'Wide'; did you mean 'field\(digits)'?"
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, such as \(wrong.prefix(3))")
    }

    /// Whether `message` is `prefix 'Modl12345'; did you mean 'Model12345'?`.
    static func isSuggestingTheModelItMisspells(_ message: String, prefix: String) -> Bool {
        guard message.hasPrefix("\(prefix) 'Modl") else { return false }
        let digits = message.dropFirst("\(prefix) 'Modl".count).prefix(5)
        return message == "\(prefix) 'Modl\(digits)'; did you mean 'Model\(digits)'?"
    }

    @Test func aTwentyThousandCharacterNameMisspelledInTenFields() {
        let result = check(AdversarialSchemas.longName(20_000))
        #expect(result.diagnostics.count == 10)
        let name = String(repeating: "a", count: 20_000)
        #expect(
            result.diagnostics.allSatisfy {
                $0.message == "unknown type '\(name.dropLast())b'; did you mean '\(name)'?"
            })
    }
}
