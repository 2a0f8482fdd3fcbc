/// The schema files of another module, whose models and enums a schema may use.
///
/// The plugin passes the schemas of the targets a target depends on, so an `App` target's
/// schema can use a `Core` target's `User`; the generated files then `import Core`.
///
/// ```swift
/// let core = ImportedSchema(module: "Core", sources: [SchemaSource(path: "User.etch", text: userText)])
/// let result = Schema(sources: [appSource], imports: [core]).checked()
/// ```
public struct ImportedSchema: Sendable, Hashable {
    /// The Swift module that declares the generated types, such as `Core`.
    public var module: String
    /// The module's schema files.
    public var sources: [SchemaSource]

    /// Makes an imported schema.
    public init(module: String, sources: [SchemaSource]) {
        self.module = module
        self.sources = sources
    }
}
