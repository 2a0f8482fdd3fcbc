extension Checker {
    /// Refuses a type name that is a Swift keyword or clashes with a Swift, Foundation or
    /// Etch type.
    mutating func checkTypeName(_ name: NameSyntax) {
        if ReservedNames.swiftKeywords.contains(name.text) {
            error("'\(name.text)' is a Swift keyword and cannot be used as a type name", at: name.location)
        } else if ReservedNames.typeNames.contains(name.text) {
            error(
                "type name '\(name.text)' is reserved: it clashes with a Swift, Foundation or Etch type",
                at: name.location)
        }
    }

    /// Refuses a field name that is a Swift keyword or a member of the generated struct.
    mutating func checkFieldName(_ name: NameSyntax) {
        if ReservedNames.swiftKeywords.contains(name.text) {
            error("'\(name.text)' is a Swift keyword and cannot be used as a field name", at: name.location)
        } else if ReservedNames.modelMembers.contains(name.text) {
            error("field name '\(name.text)' is reserved: the generated model uses it", at: name.location)
        } else if declared[name.text] != nil {
            error(
                "field name '\(name.text)' is also the name of a type; in the generated code it would hide the type",
                at: name.location)
        }
    }

    /// Refuses a case name that is a Swift keyword or a member of the generated enum.
    mutating func checkCaseName(_ name: NameSyntax) {
        if ReservedNames.swiftKeywords.contains(name.text) {
            error("'\(name.text)' is a Swift keyword and cannot be used as a case name", at: name.location)
        } else if ReservedNames.enumCases.contains(name.text) {
            error("case name '\(name.text)' is reserved: the generated enum uses it", at: name.location)
        }
    }
}
