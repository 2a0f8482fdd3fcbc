@_spi(EtchCollections) import Etch

/// The objects of one model type in a store, by id, with the model's indexes.
///
/// Owned by its store's actor, which is the only code that reads or changes it.
final class ModelTable<Model: IdentifiedModel> {
    /// The objects and indexes, a value that snapshots share.
    private(set) var contents = TableContents<Model>(indexes: Model._indexes.map { IndexState($0) })
    /// ``contents`` boxed for the last snapshot, until the next change.
    private var box: TableContentsBox<Model>?
    /// The indexes of the inverse relations that refer to this model, by relation key
    /// (`Artist.albums`), made when a relation is first read.
    private(set) var relationIndexes: [String: RelationIndex<Model>] = [:]
    /// Whether ``relationIndexes`` holds any: asked on every commit, where asking the
    /// dictionary, in this code that is not specialized, looks its generic type up at run time.
    private(set) var hasRelationIndexes = false
    /// The change streams, live queries and observed objects of the type, by number: each a
    /// ``TableObserver`` of `Model`, kept as `AnyObject` so that adding and removing one runs
    /// the dictionary's specialized code, which this generic class would not.
    private var observers: [Int: AnyObject] = [:]
    private var nextObserver = 0

    init() {}

    /// Ends every change stream when the store, the tables' only owner, goes away.
    deinit { finishObservers() }

    /// The contents as of now, boxed for a snapshot; the box is made again only after a change.
    /// - Complexity: O(1).
    var snapshotBox: TableContentsBox<Model> {
        if let box { return box }
        let made = TableContentsBox(contents)
        box = made
        return made
    }

    /// The objects by id key.
    var objects: PersistentMap<IndexKey, HeldObject> { contents.objects }
    /// The schema's indexes, then the ones added at runtime.
    var indexes: [IndexState<Model>] { contents.indexes }

    /// The number of objects.
    var count: Int { contents.count }

    /// The object with an id key.
    func object(_ id: IndexKey) -> Model? { contents.object(id) }

    /// The objects with these id keys, in their order; ids without an object are skipped.
    func objects(_ ids: [IndexKey]) -> [Model] { contents.objects(ids) }

    /// Every object, in id order.
    /// - Complexity: O(*n*).
    func allInIDOrder() -> [Model] { contents.allInIDOrder() }

    /// Applies a commit's changes to the contents: one by one, or, for a commit that changes
    /// a large part of the table (an import), by building the table again in bulk, which
    /// sorts each index once instead of inserting into it once per object.
    ///
    /// The relation indexes are left for ``updateRelations(_:replaced:)``, after the commit's
    /// snapshot is published: no snapshot holds them.
    ///
    /// - Returns: The object each change replaced, in order, when the table has relation
    ///   indexes or applied the changes one by one; else none.
    /// - Complexity: O(*k* log *n*) for *k* changes, or O((*n* + *k*) log (*n* + *k*)) in bulk.
    func apply(_ changes: [(id: IndexKey, new: Model?)]) -> [Model?] {
        box = nil
        guard changes.count >= Self.bulkThreshold, changes.count * 4 >= contents.count else {
            return changes.map { contents.set($0.new, for: $0.id) }
        }
        let replaced = hasRelationIndexes ? changes.map { contents.object($0.id) } : []
        // The objects kept as they are held: one read at open and not since stays as bytes.
        var kept: [HeldObject] = []
        kept.reserveCapacity(contents.count)
        // An empty table (an import) keeps nothing: no set of the changed ids to look in.
        if contents.count > 0 {
            var changed = Set<IndexKey>()
            changed.reserveCapacity(changes.count)
            for change in changes { changed.insert(change.id) }
            contents.idOrderedMembers.forEach(in: 0..<contents.count) { member in
                if !changed.contains(member.id) { kept.append(member.object) }
                return true
            }
        }
        let added = changes.compactMap(\.new)
        let indexes = contents.indexes.map(\.index)
        contents =
            TableContents.loading(LoadedObjects(held: kept, added: added, indexes: indexes), indexes: indexes)
            .contents
        return replaced
    }

