import Etch
import Foundation

/// The staged changes of one model type, as a commit handles them whatever the type.
protocol StagedCommit: AnyObject {
    /// Checks the changes against the table's `@unique` indexes.
    func check() throws(StoreError)
    /// The changes as the store's file records them.
    func records() throws(StoreError) -> [RecordChange]
    /// Applies the changes to the table and tells its subscribers, as commit number `commit`.
    func apply(commit: Int)
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

    func records() throws(StoreError) -> [RecordChange] {
        var result: [RecordChange] = clearsAll ? [.deleteAll(model: Model.modelName)] : []
        for id in order {
            guard let change = changes[id] else { continue }
            guard let object = change else {
                if !clearsAll { result.append(.delete(model: Model.modelName, id: StoredID.text(of: id))) }
                continue
            }
            result.append(.put(try StoredObject.record(of: object)))
        }
        return result
    }

    func apply(commit: Int) {
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
    }
}
