import EtchSchema

/// One generated Swift file.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name, such as `User.swift` for `User.etch`.
    public var name: String
    /// The Swift source text.
    public var contents: String

    /// Makes a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// What a generator run produced: the files when the schema had no errors, and every
/// diagnostic either way.
public struct GeneratorResult: Sendable {
    /// One file per schema file, in input order, then the registry (``GeneratorOptions/registryFileName``)
    /// when the options ask for it; empty when there were errors.
    public var files: [GeneratedFile]
    /// Every problem found in the schema.
    public var diagnostics: [Diagnostic]
}

/// The whole generator: parse -> check (EtchSchema) -> translate -> render.
///
/// ```swift
/// let result = GeneratorPipeline(options: GeneratorOptions(accessLevel: .internal))
///     .run([SchemaSource(path: "User.etch", text: text)])
/// for file in result.files { print(file.name) }   // User.swift
/// ```
public struct GeneratorPipeline: Sendable {
    /// The run's settings.
    public var options: GeneratorOptions

    /// Makes a pipeline.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// Runs every stage over the schema files of one target.
    ///
    /// - Parameters:
    ///   - sources: The target's schema files: one Swift file is generated for each.
    ///   - imports: The schemas of the modules the target depends on, whose types the
    ///     sources may use; nothing is generated for them.
    public func run(_ sources: [SchemaSource], imports: [ImportedSchema] = []) -> GeneratorResult {
        let checked = Schema(sources: sources, imports: imports).checked()
        guard let schema = checked.schema, !checked.diagnostics.containsErrors else {
            return GeneratorResult(files: [], diagnostics: checked.diagnostics)
        }
        return GeneratorResult(files: generate(schema), diagnostics: checked.diagnostics)
    }

    /// Runs the last two stages over a checked schema.
    public func generate(_ schema: CheckedSchema) -> [GeneratedFile] {
        let translator = SwiftTranslator(schema: schema, options: options)
        let files = schema.files.map(translator.translate)
        var generated = files.map { SwiftRenderer().render($0) }
        if options.generatesRegistry {
            generated.append(SwiftRenderer().renderRegistry(translator.registry(of: files)))
        }
        return generated
    }
}
