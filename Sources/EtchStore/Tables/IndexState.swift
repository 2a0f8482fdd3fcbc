@_spi(EtchCollections) import Etch

/// The contents of one index of a model table, kept up to date on every change.
///
/// Every part is shared structure (``PersistentMap``, ``PersistentList``), so copying the
/// state into a snapshot is O(1) and the next change copies only the nodes it touches.
struct IndexState<Model: IdentifiedModel>: Sendable {
    /// What the index is on.
    let index: ModelIndex<Model>
    /// `@index`: the objects holding each value, in id order.
    private(set) var objectsByKey = PersistentMap<IndexKey, IDOrderedObjects>()
    /// `@unique`: the id holding each value but `nil`.
    private(set) var idByKey = PersistentMap<IndexKey, IndexKey>()
    /// `@unique`: the objects holding `nil`, in id order. `nil` is exempt from uniqueness, so
    /// any number of objects hold it, and a query of `nil` finds them here as an `@index`
    /// lookup does.
    private(set) var nilHolders = IDOrderedObjects()
    /// `@sorted`: the entries and objects of each group (one group, `.null`, when not grouped).
    private(set) var groups = PersistentMap<IndexKey, SortedEntries>()

    init(_ index: ModelIndex<Model>) {
        self.index = index
    }

    /// The index of many objects at once, in id order, and the first two objects found to
    /// hold one value of a `@unique` index, if any: each group is sorted once rather than
    /// kept sorted through one insertion per object, which is what opening a store needs.
    ///
    /// Objects are named by their position in `loaded` until they go into place, and keys
    /// are sorted as positions (``IndexKeySorting``). Positions are in id order, so keys
    /// sorted with ties in position order are sorted with ties by id. The model's objects
    /// are not read here: their keys were read as they were loaded.
    ///
    /// - Parameters:
    ///   - index: What the index is on.
    ///   - position: The index's position in the indexes `loaded` read keys for.
    ///   - loaded: The objects, in id order, and their keys.
    /// - Complexity: O(*n* log *n*), or O(*n*) for keys that are numbers.
    static func building(
        _ index: ModelIndex<Model>, at position: Int, from loaded: LoadedObjects
    ) -> (state: IndexState, duplicate: UniqueDuplicate?) {
        var state = IndexState(index)
        let (keys, held, ids) = (loaded.keys[position], loaded.held, loaded.ids)
        switch index.kind {
        case .index:
            let sorted = IndexKeySorting.sortedPositions(keys)
            let runs = IndexKeySorting.equalRuns(of: keys, at: sorted)
            var holders: [IDOrderedObjects] = []
            holders.reserveCapacity(runs.count)
            for run in runs { holders.append(IDOrderedObjects(positions: Array(sorted[run]), of: held, ids: ids)) }
            state.objectsByKey = PersistentMap(distinctKeys: runs.map { keys[sorted[$0.lowerBound]] }, values: holders)
            return (state, nil)
        case .unique:
            let sorted = IndexKeySorting.sortedPositions(keys)
            var (values, holders, nilPositions) = ([IndexKey](), [IndexKey](), [Int]())
            var duplicate: (first: Int, second: Int)?
            for run in IndexKeySorting.equalRuns(of: keys, at: sorted) {
                let first = sorted[run.lowerBound]
                guard keys[first] != .null else {
                    nilPositions = Array(sorted[run])
                    continue
                }
                // A value held twice (a file that breaks the index): the first object in id
                // order to take a value already held is reported; the last holder wins, as
                // inserting one by one would.
                if run.count > 1, sorted[run.lowerBound + 1] < duplicate?.second ?? .max {
                    duplicate = (first, sorted[run.lowerBound + 1])
                }
                values.append(keys[first])
                holders.append(ids[sorted[run.upperBound - 1]])
            }
            state.idByKey = PersistentMap(distinctKeys: values, values: holders)
            state.nilHolders = IDOrderedObjects(positions: nilPositions, of: held, ids: ids)
            let found = duplicate.map {
                UniqueDuplicate(value: keys[$0.first], holder: ids[$0.first], other: ids[$0.second])
            }
            return (state, found)
        case .sorted:
            guard index.groupBy != nil else {
                state.groups[.null] = SortedEntries(
                    sorted: IndexKeySorting.sortedPositions(keys), keys: keys, of: held, ids: ids)
                return (state, nil)
            }
            let groupKeys = loaded.groupKeys[position]
            let byGroup = IndexKeySorting.sortedPositions(groupKeys)
            var groupValues: [IndexKey] = []
            var members: [SortedEntries] = []
            for run in IndexKeySorting.equalRuns(of: groupKeys, at: byGroup) {
                let positions = Array(byGroup[run])
                let order = IndexKeySorting.sortedPositions(positions.map { keys[$0] })
                groupValues.append(groupKeys[positions[0]])
                members.append(SortedEntries(sorted: order.map { positions[$0] }, keys: keys, of: held, ids: ids))
            }
            state.groups = PersistentMap(distinctKeys: groupValues, values: members)
            return (state, nil)
        }
    }

