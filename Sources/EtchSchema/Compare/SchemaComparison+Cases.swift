extension SchemaComparison.Context {
    /// A case of an enum or a union as stored data knows it: by the string the data holds,
    /// its raw value or its tag.
    struct StoredCase {
        /// The case name.
        var name: String
        /// The raw value or the tag.
        var stored: String
        /// The case as the schema writes it with `stored`: `case guest = "visitor"`.
        var spelling: String
        /// Where it is declared.
        var location: SourceLocation?
    }

    /// A type with cases, as the comparison reports on it.
    struct CaseOwner {
        /// The type's name.
        var name: String
        /// Where the type is declared.
        var location: SourceLocation
        /// Its cases.
        var cases: [StoredCase]
        /// What the data holds for a case: `raw value` or `tag`.
        var storedName: String
        /// How the unknown case keeps what it reads: `as unknown values`, `whole`.
        var keeps: String
    }

    /// The changes to an enum that stored raw values cannot take: a raw value no case has
    /// any more reads as the enum's `unknown` case.
    func changes(from old: CheckedEnum, to new: CheckedEnum) -> [Diagnostic] {
        func owner(_ enumeration: CheckedEnum) -> CaseOwner {
            let cases = enumeration.cases.map {
                StoredCase(
                    name: $0.name, stored: $0.rawValue, spelling: "case \($0.name) = \"\($0.rawValue)\"",
                    location: $0.location)
            }
            return CaseOwner(
                name: enumeration.name, location: enumeration.location, cases: cases, storedName: "raw value",
                keeps: "as unknown values")
        }
        return lostCases(from: owner(old), to: owner(new))
    }

    /// The changes to a union that stored values cannot take: a tag no case has any more,
    /// or a new discriminator, reads as the union's `unknown` case; a case whose model
    /// cannot read the stored one reads nothing.
    func changes(from old: CheckedUnion, to new: CheckedUnion) -> [Diagnostic] {
        func owner(_ union: CheckedUnion) -> CaseOwner {
            let cases = union.variants.map {
                StoredCase(
                    name: $0.name, stored: $0.tag, spelling: "case \($0.name)(\($0.model)) = \"\($0.tag)\"",
                    location: $0.location)
            }
            return CaseOwner(
                name: union.name, location: union.location, cases: cases, storedName: "tag", keeps: "whole")
        }
        if old.discriminator != new.discriminator {
            return [
                Diagnostic(
                    .error,
                    "discriminator of union '\(new.name)' changed from \"\(old.discriminator)\" to "
                        + "\"\(new.discriminator)\": every stored value would read as '\(new.name).unknown' (the data "
                        + "keeps them whole); keep '(discriminator: \"\(old.discriminator)\")', or register a migration",
                    at: new.location)
            ]
        }
        var diagnostics = lostCases(from: owner(old), to: owner(new))
        let oldModels = Dictionary(old.variants.map { ($0.tag, $0.model) }, uniquingKeysWith: { first, _ in first })
        for variant in new.variants {
            guard let oldModel = oldModels[variant.tag], !reads(.model(oldModel), as: .model(variant.model)) else {
                continue
            }
            diagnostics.append(
                Diagnostic(
                    .error,
                    "case '\(new.name).\(variant.name)' (tag \"\(variant.tag)\") holds '\(variant.model)' where stored "
                        + "values hold '\(oldModel)'; keep '\(oldModel)', give '\(variant.model)' a new tag, or "
                        + "register a migration",
                    at: variant.location ?? new.location))
        }
        return diagnostics
    }

    /// The cases whose stored string no case of the new type has: changed, reported at the
    /// case of the same name, or removed, reported where the old type declares it.
    func lostCases(from old: CaseOwner, to new: CaseOwner) -> [Diagnostic] {
        let current = Set(new.cases.map(\.stored))
        var diagnostics: [Diagnostic] = []
        for oldCase in old.cases where !current.contains(oldCase.stored) {
            let consequence =
                "stored \"\(oldCase.stored)\" values would read as '\(new.name).unknown' (the data keeps them "
                + "\(new.keeps))"
            if let renamed = new.cases.first(where: { $0.name == oldCase.name }) {
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "\(new.storedName) of case '\(new.name).\(renamed.name)' changed from \"\(oldCase.stored)\" to "
                            + "\"\(renamed.stored)\": \(consequence); keep '\(oldCase.spelling)', or register a migration",
                        at: renamed.location ?? new.location))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "case '\(old.name).\(oldCase.name)' (\(new.storedName) \"\(oldCase.stored)\") was removed: "
                            + "\(consequence); keep the case, or register a migration",
                        at: oldCase.location ?? old.location,
                        notes: [Diagnostic(.note, "'\(new.name)' declared here", at: new.location)]))
            }
        }
        return diagnostics
    }
}
