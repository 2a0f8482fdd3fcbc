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
        case union(UnionSyntax)
    }

    /// A `Ref<Model>` seen while resolving types, checked once every model is.
    struct PendingReference {
        var model: String
        var location: SourceLocation
    }

    let trees: [SyntaxTree]
    /// The files of imported schemas: their types may be used, they are not generated.
    let imports: [ImportedTree]
    /// Every declared type by name (the first declaration wins), imported ones included.
    var declared: [String: Declared] = [:]
    /// The module of each imported type, by name.
    var importedModules: [String: String] = [:]
    /// The references to check at the end.
    var references: [PendingReference] = []
    /// "Did you mean" look-ups among type names and model names, made on first use.
    var typeNameSuggestions: SuggestionIndex?
    var modelNameSuggestions: SuggestionIndex?
    /// "Did you mean" look-ups among the cases of each enum and the fields of each model, by
    /// the type's name, made on first use.
    var caseNameSuggestions: [String: SuggestionIndex] = [:]
    var fieldNameSuggestions: [String: SuggestionIndex] = [:]
    /// The old model names `@renamed` has claimed so far, where each is written.
    var oldModelNames: [String: SourceLocation] = [:]
    /// The case names of each enum a default names, made on first use.
    var enumCaseNames: [String: Set<String>] = [:]
    /// The problems found so far.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// Makes a checker over the parsed files of one schema and of the schemas it imports.
    public init(trees: [SyntaxTree], imports: [ImportedTree] = []) {
        self.trees = trees
        self.imports = imports
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
        declareTypes(after: declareImportedTypes())
        var files: [CheckedFile] = []
        var unions: [(file: Int, position: Int, syntax: UnionSyntax)] = []
        for tree in trees {
            let fileKeyStyle = keyStyle(from: tree.attributes, on: "a file")
            var file = CheckedFile(path: tree.path, declarations: [])
            for declaration in tree.declarations {
                switch declaration {
                case .model(let model):
                    file.declarations.append(.model(checkModel(model, fileKeyStyle: fileKeyStyle)))
                case .enumeration(let enumeration):
                    file.declarations.append(.enumeration(checkEnum(enumeration)))
                case .union(let union):
                    // Checked once every model is, as variants are models.
                    unions.append((files.count, file.declarations.count, union))
                }
            }
            files.append(file)
        }
        let imports = checkImportedFiles()
        let models = firstModels(of: CheckedSchema(files: files, imports: imports))
        for union in unions.reversed() {
            files[union.file].declarations.insert(.union(checkUnion(union.syntax, models: models)), at: union.position)
        }
        checkInverses(in: &files, models: models)
        for index in files.indices { files[index].importedModules = modulesUsed(by: files[index]) }
        let schema = CheckedSchema(files: files, imports: imports)
        checkReferences(models: models)
        checkCycles(models: models, in: schema)
        return schema
    }

    /// Records every type name, reporting reserved and duplicate ones.
    ///
    /// - Parameter imported: Where each imported type is declared.
    mutating func declareTypes(after imported: [String: SourceLocation] = [:]) {
        var first = imported
        for tree in trees {
            for declaration in tree.declarations {
                let name = declaration.name
                checkTypeName(name)
                if let module = importedModules[name.text], let previous = imported[name.text] {
                    error(
                        "'\(name.text)' is already declared in module '\(module)', whose schema this target imports",
                        at: name.location,
                        notes: [Diagnostic(.note, "'\(name.text)' declared here", at: previous)])
                    continue
                }
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
                case .union(let union): declared[name.text] = .union(union)
                }
            }
        }
    }

    /// The checked model for each name, from its first declaration, imported ones included.
    func firstModels(of schema: CheckedSchema) -> [String: CheckedModel] {
        var models: [String: CheckedModel] = [:]
        for file in schema.files + schema.imports.flatMap(\.files) {
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
