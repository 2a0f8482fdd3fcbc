@_spi(EtchCollections) import Etch
import Foundation

/// The objects of one model type and their indexes as of one moment: a value, shared by a
/// store's table and every snapshot taken of it.
///
/// Every part is shared structure, so a copy costs O(1) and the table's next change copies
/// only the nodes it touches: a snapshot never sees a later commit, and never makes one
/// slower by more than those copies.
struct TableContents<Model: IdentifiedModel>: Sendable {
    /// The objects by id key, for reads of one object.
    ///
    /// The trees hold objects as ``HeldObject``s, one concrete type, so their code is
    /// specialized; models go in and come out at this type's methods.
    private(set) var objects = PersistentMap<IndexKey, HeldObject>()
    /// The same objects in id order, for reads of them all.
    private(set) var idOrdered = IDOrderedObjects()
    /// The schema's indexes, then the ones added at runtime.
    var indexes: [IndexState<Model>]

    init(indexes: [IndexState<Model>]) {
        self.indexes = indexes
    }

    /// The number of objects.
    var count: Int { objects.count }

    /// The object with an id key.
    /// - Complexity: O(log₃₂ *n*).
    func object(_ id: IndexKey) -> Model? { objects[id].map(Model.init(held:)) }

    /// The objects with these id keys, in their order; ids without an object are skipped.
    func objects(_ ids: [IndexKey]) -> [Model] {
        var found: [Model] = []
        found.reserveCapacity(ids.count)
        for id in ids {
            if let object = objects[id] { found.append(Model(held: object)) }
        }
        return found
    }

    /// Every object, in id order.
    /// - Complexity: O(*n*).
    func allInIDOrder() -> [Model] { Model.models(held: idOrdered.objects) }

    /// Every object, in no particular order.
    /// - Complexity: O(*n*).
    func allObjects() -> [Model] { Model.models(held: objects.values) }

    /// Every object beside its id, in id order.
    var idOrderedMembers: PersistentList<IDMember> { idOrdered.members }

    /// Puts an object, or removes the one with `id` when `object` is `nil`, updating every
    /// index; returns the object it replaced.
    @discardableResult
    mutating func set(_ object: Model?, for id: IndexKey) -> Model? {
        let held = object?.held
        // The map's entry is found once: replaced in place when the id has one.
        let old: Model?
        if let held {
            old = objects.modifyIfPresent(id) { value in
                defer { value = held }
                return Model(held: value)
            }
            if old == nil { objects[id] = held }
        } else {
            old = objects[id].map(Model.init(held:))
            if old != nil { objects[id] = nil }
        }
        for position in indexes.indices {
            // Read in place: this code is not specialized, and `indexes[position]` would copy
            // the state (a retain and a release per map).
            if let old, let object, let held,
                indexes.withUnsafeBufferPointer({ $0[position].isUnchanged(from: old, to: object) })
            {
                indexes[position].replace(object, held: held, id: id)
                continue
            }
            if let old { indexes[position].remove(old, id: id) }
            if let object, let held { indexes[position].insert(object, held: held, id: id) }
        }
        if let held {
            idOrdered.set(held, for: id)
        } else if old != nil {
            idOrdered.remove(id)
        }
        return old
    }

    /// The contents of many objects at once, building each index in one pass, and the first
    /// two objects found holding one value of a `@unique` index, if any (the last holder
    /// wins in the contents).
    ///
    /// Objects as a file holds them are in id order already, which is checked in one pass;
    /// others are sorted by id, the last object of an id winning, as it would in the table.
    /// The map, the id order and each index are then built at once, one per core at a time.
    ///
    /// - Parameters:
    ///   - loaded: The objects and their keys, read for `indexes`.
    ///   - indexes: The table's indexes.
    /// - Complexity: O(*n* log *n*).
    static func loading(
        _ loaded: LoadedObjects, indexes: [ModelIndex<Model>]
    ) -> (contents: TableContents, duplicate: (index: ModelIndex<Model>, UniqueDuplicate)?) {
        var objects = loaded
        let isAscending = loaded.ids.withUnsafeBufferPointer { ids in
            ids.indices.dropFirst().allSatisfy { IndexKey.compare(ids[$0 - 1], ids[$0]) == .orderedAscending }
        }
        if !isAscending {
            let sorted = IndexKeySorting.sortedPositions(loaded.ids)
            objects = loaded.selecting(
                IndexKeySorting.equalRuns(of: loaded.ids, at: sorted).map { sorted[$0.upperBound - 1] })
        }
        let held = objects
        let parts = Slots<LoadedPart<Model>>.parallel(indexes.count + 2) { part in
            switch part {
            case 0: return .objects(PersistentMap(distinctKeys: held.ids, values: held.held))
            case 1:
                return .idOrdered(IDOrderedObjects(positions: Array(held.held.indices), of: held.held, ids: held.ids))
            default:
                let (state, duplicate) = IndexState.building(indexes[part - 2], at: part - 2, from: held)
                return .index(state, duplicate)
            }
        }
        var contents = TableContents(indexes: [])
        var duplicate: (index: ModelIndex<Model>, UniqueDuplicate)?
        for part in parts {
            switch part {
            case .objects(let map): contents.objects = map
            case .idOrdered(let list): contents.idOrdered = list
            case .index(let state, let found):
                contents.indexes.append(state)
                if duplicate == nil, let found { duplicate = (state.index, found) }
            }
        }
        return (contents, duplicate)
    }

    /// The position in ``indexes`` of the first index of a kind that `matches`.
    ///
    /// The states are read in place, through the array's buffer, and only indexes of the
    /// kind are passed to `matches`: this code is generic over the model and not specialized,
    /// so `first(where:)` or a subscript copies each state it passes, and `matches` the index
    /// it is given (a retain and a release per map, string and closure), which cost more
    /// than the range read that follows.
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
        let held = indexes.withUnsafeBufferPointer { states in
            states[position].groups[group]?.objects(
                from: lower, to: upper, reversed: reversed, offset: offset, limit: limit) ?? []
        }
        return Model.models(held: held)
    }

    /// The objects holding `key` in the `@index` or `@unique` index at `position` in
    /// ``indexes``, in id order for an `@index`; read in place, as
    /// ``indexPosition(of:where:)`` reads.
    /// - Complexity: O(*k*) for *k* objects found.
    func objects(indexAt position: Int, withKey key: IndexKey) -> [Model] {
        let found: (objects: [Model]?, ids: [IndexKey]) = indexes.withUnsafeBufferPointer { states in
            if let objects = states[position].objects(withKey: key) { return (objects, []) }
            return (nil, states[position].ids(withKey: key))
        }
        return found.objects ?? objects(found.ids)
    }

    /// The object holding `key` in the `@unique` index at `position` in ``indexes``; read in
    /// place, as ``indexPosition(of:where:)`` reads.
    /// - Complexity: O(log₃₂ *n*).
    func object(uniqueIndexAt position: Int, withKey key: IndexKey) -> Model? {
        indexes.withUnsafeBufferPointer { states in states[position].holder(of: key) }.flatMap(object)
    }
}

/// One part of a table's contents, built on its own thread while loading.
private enum LoadedPart<Model: IdentifiedModel>: Sendable {
    case objects(PersistentMap<IndexKey, HeldObject>)
    case idOrdered(IDOrderedObjects)
    case index(IndexState<Model>, UniqueDuplicate?)
}

/// A table's contents in a box, so that a snapshot holds the tables of many model types.
final class TableContentsBox<Model: IdentifiedModel>: Sendable {
    let contents: TableContents<Model>

    init(_ contents: TableContents<Model>) {
        self.contents = contents
    }
}
