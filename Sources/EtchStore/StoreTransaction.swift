@_spi(EtchCollections) import Etch

/// The changes of one ``Store/write(_:)``: inserts, updates and deletes of any model types,
/// applied all together when the body returns, or not at all.
///
/// Reads through a transaction see its own changes. Nothing it does is visible to the
/// store's other readers until it commits.
///
/// ```swift
/// try await store.write { tx in
///     try tx.insert(artist)
///     try tx.update(Album.self, id: "a1") { $0.copyWith(title: "Remastered") }
///     try tx.delete(Album.self, id: "a2")
/// }
/// ```
public final class StoreTransaction {
    /// The store's tables, as committed, by model type.
    private let tables: StoreTables
    /// The changes so far, by model type, in the order the types were first changed.
    private(set) var staged: [ObjectIdentifier: any StagedCommit] = [:]
    private(set) var stagedOrder: [ObjectIdentifier] = []
    /// Deletes of objects the table does not hold, which this transaction put earlier: the
    /// `@onDelete` rules apply to them too, while they are still deleted.
    private var deletedPuts: [(owner: any IdentifiedModel.Type, id: IndexKey, isDeleted: () -> Bool)] = []

    init(tables: StoreTables) {
        self.tables = tables
    }

    private func changes<Model: IdentifiedModel>(
        of type: Model.Type
    ) throws(StoreError) -> (ModelTable<Model>, StagedChanges<Model>) {
        let table = try tables.table(of: type)
        let key = ObjectIdentifier(type)
        if let existing = staged[key] as? StagedChanges<Model> { return (table, existing) }
        let created = StagedChanges<Model>(table: table)
        staged[key] = created
        stagedOrder.append(key)
        return (table, created)
    }

