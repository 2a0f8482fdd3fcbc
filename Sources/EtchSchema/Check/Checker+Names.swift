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

    /// Refuses a field name the generated model uses itself, suggesting how to keep the wire key.
    mutating func checkFieldName(_ name: NameSyntax) {
        if ReservedNames.modelMembers.contains(name.text) {
            error(
                "field name '\(name.text)' is reserved: every generated model has a member of that name; "
                    + "name the field differently and keep the wire key, as in "
                    + "'@key(\"\(name.text)\") let \(name.text)Value: …'",
                at: name.location)
        } else if declared[name.text] != nil {
            error(
                "field name '\(name.text)' is also the name of a type; in the generated code it would hide the type",
                at: name.location)
        }
    }

    /// Refuses a case name the generated enum or union uses itself, suggesting how to keep
    /// the raw value.
    mutating func checkCaseName(_ name: NameSyntax, inUnion: Bool = false) {
        if inUnion, declared[name.text] != nil {
            error(
                "case name '\(name.text)' is also the name of a type; in the generated union it would hide the type; "
                    + "name the case differently and keep the tag, as in 'case \(name.text.prefix(1).lowercased() + name.text.dropFirst())Item = \"\(name.text)\"'",
                at: name.location)
            return
        }
        let reserved = inUnion ? ReservedNames.unionCases : ReservedNames.enumCases
        guard reserved.contains(name.text) else { return }
        let kind = inUnion ? "union" : "enum"
        let keep = inUnion ? "tag" : "raw value"
        error(
            "case name '\(name.text)' is reserved: the generated \(kind) uses it; name the case differently and "
                + "keep the \(keep), as in 'case \(name.text)Value = \"\(name.text)\"'",
            at: name.location)
    }
}
