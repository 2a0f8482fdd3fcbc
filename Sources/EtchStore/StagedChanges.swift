@_spi(EtchCollections) import Etch

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
    /// Whether a deletion was ever staged: when not, the changes delete nothing, which a
    /// commit of many puts learns without looking at each.
    private(set) var stagesDeletion = false
    /// What the changes do to the table, once worked out; forgotten when a change is staged.
    private var net: [NetChange]?
    /// What ``StagedCommit/applyToTable(commit:)`` changed, until
    /// ``StagedCommit/publishApplied()``.
    var applied: AppliedChanges?

    /// A commit's changes applied to the table's contents and not yet to its relation
    /// indexes and subscribers.
    struct AppliedChanges {
        /// What the subscribers are told.
        var event: StoreChange<Model>
        /// The changes, by id: the new object, or `nil` for a deletion.
        var changes: [(id: IndexKey, new: Model?)]
        /// What ``ModelTable/apply(_:)`` returned: the objects replaced, for the relation
        /// indexes, kept until then.
        var replaced: [Model?]
    }

    /// One id's change as it differs from the table.
    struct NetChange {
        /// The id.
        var id: IndexKey
        /// What happens to the object.
        var kind: HistoryEntry.Kind
        /// The object after the change; for a deletion, as it was.
        var object: Model
        /// What the table holds for the id after the change.
        var new: Model?
    }

    init(table: ModelTable<Model>) {
        self.table = table
    }

    /// Records a put or a deletion.
    func set(_ object: Model?, for id: IndexKey) {
        net = nil
        if object == nil { stagesDeletion = true }
        if changes.updateValue(object, forKey: id) == nil { order.append(id) }
    }

    /// Records the removal of every object held before the transaction.
    func clear(ids: [IndexKey]) {
        net = nil
        clearsAll = true
        changes = [:]
        order = []
        for id in ids { set(nil, for: id) }
    }

    /// The change to an id, if any: `.some(nil)` for a deletion.
    func change(for id: IndexKey) -> Model?? { changes[id] }

    /// What the changes do to the table as it is now, in the order the transaction first
    /// changed each id: a put of an object equal to the one held (`@local` values included),
    /// or a deletion of an id the table does not hold, changes nothing and is left out.
    /// Worked out once, for the history and for applying the changes.
    func netChanges() -> [NetChange] {
        if let net { return net }
        var result: [NetChange] = []
        result.reserveCapacity(order.count)
        for id in order {
            guard let change = changes[id] else { continue }
            switch (table.object(id), change) {
            case (nil, nil):
                continue
            case (let old?, nil):
                result.append(NetChange(id: id, kind: .delete, object: old, new: nil))
            case (nil, let new?):
                result.append(NetChange(id: id, kind: .insert, object: new, new: new))
            case (let old?, let new?):
                if old == new && old.localValues == new.localValues { continue }
                result.append(NetChange(id: id, kind: .update, object: new, new: new))
            }
        }
        net = result
        return result
    }
}
