extension SwiftRenderer {
    func renderUnion(_ union: SwiftUnionDescription, into writer: inout CodeWriter) {
        let access = union.access.prefix
        let conformances = union.idType == nil ? "Etch.ModelUnion" : "Etch.ModelUnion, Swift.Identifiable"
        writer.documentation(union.documentation)
        writer.block("\(access)enum \(union.name): \(conformances) {") { writer in
            for variant in union.variants {
                writer.documentation(
                    variant.documentation.isEmpty
                        ? ["A `\(variant.model)`, tagged \(Self.literal(variant.tag))."] : variant.documentation)
                writer.line("case \(variant.name)(\(variant.model))")
            }
            writer.line(
                "/// A variant this version of the schema does not know, kept whole and written back as it came.")
            writer.line("case unknown(Etch.UnknownVariant)")
            writer.blankLine()
            writer.line("/// The wire key whose value names the variant.")
            writer.line("\(access)static let discriminator = \(Self.literal(union.discriminator))")
            writer.blankLine()
            writer.line("/// The union's name and (empty) field table, for Etch: made once, not on every read.")
            writer.line("\(access)static let _schema = Etch._ModelSchema(\(Self.literal(union.name)), fields: [])")
            writer.blankLine()
            writer.line("/// Reads the variant `tag` names; an unknown tag keeps the whole object.")
            writer.block(
                "\(access)init(_tag tag: Swift.String?, dictionary: Etch.ModelDictionary) throws(Etch.ModelError) {"
            ) { writer in
                writer.line("switch tag {")
                for variant in union.variants {
                    writer.line(
                        "case \(Self.literal(variant.tag)): self = .\(variant.name)(try \(variant.model)(dictionary: dictionary))"
                    )
                }
                if let idType = union.idType {
                    writer.line("default:")
                    writer.indented { writer in
                        writer.line("let id = Etch.ModelField<\(idType.source)>(\"id\", key: \"id\")")
                        writer.line(
                            "self = .unknown(try Etch.UnknownVariant._read(dictionary, discriminator: Self.discriminator, id: id))"
                        )
                    }
                } else {
                    writer.line(
                        "default: self = .unknown(Etch.UnknownVariant._read(dictionary, discriminator: Self.discriminator))"
                    )
                }
                writer.line("}")
            }
            writer.blankLine()
            writer.line("/// The current variant, for Etch.")
            writer.block("\(access)var _variant: Etch._UnionVariant {") { writer in
                writer.line("switch self {")
                for variant in union.variants {
                    writer.line(
                        "case .\(variant.name)(let value): Etch._UnionVariant(\(Self.literal(variant.tag)), value)")
                }
                writer.line("case .unknown(let unknown): Etch._UnionVariant(unknown: unknown.dictionary)")
                writer.line("}")
            }
            if let idType = union.idType {
                writer.blankLine()
                writer.line("/// The variant's `id`.")
                writer.block("\(access)var id: \(idType.source) {") { writer in
                    writer.line("switch self {")
                    for variant in union.variants { writer.line("case .\(variant.name)(let value): value.id") }
                    writer.line(
                        "case .unknown(let unknown): unknown.dictionary[_checked: Etch.ModelField<\(idType.source)>(\"id\", key: \"id\")]"
                    )
                    writer.line("}")
                }
            }
        }
    }
}