    /// Brings the relation indexes up to date with changes ``apply(_:)`` made, given what it
    /// returned.
    func updateRelations(_ changes: [(id: IndexKey, new: Model?)], replaced: [Model?]) {
        guard hasRelationIndexes else { return }
        for key in relationIndexes.keys {
            for (change, old) in zip(changes, replaced) {
                if let old { relationIndexes[key]!.remove(old) }
                if let new = change.new { relationIndexes[key]!.insert(new) }
            }
        }
    }

    /// The fewest changes a commit applies in bulk (when they are also a quarter of the table).
    static var bulkThreshold: Int { 2_048 }

    /// Adds an observer; returns its number, for ``removeObserver(_:)``.
    func addObserver(_ observer: TableObserver<Model>) -> Int {
        nextObserver += 1
        observers[nextObserver] = observer
        return nextObserver
    }

    /// Ends an observation whose consumer stopped.
    func removeObserver(_ number: Int) {
        observers[number] = nil
    }

    /// The number of live observations.
    var observerCount: Int { observers.count }

    /// Tells every observer about a committed change.
    func publish(_ change: StoreChange<Model>) {
        for observer in observers.values { unsafeDowncast(observer, to: TableObserver<Model>.self).receive(change) }
    }

    /// Ends every observation, when the store goes away.
    func finishObservers() {
        for observer in observers.values { unsafeDowncast(observer, to: TableObserver<Model>.self).finish() }
        observers = [:]
    }

    /// Fills an empty table with many objects at once, building each index in one pass,
    /// unless two objects hold one value of a `@unique` index, as a file written before the
    /// index was declared may.
    ///
    /// - Throws: ``StoreError/uniqueViolation(model:field:value:existingID:newID:)`` naming
    ///   the value and both ids, the smaller id as the holder; the table stays empty.
    /// - Complexity: O(*n* log *n*).
    func load(_ loaded: [Model]) throws(StoreError) {
        try load(LoadedObjects(loaded, indexes: indexes.map(\.index)))
    }

    /// Fills the empty table with objects read with their keys for the table's indexes
    /// (``indexes``), building each index in bulk.
    ///
    /// - Throws: as ``load(_:)-([Model])``.
    func load(_ loaded: LoadedObjects) throws(StoreError) {
        precondition(contents.count == 0, "a table is loaded once, when it is empty")
        let (built, duplicate) = TableContents.loading(loaded, indexes: indexes.map(\.index))
        if let (index, found) = duplicate {
            throw StoreError.uniqueViolation(
                model: Model.modelName, field: index.value.name, value: found.value.description,
                existingID: found.holder.description, newID: found.other.description)
        }
        box = nil
        contents = built
    }

    /// The index of a relation, built over the objects held now the first time it is asked for.
    /// - Complexity: O(*n*) the first time, O(1) after.
    func relationIndex(
        _ key: String, order: [SortKey<Model>] = [], ownerKeys: @escaping @Sendable (Model) -> [IndexKey]
    ) -> RelationIndex<Model> {
        if let existing = relationIndexes[key] { return existing }
        var index = RelationIndex(ownerKeys: ownerKeys, order: order)
        objects.forEachEntry { _, object in index.insert(Model(held: object)) }
        relationIndexes[key] = index
        hasRelationIndexes = true
        return index
    }

    /// Adds an index at runtime, built over the objects held now.
    ///
    /// - Throws: ``StoreError/duplicateIndex(model:name:)`` when the name is taken by an
    ///   index of the same kind; ``StoreError/uniqueViolation(model:field:value:existingID:newID:)``
    ///   when a unique index would hold two objects for one value. The table is unchanged then.
    func addIndex(_ index: ModelIndex<Model>) throws(StoreError) {
        if indexes.contains(where: { $0.index.name == index.name && $0.index.kind == index.kind }) {
            throw StoreError.duplicateIndex(model: Model.modelName, name: index.name)
        }
        var state = IndexState(index)
        for id in objects.keys.sorted() {
            let held = objects[id]!
            let object = Model(held: held)
            let key = index.value.key(object)
            if index.kind == .unique, key != .null, let holder = state.holder(of: key) {
                throw StoreError.uniqueViolation(
                    model: Model.modelName, field: index.value.name, value: key.description,
                    existingID: holder.description, newID: id.description)
            }
            state.insert(object, held: held, id: id)
        }
        box = nil
        contents.indexes.append(state)
    }
}
