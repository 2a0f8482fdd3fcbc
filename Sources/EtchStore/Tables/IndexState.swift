import Etch

/// The contents of one index of a model table, kept up to date on every change.
///
/// Every part is shared structure (``PersistentMap``, ``PersistentList``), so copying the
/// state into a snapshot is O(1) and the next change copies only the nodes it touches.
struct IndexState<Model: IdentifiedModel>: Sendable {
    /// What the index is on.
    let index: ModelIndex<Model>
    /// `@index`: the objects holding each value, in id order.
    private(set) var objectsByKey = PersistentMap<IndexKey, IDOrderedObjects<Model>>()
    /// `@unique`: the id holding each value but `nil`.
    private(set) var idByKey = PersistentMap<IndexKey, IndexKey>()
    /// `@unique`: the objects holding `nil`, in id order. `nil` is exempt from uniqueness, so
    /// any number of objects hold it, and a query of `nil` finds them here as an `@index`
    /// lookup does.
    private(set) var nilHolders = IDOrderedObjects<Model>()
    /// `@sorted`: the entries and objects of each group (one group, `.null`, when not grouped).
    private(set) var groups = PersistentMap<IndexKey, SortedEntries<Model>>()

    init(_ index: ModelIndex<Model>) {
        self.index = index
    }

    /// The index of many objects at once, in id order: each group is sorted once rather than
    /// kept sorted through one insertion per object, which is what opening a store needs.
    ///
    /// Objects are named by their position in `objects` until they go into place: this code
    /// is generic over the model and not specialized, so moving an object, or a tuple
    /// holding one, goes through its value witnesses, while positions are plain integers.
    ///
    /// - Parameters:
    ///   - objects: The objects, in id order.
    ///   - ids: Their ids, at the same positions.
    init(_ index: ModelIndex<Model>, building objects: [Model], ids: [IndexKey]) {
        self.index = index
        switch index.kind {
        case .index:
            var positions: [IndexKey: [Int]] = [:]
            for position in objects.indices {
                positions[index.value.key(objects[position]), default: []].append(position)
            }
            for (key, members) in positions {
                objectsByKey[key] = IDOrderedObjects(positions: members, of: objects, ids: ids)
            }
        case .unique:
            var nilPositions: [Int] = []
            var keys: [IndexKey] = []
            var holders: [IndexKey] = []
            keys.reserveCapacity(objects.count)
            holders.reserveCapacity(objects.count)
            var seen = Set<IndexKey>()
            seen.reserveCapacity(objects.count)
            for position in objects.indices {
                let key = index.value.key(objects[position])
                if key == .null {
                    nilPositions.append(position)
                } else if seen.insert(key).inserted {
                    keys.append(key)
                    holders.append(ids[position])
                } else {
                    // A value held twice (a file that breaks the index, refused before this is
                    // used): the last holder wins, as inserting one by one would.
                    holders[keys.firstIndex(of: key)!] = ids[position]
                }
            }
            idByKey = PersistentMap(distinctKeys: keys, values: holders)
            nilHolders = IDOrderedObjects(positions: nilPositions, of: objects, ids: ids)
        case .sorted:
            var members: [IndexKey: [(entry: SortedEntry, position: Int)]] = [:]
            for position in objects.indices {
                let object = objects[position]
                let entry = SortedEntry(key: index.value.key(object), id: ids[position])
                members[group(of: object), default: []].append((entry, position))
            }
            for (group, members) in members { groups[group] = SortedEntries(unsorted: members, of: objects) }
        }
    }

    /// The group an object belongs to in a sorted index.
    func group(of object: Model) -> IndexKey {
        index.groupBy?.key(object) ?? .null
    }

    /// Adds an object.
    mutating func insert(_ object: Model, id: IndexKey) {
        let key = index.value.key(object)
        switch index.kind {
        case .index: objectsByKey.modify(key, default: IDOrderedObjects.init) { $0.set(object, for: id) }
        case .unique where key == .null: nilHolders.set(object, for: id)
        case .unique: idByKey[key] = id
        case .sorted:
            groups.modify(group(of: object), default: SortedEntries.init) {
                $0.insert(object, at: SortedEntry(key: key, id: id))
            }
        }
    }

    /// Removes an object, as it was when inserted.
    mutating func remove(_ object: Model, id: IndexKey) {
        let key = index.value.key(object)
        switch index.kind {
        case .index:
            guard objectsByKey[key] != nil else { return }
            let isEmpty = objectsByKey.modify(key, default: IDOrderedObjects.init) { holders in
                holders.remove(id)
                return holders.isEmpty
            }
            if isEmpty { objectsByKey[key] = nil }
        case .unique where key == .null:
            nilHolders.remove(id)
        case .unique:
            if idByKey[key] == id { idByKey[key] = nil }
        case .sorted:
            let group = group(of: object)
            guard groups[group] != nil else { return }
            let isEmpty = groups.modify(group, default: SortedEntries.init) { members in
                members.remove(SortedEntry(key: key, id: id))
                return members.isEmpty
            }
            if isEmpty { groups[group] = nil }
        }
    }

    /// Replaces an object whose keys did not change (an `@index`, a `@sorted` index and the
    /// `nil` holders of a `@unique` one hold the objects themselves).
    mutating func replace(_ object: Model, id: IndexKey) {
        let key = index.value.key(object)
        switch index.kind {
        case .index:
            if objectsByKey[key] != nil {
                objectsByKey.modify(key, default: IDOrderedObjects.init) { $0.set(object, for: id) }
            }
        case .unique where key == .null: nilHolders.set(object, for: id)
        case .unique: break
        case .sorted:
            let group = group(of: object)
            if groups[group] != nil {
                groups.modify(group, default: SortedEntries.init) {
                    $0.replace(object, at: SortedEntry(key: key, id: id))
                }
            }
        }
    }

    /// For an `@index` index, or `nil` in a `@unique` one: the objects with a value, in id
    /// order; `nil` for other lookups, which ``ids(withKey:)`` answers.
    /// - Complexity: O(*k*) copies for *k* objects; no search by id and no sort.
    func objects(withKey key: IndexKey) -> [Model]? {
        switch index.kind {
        case .index: objectsByKey[key]?.objects ?? []
        case .unique where key == .null: nilHolders.objects
        case .unique, .sorted: nil
        }
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
