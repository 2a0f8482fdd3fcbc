/// The stage that compares a schema with its released version, the one data already
/// stored was written with, and reports each change that data cannot take: what
/// `etch check --against` prints, as `buf breaking` does for Protocol Buffers.
///
/// Models and fields are matched by name and wire key, following `@renamed(from:)`. A
/// removed model or field is no error: its objects, or its values under an undeclared
/// key, stay in the data. An added `@unique` is a warning, since stored objects may hold
/// duplicates.
///
/// ```swift
/// let current = Schema(sources: sources).checked().schema!
/// let released = Schema(sources: releasedSources).checked().schema!
/// for diagnostic in current.breakingChanges(against: released) { print(diagnostic) }
/// // User.etch:5:9: error: new field 'User.age' is required, and objects stored without 'age' …
/// ```
public struct SchemaComparison: Sendable {
    /// The schema as it is now.
    public var current: CheckedSchema
    /// The schema the stored data was written with.
    public var released: CheckedSchema

    /// Makes a comparison of two checked schemas.
    public init(current: CheckedSchema, released: CheckedSchema) {
        self.current = current
        self.released = released
    }

    /// Every change stored data cannot take: errors, and warnings for what may not hold.
    ///
    /// - Returns: The diagnostics in file, line and column order, the current schema's
    ///   files first; a removed enum or union case is reported where the released schema
    ///   declares it.
    public func breakingChanges() -> [Diagnostic] {
        let context = Context(current: current, released: released)
        var diagnostics: [Diagnostic] = []
        for file in current.files {
            for declaration in file.declarations {
                switch declaration {
                case .model(let model):
                    if let old = context.releasedModel(matching: model) {
                        diagnostics += context.changes(from: old, to: model)
                    }
                case .enumeration(let enumeration):
                    if let old = context.releasedEnums[enumeration.name] {
                        diagnostics += context.changes(from: old, to: enumeration)
                    }
                case .union(let union):
                    if let old = context.releasedUnions[union.name] {
                        diagnostics += context.changes(from: old, to: union)
                    }
                }
            }
        }
        let fileOrder = current.files.map(\.path) + released.files.map(\.path)
        return Schema.sorted(diagnostics, fileOrder: fileOrder)
    }
}

extension CheckedSchema {
    /// Every change from `released` that data stored with it cannot take; see
    /// ``SchemaComparison``.
    public func breakingChanges(against released: CheckedSchema) -> [Diagnostic] {
        SchemaComparison(current: self, released: released).breakingChanges()
    }
}

extension SchemaComparison {
    /// The two schemas' declarations by name, and which released model each current one is.
    struct Context {
        var releasedModels: [String: CheckedModel] = [:]
        var releasedEnums: [String: CheckedEnum] = [:]
        var releasedUnions: [String: CheckedUnion] = [:]
        var currentEnums: [String: CheckedEnum] = [:]
        /// The current name of each released model that a current model continues.
        var currentModelNames: [String: String] = [:]

        init(current: CheckedSchema, released: CheckedSchema) {
            for file in released.files {
                for declaration in file.declarations {
                    switch declaration {
                    case .model(let model): releasedModels[model.name] = model
                    case .enumeration(let enumeration): releasedEnums[enumeration.name] = enumeration
                    case .union(let union): releasedUnions[union.name] = union
                    }
                }
            }
            for file in current.files {
                for declaration in file.declarations {
                    switch declaration {
                    case .model(let model):
                        if let old = releasedModel(matching: model) { currentModelNames[old.name] = model.name }
                    case .enumeration(let enumeration): currentEnums[enumeration.name] = enumeration
                    case .union: continue
                    }
                }
            }
        }

        /// The released model a current one continues: the one of the same name, or else
        /// the first one `@renamed(from:)` names.
        func releasedModel(matching model: CheckedModel) -> CheckedModel? {
            releasedModels[model.name] ?? model.renamedFrom.lazy.compactMap { releasedModels[$0] }.first
        }
    }
}