    /// The group an object belongs to in a sorted index.
    func group(of object: Model) -> IndexKey {
        index.groupBy?.key(object) ?? .null
    }

    /// Adds an object, held as `held`.
    mutating func insert(_ object: Model, held: HeldObject, id: IndexKey) {
        let key = index.value.key(object)
        switch index.kind {
        case .index: objectsByKey.modify(key, default: IDOrderedObjects.init) { $0.set(held, for: id) }
        case .unique where key == .null: nilHolders.set(held, for: id)
        case .unique: idByKey[key] = id
        case .sorted:
            groups.modify(group(of: object), default: SortedEntries.init) {
                $0.insert(held, at: SortedEntry(key: key, id: id))
            }
        }
    }

    /// Removes an object, as it was when inserted.
    mutating func remove(_ object: Model, id: IndexKey) {
        let key = index.value.key(object)
        switch index.kind {
        case .index:
            let isEmpty = objectsByKey.modifyIfPresent(key) { holders in
                holders.remove(id)
                return holders.isEmpty
            }
            if isEmpty == true { objectsByKey[key] = nil }
        case .unique where key == .null:
            nilHolders.remove(id)
        case .unique:
            if idByKey[key] == id { idByKey[key] = nil }
        case .sorted:
            let group = group(of: object)
            let isEmpty = groups.modifyIfPresent(group) { members in
                members.remove(SortedEntry(key: key, id: id))
                return members.isEmpty
            }
            if isEmpty == true { groups[group] = nil }
        }
    }

    /// Replaces an object whose keys did not change (an `@index`, a `@sorted` index and the
    /// `nil` holders of a `@unique` one hold the objects themselves).
    mutating func replace(_ object: Model, held: HeldObject, id: IndexKey) {
        let key = index.value.key(object)
        switch index.kind {
        case .index:
            objectsByKey.modifyIfPresent(key) { $0.set(held, for: id) }
        case .unique where key == .null: nilHolders.set(held, for: id)
        case .unique: break
        case .sorted:
            groups.modifyIfPresent(group(of: object)) { $0.replace(held, at: SortedEntry(key: key, id: id)) }
        }
    }

    /// For an `@index` index, or `nil` in a `@unique` one: the objects with a value, in id
    /// order; `nil` for other lookups, which ``ids(withKey:)`` answers.
    /// - Complexity: O(*k*) copies for *k* objects; no search by id and no sort.
    func objects(withKey key: IndexKey) -> [Model]? {
        let holders: IDOrderedObjects
        switch index.kind {
        case .index: holders = objectsByKey[key] ?? IDOrderedObjects()
        case .unique where key == .null: holders = nilHolders
        case .unique, .sorted: return nil
        }
        guard let dictionaries = holders.dictionaries else { return holders.objects.map(Model.init(held:)) }
        return Model._checked(dictionaries)
    }

    /// Whether the change from `old` to `new` leaves this index as it was.
    func isUnchanged(from old: Model, to new: Model) -> Bool {
        index.value.key(old) == index.value.key(new) && group(of: old) == group(of: new)
    }

    /// The ids with a value, for an `@index` or `@unique` index, in no order.
    func ids(withKey key: IndexKey) -> [IndexKey] {
        switch index.kind {
        case .index: objectsByKey[key]?.ids ?? []
        case .unique where key == .null: nilHolders.ids
        case .unique: idByKey[key].map { [$0] } ?? []
        case .sorted:
            (groups[.null]?.ids(
                from: IndexBound(key: key, isInclusive: true), to: IndexBound(key: key, isInclusive: true),
                reversed: false, offset: 0, limit: nil) ?? [])
        }
    }

    /// The number of objects holding `key`, for an `@index` or `@unique` index (for a
    /// `@sorted` one, those of the ungrouped index's key).
    /// - Complexity: O(1), or O(log *n*) for a sorted index.
    func count(withKey key: IndexKey) -> Int {
        switch index.kind {
        case .index: objectsByKey[key]?.count ?? 0
        case .unique where key == .null: nilHolders.count
        case .unique: idByKey[key] == nil ? 0 : 1
        case .sorted:
            groups[.null]?.count(
                from: IndexBound(key: key, isInclusive: true), to: IndexBound(key: key, isInclusive: true)) ?? 0
        }
    }

    /// For a `@unique` index: the id holding a value; `nil` for `nil`, which many may hold.
    func holder(of key: IndexKey) -> IndexKey? { idByKey[key] }
}

/// Two objects holding one value of a `@unique` index, as a file written before the index
/// was declared may hold them.
struct UniqueDuplicate {
    /// The value.
    var value: IndexKey
    /// The smaller id of the two.
    var holder: IndexKey
    /// The other id.
    var other: IndexKey
}
