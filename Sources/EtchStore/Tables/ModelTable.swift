import Etch

/// The objects of one model type in a store, by id, with the model's indexes.
///
/// Owned by its store's actor, which is the only code that reads or changes it.
final class ModelTable<Model: IdentifiedModel> {
    /// The objects by id key.
    private(set) var objects: [IndexKey: Model] = [:]
    /// The ids of `objects`, ascending, once ``allInIDOrder`` or ``load(_:)`` has sorted them;
    /// `nil` after an id comes or goes. Replacing an object keeps them.
    private var sortedIDs: [IndexKey]?
    /// The schema's indexes, then the ones added at runtime.
    private(set) var indexes: [IndexState<Model>]
    /// The indexes of the inverse relations that refer to this model, by relation key
    /// (`Artist.albums`), made when a relation is first read.
    private(set) var relationIndexes: [String: RelationIndex<Model>] = [:]
    /// The change streams, live queries and observed objects of the type, by number.
    private var observers: [Int: TableObserver<Model>] = [:]
    private var nextObserver = 0

    init() {
        indexes = Model._indexes.map { IndexState($0) }
    }

    /// Ends every change stream when the store, the tables' only owner, goes away.
    deinit { finishObservers() }

    /// The number of objects.
    var count: Int { objects.count }

    /// The object with an id key.
    func object(_ id: IndexKey) -> Model? { objects[id] }

    /// The objects with these id keys, in their order; ids without an object are skipped.
    ///
    /// One loop over the table's own dictionary, rather than `ids.compactMap(object)`: this
    /// code is generic over the model and not specialized, and through a closure each lookup
    /// fetched the dictionary's type metadata again, which cost more than the lookup.
    func objects(_ ids: [IndexKey]) -> [Model] {
        let objects = objects
        var found: [Model] = []
        found.reserveCapacity(ids.count)
        for id in ids {
            if let object = objects[id] { found.append(object) }
        }
        return found
    }

    /// Every object, in id order.
    ///
    /// The ids are sorted once, and again only after an id comes or goes: a list read again
    /// and again while its objects change in place is not sorted each time.
    ///
    /// - Complexity: O(*n*) when no id came or went since the last call; O(*n* log *n*) else.
    func allInIDOrder() -> [Model] {
        let ids: [IndexKey]
        if let sortedIDs {
            ids = sortedIDs
        } else {
            ids = objects.keys.sorted { IndexKey.compare($0, $1) == .orderedAscending }
            sortedIDs = ids
        }
        let found = objects(ids)
        // A kept order that missed an id would drop its object without a word.
        assert(found.count == objects.count, "the sorted ids went stale")
        return found
    }

