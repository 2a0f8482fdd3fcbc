import Etch

/// The objects of one value of an `@index`, in id order: what a lookup returns, without a
/// search by id or a sort.
struct IDOrderedObjects<Model: Sendable>: Sendable {
    /// The ids, ascending.
    private(set) var ids: [IndexKey] = []
    /// The object of each id, at the same position.
    private(set) var objects: [Model] = []

    init() {}

    /// The objects at `positions` of `objects`, ascending positions of objects in id order,
    /// without a search per object.
    init(positions: [Int], of objects: [Model], ids: [IndexKey]) {
        self.ids = positions.map { ids[$0] }
        self.objects = positions.map { objects[$0] }
    }

    /// The position of `id`, or where it would go.
    private func position(of id: IndexKey) -> Int {
        ids.partitionIndex { $0 < id }
    }

    /// Adds or replaces an object.
    /// - Complexity: O(log *k*) comparisons and one memory move.
    mutating func set(_ object: Model, for id: IndexKey) {
        let index = position(of: id)
        if index < ids.count, ids[index] == id {
            objects[index] = object
        } else {
            ids.insert(id, at: index)
            objects.insert(object, at: index)
        }
    }

    /// Removes an object if present.
    mutating func remove(_ id: IndexKey) {
        let index = position(of: id)
        guard index < ids.count, ids[index] == id else { return }
        ids.remove(at: index)
        objects.remove(at: index)
    }

    /// Whether no object has the value.
    var isEmpty: Bool { ids.isEmpty }
}
