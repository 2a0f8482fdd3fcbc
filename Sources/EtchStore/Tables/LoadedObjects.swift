@_spi(EtchCollections) import Etch
import Foundation

/// Objects read for a table, with what building its indexes reads of each: their ids and
/// the keys of each index.
///
/// Reading keys goes through the model's accessors, which code generic over the model runs
/// unspecialized, copying each object it passes. Read in one pass per object, on the thread
/// that just read it (``ModelTable/decode(_:with:lane:_:_:)``; for an object kept as its
/// bytes, from the model of its declared members), that costs little; read once per index
/// on the threads that build the indexes, every one of those threads copied every object,
/// and the retains of objects shared by two cores were a third of building.
struct LoadedObjects: Sendable {
    /// The objects, as the tables hold them.
    private(set) var held: [HeldObject] = []
    /// Their ids, at the same positions.
    private(set) var ids: [IndexKey] = []
    /// For each index of the table, the key of each object.
    private(set) var keys: [[IndexKey]]
    /// For each index of the table, the group key of each object, for a grouped `@sorted`
    /// index; empty for other indexes.
    private(set) var groupKeys: [[IndexKey]]

    /// No objects, for a table with `indexes`.
    init(indexCount: Int) {
        keys = Array(repeating: [], count: indexCount)
        groupKeys = Array(repeating: [], count: indexCount)
    }

    /// `objects` and what `indexes` read of them, read in runs on every core.
    init<Model: IdentifiedModel>(_ objects: [Model], indexes: [ModelIndex<Model>]) {
        self.init(count: objects.count, indexes: indexes) { loaded, position, readers in
            loaded.append(objects[position], readers: readers)
        }
    }

    /// The objects a table holds, `held`, and then `added`, with what `indexes` read of them,
    /// read in runs on every core. An object held as its bytes and not read yet stays so: its
    /// keys are read from its declared members (``DeclaredMembers``), not from the whole
    /// object.
    init<Model: IdentifiedModel>(held: [HeldObject], added: [Model], indexes: [ModelIndex<Model>]) {
        let members = DeclaredMembers(indexes: indexes)
        self.init(count: held.count + added.count, indexes: indexes) { loaded, position, readers in
            guard position < held.count else {
                loaded.append(added[position - held.count], readers: readers)
                return
            }
            let object = held[position]
            if case .stored(let bytes) = object, let members, let keys = Self.declaredModel(of: bytes, members) {
                loaded.append(keys, held: object, readers: readers)
            } else {
                loaded.append(Model(held: object), held: object, readers: readers)
            }
        }
    }

    /// The model of the declared members of an object kept as its bytes; nil once it was
    /// read (its bytes are gone), or when its members do not read: the caller reads it whole.
    private static func declaredModel<Model: IdentifiedModel>(
        of bytes: JSONObjectBytes, _ members: DeclaredMembers<Model>
    ) -> Model? {
        bytes.withBytesUnlessRead { bytes in try? members.read(bytes).map(members.model(of:)) }.flatMap { $0 }
    }

    /// `count` objects, each added by `add` with its position, in runs on every core.
    private init<Model: IdentifiedModel>(
        count: Int, indexes: [ModelIndex<Model>],
        add: @Sendable (inout LoadedObjects, Int, IndexKeyReaders<Model>) -> Void
    ) {
        self.init(indexCount: indexes.count)
        let readers = IndexKeyReaders(indexes)
        let runLength = Swift.max(Self.runLength, (count + Self.cores - 1) / Self.cores)
        let starts = Array(stride(from: 0, to: count, by: runLength))
        let runs = Slots<LoadedObjects>.parallel(starts.count) { run in
            var loaded = LoadedObjects(indexCount: indexes.count)
            let range = starts[run]..<Swift.min(starts[run] + runLength, count)
            loaded.reserveCapacity(range.count)
            for position in range { add(&loaded, position, readers) }
            return loaded
        }
        reserveCapacity(count)
        for run in runs { append(contentsOf: run) }
    }

    /// The fewest objects read on a thread of their own.
    private static var runLength: Int { 4_096 }
    /// The cores to read on.
    private static var cores: Int { Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, 8)) }

    /// The number of objects.
    var count: Int { ids.count }

    /// Makes room for `count` objects in all.
    mutating func reserveCapacity(_ count: Int) {
        held.reserveCapacity(count)
        ids.reserveCapacity(count)
        for index in keys.indices { keys[index].reserveCapacity(count) }
    }

    /// Adds an object and its keys.
    mutating func append<Model: IdentifiedModel>(_ object: Model, readers: IndexKeyReaders<Model>) {
        append(object, held: object.held, readers: readers)
    }

    /// Adds an object, held as `held`, and its keys, read from `object`: the object itself,
    /// or, for one held as its bytes, a model of the members its keys read.
    mutating func append<Model: IdentifiedModel>(_ object: Model, held: HeldObject, readers: IndexKeyReaders<Model>) {
        self.held.append(held)
        ids.append(object.id.indexKey)
        readers.values.withUnsafeBufferPointer { values in
            for position in values.indices { keys[position].append(values[position](object)) }
        }
        readers.groups.withUnsafeBufferPointer { groups in
            for position in groups.indices {
                if let group = groups[position] { groupKeys[position].append(group(object)) }
            }
        }
    }

    /// Adds the objects of `other`, read for the same indexes, after these.
    mutating func append(contentsOf other: LoadedObjects) {
        held.append(contentsOf: other.held)
        ids.append(contentsOf: other.ids)
        for index in keys.indices {
            keys[index].append(contentsOf: other.keys[index])
            groupKeys[index].append(contentsOf: other.groupKeys[index])
        }
    }

    /// The objects at `positions`, in that order.
    func selecting(_ positions: [Int]) -> LoadedObjects {
        var selected = LoadedObjects(indexCount: keys.count)
        selected.held = positions.map { held[$0] }
        selected.ids = positions.map { ids[$0] }
        selected.keys = keys.map { keys in positions.map { keys[$0] } }
        selected.groupKeys = groupKeys.map { keys in keys.isEmpty ? [] : positions.map { keys[$0] } }
        return selected
    }
}

/// The functions that read each index's keys of an object, taken out of the indexes once:
/// a ``ModelIndex`` holds names, key paths and closures, and copying one per object read
/// retained each of them.
struct IndexKeyReaders<Model: IdentifiedModel>: Sendable {
    /// For each index, its value's key.
    let values: [@Sendable (Model) -> IndexKey]
    /// For each index, its group's key, for a grouped `@sorted` index.
    let groups: [(@Sendable (Model) -> IndexKey)?]

    init(_ indexes: [ModelIndex<Model>]) {
        values = indexes.map(\.value.key)
        groups = indexes.map { $0.groupBy?.key }
    }
}