    /// Puts an object, or removes the one with `id` when `object` is `nil`, updating every index.
    func set(_ object: Model?, for id: IndexKey) {
        let old = objects[id]
        for position in indexes.indices {
            if let old, let object, indexes[position].isUnchanged(from: old, to: object) {
                indexes[position].replace(object, id: id)
                continue
            }
            if let old { indexes[position].remove(old, id: id) }
            if let object { indexes[position].insert(object, id: id) }
        }
        for key in relationIndexes.keys {
            if let old { relationIndexes[key]!.remove(old) }
            if let object { relationIndexes[key]!.insert(object) }
        }
        if (old == nil) != (object == nil) { sortedIDs = nil }
        objects[id] = object
    }

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
        for observer in observers.values { observer.receive(change) }
    }

    /// Ends every observation, when the store goes away.
    func finishObservers() {
        for observer in observers.values { observer.finish() }
        observers = [:]
    }

    /// Fills an empty table with many objects at once, building each index in one pass.
    /// - Complexity: O(*n* log *n*).
    ///
    /// The ids are sorted with the positions of their objects in `loaded`, both of concrete
    /// types, so the sort is specialized; sorting the table's keys and looking each object up
    /// went through the generic dictionary's value witnesses for every object.
    func load(_ loaded: [Model]) {
        precondition(objects.isEmpty, "a table is loaded once, when it is empty")
        var positions: [IndexKey: Int] = [:]
        positions.reserveCapacity(loaded.count)
        // The last object of an id wins, as it would in the table.
        for (position, object) in loaded.enumerated() { positions[object.id.indexKey] = position }
        let sorted = positions.sorted { IndexKey.compare($0.key, $1.key) == .orderedAscending }
        let ids = sorted.map(\.key)
        var models: [Model] = []
        models.reserveCapacity(sorted.count)
        for entry in sorted { models.append(loaded[entry.value]) }
        objects.reserveCapacity(ids.count)
        for position in ids.indices { objects[ids[position]] = models[position] }
        sortedIDs = ids
        indexes = indexes.map { IndexState($0.index, building: models, ids: ids) }
    }

    /// The index of a relation, built over the objects held now the first time it is asked for.
    /// - Complexity: O(*n*) the first time, O(1) after.
    func relationIndex(
        _ key: String, order: [SortKey<Model>] = [], ownerKeys: @escaping @Sendable (Model) -> [IndexKey]
    ) -> RelationIndex<Model> {
        if let existing = relationIndexes[key] { return existing }
        var index = RelationIndex(ownerKeys: ownerKeys, order: order)
        for object in objects.values { index.insert(object) }
        relationIndexes[key] = index
        return index
    }

    /// The position in ``indexes`` of the first index of a kind that `matches`.
    ///
    /// The states are read in place, through the array's buffer, and only indexes of the
    /// kind are passed to `matches`: this code is generic over the model and not specialized,
    /// so `first(where:)` or a subscript copies each state it passes, and `matches` the index
    /// it is given (a retain and a release per dictionary, string and closure), which cost
    /// more than the range read that follows.
    func indexPosition(of kind: ModelIndex<Model>.Kind, where matches: (ModelIndex<Model>) -> Bool) -> Int? {
        indexes.withUnsafeBufferPointer { states in
            states.indices.first { states[$0].index.kind == kind && matches(states[$0].index) }
        }
    }

    /// The objects of a range of one group of the `@sorted` index at `position` in
    /// ``indexes``, in key order or its reverse, after skipping `offset` and at most `limit`
    /// of them; read in place, as ``indexPosition(of:where:)`` reads.
    /// - Complexity: O(log *n* + *k*) for *k* objects returned.
    func sortedObjects(
        indexAt position: Int, group: IndexKey, from lower: IndexBound?, to upper: IndexBound?, reversed: Bool,
        offset: Int, limit: Int?
    ) -> [Model] {
        indexes.withUnsafeBufferPointer { states in
            states[position].groups[group]?.objects(
                from: lower, to: upper, reversed: reversed, offset: offset, limit: limit) ?? []
        }
    }

    /// The objects holding `key` in the `@index` or `@unique` index at `position` in
    /// ``indexes``, in id order for an `@index`; read in place, as
    /// ``indexPosition(of:where:)`` reads.
    /// - Complexity: O(*k*) for *k* objects found.
    func objects(indexAt position: Int, withKey key: IndexKey) -> [Model] {
        let held: (objects: [Model]?, ids: [IndexKey]) = indexes.withUnsafeBufferPointer { states in
            if let objects = states[position].objects(withKey: key) { return (objects, []) }
            return (nil, states[position].ids(withKey: key))
        }
        return held.objects ?? objects(held.ids)
    }

    /// The object holding `key` in the `@unique` index at `position` in ``indexes``; read in
    /// place, as ``indexPosition(of:where:)`` reads.
    /// - Complexity: O(1).
    func object(uniqueIndexAt position: Int, withKey key: IndexKey) -> Model? {
        indexes.withUnsafeBufferPointer { states in states[position].holder(of: key) }.flatMap(object)
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
            let object = objects[id]!
            let key = index.value.key(object)
            if index.kind == .unique, key != .null, let holder = state.holder(of: key) {
                throw StoreError.uniqueViolation(
                    model: Model.modelName, field: index.value.name, value: key.description,
                    existingID: holder.description, newID: id.description)
            }
            state.insert(object, id: id)
        }
        indexes.append(state)
    }
}
