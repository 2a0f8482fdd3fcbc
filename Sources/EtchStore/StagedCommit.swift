@_spi(EtchCollections) import Etch
import Foundation

/// The staged changes of one model type, as a commit handles them whatever the type.
protocol StagedCommit: AnyObject {
    /// Checks the changes against the table's `@unique` indexes.
    func check() throws(StoreError)
    /// What the changes do to the table as it is now (see ``StagedChanges/netChanges()``):
    /// what the history records.
    func committedChanges() -> [CommittedChange]
    /// Whether the changes delete every object of the type first (so the file deletes them
    /// with one statement).
    var clearsAll: Bool { get }
    /// The number of objects the changes insert, update or delete.
    var changeCount: Int { get }
    /// Applies the changes to the table's contents (what snapshots hold) as commit number
    /// `commit`, keeping what changed for ``publishApplied()``.
    /// - Returns: Whether anything changed.
    func applyToTable(commit: Int) -> Bool
    /// Brings the table's relation indexes (which no snapshot holds) up to date with the last
    /// ``applyToTable(commit:)``, tells the table's subscribers what it changed, and lets go
    /// of the objects it replaced; once. Runs outside the read lock an in-place commit holds
    /// during ``applyToTable(commit:)``: the relation indexes' upkeep, the subscribers and the
    /// freeing of replaced objects (whose `@local` values may be the app's classes) hold up
    /// no read.
    func publishApplied()
    /// The model's name.
    var modelName: String { get }
    /// The ids of the objects the changes delete that the store holds now or the transaction
    /// put earlier.
    var deletedIDs: [IndexKey] { get }
}

extension StagedChanges: StagedCommit {
    var modelName: String { Model.modelName }

    var deletedIDs: [IndexKey] {
        guard stagesDeletion else { return [] }
        return order.filter { id in
            guard case .some(.none) = changes[id] else { return false }
            return table.object(id) != nil
        }
    }

    func check() throws(StoreError) {
        try table.checkUnique(changes, order: order)
    }

    func committedChanges() -> [CommittedChange] {
        netChanges().map { CommittedChange(kind: $0.kind, object: $0.object) }
    }

    var changeCount: Int { netChanges().count }

    func applyToTable(commit: Int) -> Bool {
        let net = netChanges()
        guard !net.isEmpty else { return false }
        var event = StoreChange<Model>(commit: commit)
        for change in net {
            switch change.kind {
            case .insert: event.inserted.append(change.object)
            case .update: event.updated.append(change.object)
            case .delete: event.deleted.append(change.object)
            }
        }
        let changes = net.map { (id: $0.id, new: $0.new) }
        applied = AppliedChanges(event: event, changes: changes, replaced: table.apply(changes))
        return true
    }

    func publishApplied() {
        guard let done = applied else { return }
        applied = nil
        if table.hasRelationIndexes { table.updateRelations(done.changes, replaced: done.replaced) }
        table.publish(done.event)
    }
}

/// One object a commit changes, as the store holds it: what the history of an in-memory store
/// keeps, and what a file's history entry is written from.
struct CommittedChange: Sendable {
    /// What happened.
    var kind: HistoryEntry.Kind
    /// The object after the change; for a deletion, as it was.
    var object: any IdentifiedModel

    /// The model's name.
    var model: String { type(of: object).modelName }

    /// The entry the file's history holds for this change.
    ///
    /// - Throws: ``StoreError/unwritableObject(model:id:reason:)``.
    func entry() throws(StoreError) -> HistoryEntry {
        HistoryEntry(kind: kind, record: try StoredObject.record(of: object))
    }
}
