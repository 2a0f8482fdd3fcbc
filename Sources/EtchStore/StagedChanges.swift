import Etch

/// The changes a transaction made to one model type, applied only when it commits.
final class StagedChanges<Model: IdentifiedModel> {
    /// The table the changes apply to.
    let table: ModelTable<Model>
    /// The new object of each changed id, or `nil` for a deletion.
    private(set) var changes: [IndexKey: Model?] = [:]
    /// The changed ids, in the order they were first changed.
    private(set) var order: [IndexKey] = []
    /// Whether the transaction removed every object of the type first.
    private(set) var clearsAll = false

    init(table: ModelTable<Model>) {
        self.table = table
    }

    /// Records a put or a deletion.
    func set(_ object: Model?, for id: IndexKey) {
        if changes.updateValue(object, forKey: id) == nil { order.append(id) }
    }

    /// Records the removal of every object held before the transaction.
    func clear(ids: [IndexKey]) {
        clearsAll = true
        changes = [:]
        order = []
        for id in ids { set(nil, for: id) }
    }

    /// The change to an id, if any: `.some(nil)` for a deletion.
    func change(for id: IndexKey) -> Model?? { changes[id] }
}
