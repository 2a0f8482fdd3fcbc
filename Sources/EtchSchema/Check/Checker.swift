/// The third stage: resolves names across all files of a schema, checks every rule of the
/// schema language, and produces the ``CheckedSchema`` with its diagnostics.
///
/// It reports every problem it finds and keeps going; the schema it returns is meaningful
/// only when no error was reported.
///
/// ```swift
/// let trees = sources.map { Parser.parse($0).tree }
/// let (schema, diagnostics) = Checker.check(trees)
/// ```
public struct Checker {
    /// A type declared somewhere in the schema: the first declaration of its name.
    enum Declared {
        case model(ModelSyntax)
        case enumeration(EnumSyntax)
    }

    /// A `Ref<Model>` seen while resolving types, checked once every model is.
    struct PendingReference {
        var model: String
        var location: SourceLocation
    }

    let trees: [SyntaxTree]
    /// Every declared type by name (the first declaration wins).
    var declared: [String: Declared] = [:]
    /// The references to check at the end.
    var references: [PendingReference] = []
    /// "Did you mean" look-ups among type names and model names, made on first use.
    var typeNameSuggestions: SuggestionIndex?
    var modelNameSuggestions: SuggestionIndex?
    /// The problems found so far.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// Makes a checker over the parsed files of one schema.
    public init(trees: [SyntaxTree]) {
        self.trees = trees
    }

    /// Checks parsed files.
    ///
    /// - Returns: The checked schema (one file per tree, in order) and every problem found,
    ///   in the order found.
    public static func check(_ trees: [SyntaxTree]) -> (schema: CheckedSchema, diagnostics: [Diagnostic]) {
        var checker = Checker(trees: trees)
        let schema = checker.check()
        return (schema, checker.diagnostics)
    }

    /// Runs every check.
    public mutating func check() -> CheckedSchema {
        declareTypes()
        var files: [CheckedFile] = []
        for tree in trees {
            let fileKeyStyle = keyStyle(from: tree.attributes, on: "a file")
            var file = CheckedFile(path: tree.path, declarations: [])
            for declaration in tree.declarations {
                switch declaration {
                case .model(let model):
                    file.declarations.append(.model(checkModel(model, fileKeyStyle: fileKeyStyle)))
                case .enumeration(let enumeration):
                    file.declarations.append(.enumeration(checkEnum(enumeration)))
                }
            }
            files.append(file)
        }
        let schema = CheckedSchema(files: files)
        let models = firstModels(of: schema)
        checkReferences(models: models)
        checkCycles(models: models, in: schema)
        return schema
    }

    /// Records every type name, reporting reserved and duplicate ones.
    mutating func declareTypes() {
        var first: [String: SourceLocation] = [:]
        for tree in trees {
            for declaration in tree.declarations {
                let name = declaration.name
                checkTypeName(name)
                if let previous = first[name.text] {
                    error(
                        "invalid redeclaration of '\(name.text)'", at: name.location,
                        notes: [Diagnostic(.note, "'\(name.text)' first declared here", at: previous)])
                    continue
                }
                first[name.text] = name.location
                switch declaration {
                case .model(let model): declared[name.text] = .model(model)
                case .enumeration(let enumeration): declared[name.text] = .enumeration(enumeration)
                }
            }
        }
    }

    /// The checked model for each name, from its first declaration.
    func firstModels(of schema: CheckedSchema) -> [String: CheckedModel] {
        var models: [String: CheckedModel] = [:]
        for file in schema.files {
            for case .model(let model) in file.declarations where models[model.name] == nil {
                models[model.name] = model
            }
        }
        return models
    }

    // MARK: - Reporting

    /// Records an error.
    mutating func error(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) {
        diagnostics.append(Diagnostic(.error, message, at: location, notes: notes))
    }

    /// Records a warning.
    mutating func warning(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) {
        diagnostics.append(Diagnostic(.warning, message, at: location, notes: notes))
    }
}
