@_spi(EtchCollections) import Etch

/// An object and its id, side by side in an id-ordered list.
struct IDMember: Sendable {
    var id: IndexKey
    var object: HeldObject
}

/// Objects in id order — the holders of one value of an `@index`, or a table's every
/// object: what a lookup returns, without a search by id or a sort.
///
/// A ``PersistentList``, so a snapshot of the table shares it with the next commit.
struct IDOrderedObjects: Sendable {
    private(set) var members = PersistentList<IDMember>()

    init() {}

    /// The objects at `positions` of `objects`, ascending positions of objects in id order,
    /// without a search per object.
    init(positions: [Int], of objects: [HeldObject], ids: [IndexKey]) {
        members = PersistentList(count: positions.count) { offset in
            let position = positions[offset]
            return IDMember(id: ids[position], object: objects[position])
        }
    }

    /// The ids, ascending.
    var ids: [IndexKey] { members.all.map(\.id) }
    /// The objects, in id order.
    var objects: [HeldObject] {
        var found: [HeldObject] = []
        found.reserveCapacity(members.count)
        forEachPrefetchedRun { run in
            for index in run.indices { found.append(run[index].object) }
            return true
        }
        return found
    }

    /// The objects' dictionaries, in id order, when none has `@local` values of its own
    /// (see ``HeldObject/append(to:)``); `nil` otherwise.
    var dictionaries: [ModelDictionary]? {
        var found: [ModelDictionary] = []
        found.reserveCapacity(members.count)
        var plain = true
        forEachPrefetchedRun { run in
            for index in run.indices where !run[index].object.append(to: &found) {
                plain = false
                return false
            }
            return true
        }
        return plain ? found : nil
    }

    /// Calls `body` with the members a leaf at a time, each leaf's objects asked for before
    /// `body` copies them (see ``PersistentList/forEachPrefetchedRun(in:object:_:)``).
    private func forEachPrefetchedRun(_ body: (UnsafeBufferPointer<IDMember>) -> Bool) {
        members.forEachPrefetchedRun(
            in: 0..<members.count, object: MemoryLayout<IDMember>.offset(of: \IDMember.object)!, body)
    }

    /// The number of objects.
    var count: Int { members.count }

    /// The position of `id`, or where it would go.
    private func position(of id: IndexKey) -> Int {
        members.partitionIndex { $0.id < id }
    }

    /// The object of `id`, found by binary search.
    /// - Complexity: O(log *k*).
    func object(_ id: IndexKey) -> HeldObject? {
        let index = position(of: id)
        guard index < members.count else { return nil }
        let member = members[index]
        return member.id == id ? member.object : nil
    }

    /// Adds or replaces an object.
    /// - Complexity: O(log *k*).
    mutating func set(_ object: HeldObject, for id: IndexKey) {
        let index = position(of: id)
        if index < members.count, members[index].id == id {
            members.replace(at: index, with: IDMember(id: id, object: object))
        } else {
            members.insert(IDMember(id: id, object: object), at: index)
        }
    }

    /// Removes an object if present.
    /// - Complexity: O(log *k*).
    mutating func remove(_ id: IndexKey) {
        let index = position(of: id)
        guard index < members.count, members[index].id == id else { return }
        members.remove(at: index)
    }

    /// Whether no object has the value.
    var isEmpty: Bool { members.isEmpty }
}
