import Etch
import Foundation

/// The staged changes of one model type, as a commit handles them whatever the type.
protocol StagedCommit: AnyObject {
    /// Checks the changes against the table's `@unique` indexes.
    func check() throws(StoreError)
    /// What the changes do to the table as it is now, one change per object that changes, in
    /// the order the transaction first changed each: what the history records. A put of an
    /// object equal to the one held (`@local` values included) changes nothing and is left out.
    func committedChanges() -> [CommittedChange]
    /// Whether the changes delete every object of the type first (so the file deletes them
    /// with one statement).
    var clearsAll: Bool { get }
    /// Applies the changes to the table and tells its subscribers, as commit number `commit`.
    /// - Returns: Whether anything changed.
    func apply(commit: Int) -> Bool
    /// The model's name.
    var modelName: String { get }
    /// The ids of the objects the changes delete that the store holds now or the transaction
    /// put earlier.
    var deletedIDs: [IndexKey] { get }
}

extension StagedChanges: StagedCommit {
    var modelName: String { Model.modelName }

    var deletedIDs: [IndexKey] {
        order.filter { id in changes[id] == .some(nil) && table.object(id) != nil }
    }

    func check() throws(StoreError) {
        try table.checkUnique(changes, order: order)
    }

    func committedChanges() -> [CommittedChange] {
        var changes: [CommittedChange] = []
        for id in order {
            guard let change = self.changes[id] else { continue }
            switch (table.object(id), change) {
            case (nil, nil):
                continue
            case (let old?, nil):
                changes.append(CommittedChange(kind: .delete, object: old))
            case (nil, let new?):
                changes.append(CommittedChange(kind: .insert, object: new))
            case (let old?, let new?):
                if old == new && old.localValues == new.localValues { continue }
                changes.append(CommittedChange(kind: .update, object: new))
            }
        }
        return changes
    }

    func apply(commit: Int) -> Bool {
        var event = StoreChange<Model>(commit: commit)
        for id in order {
            guard let change = changes[id] else { continue }
            let old = table.object(id)
            switch (old, change) {
            case (nil, nil): continue
            case (let old?, nil): event.deleted.append(old)
            case (nil, let new?): event.inserted.append(new)
            case (let old?, let new?):
                if old == new && old.localValues == new.localValues { continue }
                event.updated.append(new)
            }
            table.set(change, for: id)
        }
        if !event.isEmpty { table.publish(event) }
        return !event.isEmpty
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
