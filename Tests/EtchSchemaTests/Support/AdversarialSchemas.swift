/// Generated schemas that once crashed the checker or took quadratic time (issue 10); the
/// same shapes as `Scripts/adversarial-schemas.sh` writes for timing `etch check`.
enum AdversarialSchemas {
    /// `count` models, each holding the next one inline; the last holds the first when
    /// `closed`, else only an `id`.
    static func chain(_ count: Int, closed: Bool) -> String {
        var text = ""
        for index in 0..<count {
            if index == count - 1, !closed {
                text += "model M\(index) {\n    let id: String\n}\n"
            } else {
                text += "model M\(index) {\n    let next: M\((index + 1) % count)\n}\n"
            }
        }
        return text
    }

    /// `count` models named `Model00000`, …, each with a field of a misspelled type
    /// `Modl…` (one letter missing) naming another of them.
    static func misspelled(_ count: Int) -> String {
        var text = ""
        for index in 0..<count {
            text += "model \(name(index)) {\n    let id: String\n    let x: Modl\(digits((index * 7919) % count))\n}\n"
        }
        return text
    }

    /// `count` models named `Model00000`, …, each with an inverse relation of a misspelled
    /// model `Modl…` naming another of them.
    static func misspelledInverses(_ count: Int) -> String {
        var text = ""
        for index in 0..<count {
            text +=
                "model \(name(index)) {\n    let id: String\n    inverse xs: [Modl\(digits((index * 7919) % count))] via x\n}\n"
        }
        return text
    }

    /// An enum with `count` cases `value00000`, …, and `count` models, each with a field of
    /// that enum whose default names a misspelled case `.valu…`.
    static func misspelledEnumDefaults(_ count: Int) -> String {
        var text = "enum Kind: String {\n"
        for index in 0..<count { text += "    case value\(digits(index))\n" }
        text += "}\n"
        for index in 0..<count {
            text += "model \(name(index)) {\n    let kind: Kind = .valu\(digits((index * 7919) % count))\n}\n"
        }
        return text
    }

    /// `count` models named `Model00000`, …, and a union of `count` cases, each holding a
    /// misspelled model `Modl…`.
    static func misspelledUnionVariants(_ count: Int) -> String {
        var text = ""
        for index in 0..<count { text += "model \(name(index)) {\n    let id: String\n}\n" }
        text += "union Item(discriminator: \"type\") {\n"
        for index in 0..<count { text += "    case c\(digits(index))(Modl\(digits((index * 7919) % count)))\n" }
        return text + "}\n"
    }

    /// One model with `count` fields `field00000`, …, each `@sorted` and grouped by the next
    /// one, misspelled (`fild…`) when `misspelled`.
    static func wideModel(_ count: Int, misspelled: Bool) -> String {
        var text = "model Wide {\n"
        for index in 0..<count {
            let group = (misspelled ? "fild" : "field") + digits((index + 1) % count)
            text += "    @sorted(groupBy: \(group)) let field\(digits(index)): Date\n"
        }
        return text + "}\n"
    }

    /// A model with a name of `length` letters, and a model whose ten fields name it with
    /// its last letter wrong.
    static func longName(_ length: Int) -> String {
        let name = String(repeating: "a", count: length)
        var text = "model \(name) {\n    let id: String\n}\nmodel Long {\n"
        for index in 0..<10 { text += "    let f\(index): \(name.dropLast())b\n" }
        return text + "}\n"
    }

    /// A field of type `String` followed by `count` question marks.
    static func optionals(_ count: Int) -> String {
        "model A {\n    let x: String" + String(repeating: "?", count: count) + "\n}"
    }

    /// `Model` and five digits.
    static func name(_ index: Int) -> String { "Model" + digits(index) }

    /// Five digits, with leading zeros.
    static func digits(_ index: Int) -> String {
        let text = String(index)
        return String(repeating: "0", count: max(0, 5 - text.count)) + text
    }
}
