@_spi(EtchCollections) import Etch

/// A change to stored objects that a new schema needs and Etch cannot work out by itself —
/// splitting a field in two, computing a new required value — run once per store file, at
/// open, before the objects are read as their models.
///
/// Each migration has a name; a file records the names it ran, so a migration runs once per
/// file however often the store opens, and the migrations given at open run in their order.
/// All of them, and the opening, form one transaction: a migration that throws changes
/// nothing, and the store does not open.
///
/// ```swift
/// let split = StoreMigration("split-artist-names", model: "Artist") { old in
///     var new = old
///     let parts = (old["name"]?.stringValue ?? "").split(separator: " ", maxSplits: 1)
///     new["firstName"] = .string(String(parts.first ?? ""))
///     new["lastName"] = .string(parts.count > 1 ? String(parts[1]) : "")
///     return new                          // return nil to delete the object
/// }
/// let store = try Store(url: url, models: EtchModels.all, options: StoreOptions(migrations: [split]))
/// ```
public struct StoreMigration: Sendable {
    /// The migration's name, recorded in the file once it ran.
    public let name: String
    /// The name of the model whose objects it changes, as the file holds it.
    public let model: String
    /// Makes the new JSON object of one stored object from its old one, or nil to delete it.
    let transform: @Sendable (ModelDictionary) throws -> ModelDictionary?

    /// Makes a migration of the stored objects of a model, by the model's name in the file.
    ///
    /// - Parameters:
    ///   - name: A name unique among the app's migrations; the file records it.
    ///   - model: The model's name as the file holds it (before any `@renamed`).
    ///   - transform: The new JSON object of one stored object, or nil to delete the object.
    public init(
        _ name: String, model: String, transform: @escaping @Sendable (ModelDictionary) throws -> ModelDictionary?
    ) {
        self.name = name
        self.model = model
        self.transform = transform
    }

    /// Makes a migration of the stored objects of a model type.
    public init<Model: IdentifiedModel>(
        _ name: String, model: Model.Type, transform: @escaping @Sendable (ModelDictionary) throws -> ModelDictionary?
    ) {
        self.init(name, model: Model.modelName, transform: transform)
    }
}
