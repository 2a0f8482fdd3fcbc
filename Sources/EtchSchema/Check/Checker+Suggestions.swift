extension Checker {
    /// "unknown model 'X'", with the closest model name if one is close; the model names are
    /// indexed once, so each look-up is bounded however many models there are.
    mutating func unknownModelMessage(_ name: String) -> String {
        if modelNameSuggestions == nil {
            modelNameSuggestions = SuggestionIndex(
                declared.compactMap { if case .model = $0.value { $0.key } else { nil } })
        }
        let message = "unknown model '\(name)'"
        return modelNameSuggestions?.message(message, for: name) ?? message
    }

    /// `message` with the closest case name of an enum as `'.name'`, from an index made
    /// once per enum.
    mutating func message(_ message: String, for name: String, amongCasesOf enumeration: EnumSyntax) -> String {
        let enumName = enumeration.name.text
        if caseNameSuggestions[enumName] == nil {
            caseNameSuggestions[enumName] = SuggestionIndex(enumeration.cases.map(\.name.text))
        }
        return caseNameSuggestions[enumName]?.message(message, for: name, prefix: ".") ?? message
    }

    /// `message` with the closest field name of a model, from an index made once per model.
    mutating func message(_ message: String, for name: String, amongFieldsOf model: CheckedModel) -> String {
        if fieldNameSuggestions[model.name] == nil {
            fieldNameSuggestions[model.name] = SuggestionIndex(model.fields.map(\.name))
        }
        return fieldNameSuggestions[model.name]?.message(message, for: name) ?? message
    }
}
