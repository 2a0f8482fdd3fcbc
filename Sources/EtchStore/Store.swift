import Etch
import Foundation

/// A context holding objects of many model types by id, with the schema's indexes, queries
/// and all-or-nothing transactions; in memory, or persisted in an SQLite file.
///
/// A store is made with the model types it holds — the generated `EtchModels.all` lists a
/// target's — and keeps every `@index`, `@unique` and `@sorted` field of their schemas
/// indexed, updated in the same commit as the change. Any number of independent stores
/// may exist.
///
/// ```swift
/// let store = try Store(url: cacheURL, models: EtchModels.all)
/// try await store.write { tx in
///     try tx.insert(Artist(id: "a1", name: "Nina Simone", slug: "nina"))
///     try tx.insert(Album(id: "b1", title: "Pastel Blues", artist: Ref(id: "a1"), year: 1965))
/// }
/// try await store.unique(Artist.self, \.slug, "nina")?.name   // "Nina Simone"
/// try await store.count(Album.self)                           // 1
/// ```
///
/// A file-backed store writes each commit, and only what it changed, in one SQLite
/// transaction before ``write(_:)`` returns: a commit that returned survives a crash.
public actor Store {
    let tables: StoreTables
    let file: StoreFile?
    /// The number of the last commit.
    var commitCount = 0

    /// Makes an empty store in memory.
    ///
    /// - Parameter models: The model types the store holds, such as `EtchModels.all`.
    /// - Throws: ``StoreError/duplicateModel(_:)`` when two types share a model name.
    public init(models: [any IdentifiedModel.Type]) throws(StoreError) {
        tables = try StoreTables(models: models)
        file = nil
    }

    /// Opens the store in an SQLite file, or creates it.
    ///
    /// Objects of models the store is not made with stay in the file untouched, so an app
    /// that drops a model type does not lose its objects.
    ///
    /// - Parameters:
    ///   - url: The file. Its directory must exist.
    ///   - models: The model types the store holds, such as `EtchModels.all`.
    /// - Throws: ``StoreError/damagedFile(path:reason:)`` for a file that is not a store;
    ///   ``StoreError/newerFileFormat(path:version:supported:)`` for one a newer Etch wrote;
    ///   ``StoreError/unreadableObject(model:id:reason:)`` for an object that no longer
    ///   reads as its model. The file is never changed or replaced then.
    public init(url: URL, models: [any IdentifiedModel.Type]) throws(StoreError) {
        let tables = try StoreTables(models: models)
        let file = try StoreFile(url: url)
        do throws(StoreError) {
            var byModel: [String: [StoredRecord]] = [:]
            for record in try file.readAll() where tables.byName[record.model] != nil {
                byModel[record.model, default: []].append(record)
            }
            for (name, records) in byModel { try tables.byName[name]?.load(records) }
        } catch {
            file.close()
            throw error
        }
        self.tables = tables
        self.file = file
    }

    // No deinit: the tables end their change streams in their own deinits, and the file's
    // connection closes when it is dropped. An `isolated deinit` here made every optimized
    // (-O) client that releases a store fail to compile with "circular reference" (an
    // ActorIsolationRequest cycle on `Store.deinit`, Swift 6.3.1).

    // MARK: - Reads

    /// The object of a type with an id.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    /// - Complexity: O(1).
    public func object<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws(StoreError) -> Model? {
        try tables.table(of: type).object(id.indexKey)
    }

    /// The object a reference points to, or `nil` when it dangles.
    public func resolve<Model: IdentifiedModel>(_ reference: Ref<Model>) throws(StoreError) -> Model? {
        try object(Model.self, id: reference.id)
    }

    /// Every object of a type, in id order.
    /// - Complexity: O(*n*) when no object of the type was added or deleted since the last
    ///   call; O(*n* log *n*) else.
    public func objects<Model: IdentifiedModel>(_ type: Model.Type) throws(StoreError) -> [Model] {
        try tables.table(of: type).allInIDOrder()
    }

    /// The number of objects of a type.
    public func count<Model: IdentifiedModel>(_ type: Model.Type) throws(StoreError) -> Int {
        try tables.table(of: type).count
    }

    /// The number of objects of every type.
    public var count: Int { tables.all.reduce(0) { $0 + $1.count } }

    /// The approximate memory the objects take, in bytes: their JSON sizes and their values
    /// (ModelKit's `contextSize`).
    /// - Complexity: O(total size): each object is measured when asked.
    public var approximateSize: Int { tables.all.reduce(0) { $0 + $1.approximateSize } }

    /// The path of the store's file, or `nil` for a store in memory.
    public var path: String? { file?.path }
}