    /// The object with an id as this transaction sees it: its own changes first.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    public func object<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws(StoreError) -> Model? {
        let key = id.indexKey
        let table = try tables.table(of: type)
        if let change = (staged[ObjectIdentifier(type)] as? StagedChanges<Model>)?.change(for: key) { return change }
        return table.object(key)
    }

    /// Inserts an object, or replaces the one with the same id.
    ///
    /// An insert is an upsert: when the store (or this transaction) holds an object with
    /// the id, `object` replaces it, with no error. To add a copy of an object beside it,
    /// give the copy a new id with `copy(id:)`:
    ///
    /// ```swift
    /// try tx.insert(album.copyWith(title: "Live"))    // replaces album: same id
    /// try tx.insert(try album.copy(id: "b9"))          // a second album
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - localValues: Whether a replaced object's `@local` values carry over into `object`
    ///     (the default, as in `DataSource`), or `object` keeps its own.
    /// - Throws: ``StoreError/unknownModel(_:)``. A `@unique` violation is found when the
    ///   transaction commits, so an object may take a value another one gives up later.
    public func insert<Model: IdentifiedModel>(
        _ object: Model, localValues: LocalValuesPolicy = .carryOver
    ) throws(StoreError) {
        let (table, changes) = try changes(of: Model.self)
        put(object, localValues: localValues, in: table, changes)
    }

    /// Inserts or replaces several objects; when an id repeats, the last one wins.
    public func insert<Model: IdentifiedModel>(
        contentsOf objects: some Sequence<Model>, localValues: LocalValuesPolicy = .carryOver
    ) throws(StoreError) {
        let (table, changes) = try changes(of: Model.self)
        for object in objects { put(object, localValues: localValues, in: table, changes) }
    }

    /// Stages a put of `object`, with the `@local` values of the object it replaces when
    /// `localValues` carries them over. A model without `@local` fields has none to carry,
    /// so its objects are put without looking up the ones they replace.
    private func put<Model: IdentifiedModel>(
        _ object: Model, localValues: LocalValuesPolicy, in table: ModelTable<Model>, _ changes: StagedChanges<Model>
    ) {
        var object = object
        let id = object.id.indexKey
        if localValues == .carryOver, Model.LocalValues.self != NoLocalValues.self {
            // As `object(_:id:)` sees it: the transaction's own change first.
            let old = changes.change(for: id) ?? table.object(id)
            if let old { object = object.replacingLocalValues(old.localValues) }
        }
        changes.set(object, for: id)
    }

    /// Replaces the object with an id by what `transform` makes of it, `@local` values included.
    ///
    /// - Returns: The new object.
    /// - Throws: ``StoreError/notFound(model:id:)`` when there is no such object, and what
    ///   `transform` throws. A transform that changes the id moves the object to the new id.
    @discardableResult
    public func update<Model: IdentifiedModel>(
        _ type: Model.Type, id: Model.ID, _ transform: (Model) throws -> Model
    ) throws -> Model {
        guard let old = try object(type, id: id) else {
            throw StoreError.notFound(model: Model.modelName, id: id.indexKey.description)
        }
        let new = try transform(old)
        let (_, changes) = try changes(of: type)
        if new.id.indexKey != id.indexKey { stage(nil, for: id.indexKey, of: type) }
        changes.set(new, for: new.id.indexKey)
        return new
    }

    /// Deletes the object with an id.
    ///
    /// - Returns: The deleted object, or `nil` when there was none.
    @discardableResult
    public func delete<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws(StoreError) -> Model? {
        guard let old = try object(type, id: id) else { return nil }
        stage(nil, for: id.indexKey, of: type)
        return old
    }

    /// The object with an id key as this transaction sees it.
    func object<Model: IdentifiedModel>(id: IndexKey, of type: Model.Type) throws(StoreError) -> Model? {
        let table = try tables.table(of: type)
        if let change = (staged[ObjectIdentifier(type)] as? StagedChanges<Model>)?.change(for: id) { return change }
        return table.object(id)
    }

    /// The ids this transaction changed of a type.
    func stagedIDs<Model: IdentifiedModel>(of type: Model.Type) -> [IndexKey] {
        (staged[ObjectIdentifier(type)] as? StagedChanges<Model>)?.order ?? []
    }

    /// Records a put, or a deletion when `object` is `nil`, of an id key.
    func stage<Model: IdentifiedModel>(_ object: Model?, for id: IndexKey, of type: Model.Type) {
        guard let (table, changes) = try? changes(of: type) else { return }
        if object == nil, table.object(id) == nil, changes.change(for: id).flatMap({ $0 }) != nil {
            deletedPuts.append((Model.self, id, { changes.change(for: id) == .some(nil) }))
        }
        changes.set(object, for: id)
    }

    /// Applies the `@onDelete` rules of every reference to the objects this transaction
    /// deletes, including objects that a rule deletes in turn; then checks the `refuse` rules
    /// against what is left.
    func applyDeleteRules() throws(StoreError) {
        var done: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (owner, id) in deletions() where done.insert("\(owner.modelName) \(id)").inserted {
                for table in tables.all {
                    if try table.applyDeleteRules(owner: owner, deletedID: id, refusing: false, in: self) {
                        changed = true
                    }
                }
            }
        }
        for (owner, id) in deletions() {
            for table in tables.all {
                _ = try table.applyDeleteRules(owner: owner, deletedID: id, refusing: true, in: self)
            }
        }
    }

    /// The objects this transaction deletes, with their model types: those the store holds,
    /// then those the transaction put and deleted again (a child it put may refer to one).
    ///
    /// A transaction that deletes nothing, most of them, learns it without building a list:
    /// each type's changes say whether they stage a deletion before its type is looked up by
    /// name.
    private func deletions() -> [(any IdentifiedModel.Type, IndexKey)] {
        var found: [(any IdentifiedModel.Type, IndexKey)] = []
        for key in stagedOrder {
            guard let changes = staged[key] else { continue }
            let ids = changes.deletedIDs
            guard !ids.isEmpty, let owner = tables.type(named: changes.modelName) else { continue }
            for id in ids { found.append((owner, id)) }
        }
        for put in deletedPuts where put.isDeleted() { found.append((put.owner, put.id)) }
        return found
    }

    /// Deletes every object of a type.
    public func deleteAll<Model: IdentifiedModel>(_ type: Model.Type) throws(StoreError) {
        let (table, changes) = try changes(of: type)
        changes.clear(ids: Array(table.objects.keys))
    }
}
