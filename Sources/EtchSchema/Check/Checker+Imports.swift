/// One parsed file of an imported schema, with the module that declares its types.
public struct ImportedTree: Sendable, Hashable {
    /// The Swift module of the generated types, such as `Core`.
    public var module: String
    /// The parsed file.
    public var tree: SyntaxTree

    /// Makes an imported file.
    public init(module: String, tree: SyntaxTree) {
        self.module = module
        self.tree = tree
    }
}

extension Checker {
    /// Records the types of the imported schemas, so this schema's fields can use them.
    ///
    /// - Returns: Where each imported type is declared (the first declaration wins).
    mutating func declareImportedTypes() -> [String: SourceLocation] {
        var locations: [String: SourceLocation] = [:]
        for imported in imports {
            for declaration in imported.tree.declarations where locations[declaration.name.text] == nil {
                let name = declaration.name
                locations[name.text] = name.location
                importedModules[name.text] = imported.module
                switch declaration {
                case .model(let model): declared[name.text] = .model(model)
                case .enumeration(let enumeration): declared[name.text] = .enumeration(enumeration)
                case .union(let union): declared[name.text] = .union(union)
                }
            }
        }
        return locations
    }

    /// Checks the imported files for what this schema needs of them (fields, ids, wire
    /// keys), dropping their own diagnostics: their module's build reports those.
    mutating func checkImportedFiles() -> [CheckedImport] {
        let diagnosticCount = diagnostics.count
        let referenceCount = references.count
        var result: [CheckedImport] = []
        for imported in imports {
            let fileKeyStyle = keyStyle(from: imported.tree.attributes, on: "a file")
            var file = CheckedFile(path: imported.tree.path, declarations: [])
            for declaration in imported.tree.declarations
            where importedModules[declaration.name.text] == imported.module {
                switch declaration {
                case .model(let model):
                    file.declarations.append(.model(checkModel(model, fileKeyStyle: fileKeyStyle)))
                case .enumeration(let enumeration):
                    file.declarations.append(.enumeration(checkEnum(enumeration)))
                case .union:
                    // Its variants are checked by its own module; a field here only needs its name.
                    continue
                }
            }
            if let last = result.indices.last, result[last].module == imported.module {
                result[last].files.append(file)
            } else {
                result.append(CheckedImport(module: imported.module, files: [file]))
            }
        }
        diagnostics.removeSubrange(diagnosticCount...)
        references.removeSubrange(referenceCount...)
        return result
    }

    /// The modules whose types a file's fields use, sorted.
    func modulesUsed(by file: CheckedFile) -> [String] {
        var names: [String] = []
        for declaration in file.declarations {
            switch declaration {
            case .model(let model):
                names += model.fields.flatMap { Self.typeNames(in: $0.type) } + model.inverses.map(\.model)
            case .union(let union):
                names += union.variants.map(\.model)
            case .enumeration:
                continue
            }
        }
        return Set(names.compactMap { importedModules[$0] }).sorted()
    }

    /// The names of the declared types a field type mentions.
    static func typeNames(in type: FieldType) -> [String] {
        switch type {
        case .scalar: []
        case .optional(let inner), .array(let inner), .dictionary(let inner): typeNames(in: inner)
        case .model(let name), .enumeration(let name), .ref(let name), .union(let name): [name]
        }
    }
}
