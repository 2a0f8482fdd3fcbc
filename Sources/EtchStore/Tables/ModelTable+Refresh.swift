@_spi(EtchCollections) import Etch

extension ModelTable {
    /// The changes another store's commit made to this model, as staged changes that
    /// ``StagedCommit/apply(commit:)`` applies and publishes like the store's own.
    ///
    /// - Throws: ``StoreError/unreadableObject(model:id:reason:)`` for an object that does not
    ///   read as `Model`.
    /// - Complexity: O(*m*) for *m* entries, each object decoded once.
    func staged(from entries: [HistoryEntry]) throws(StoreError) -> any StagedCommit {
        let staged = StagedChanges(table: self)
        for entry in entries {
            guard entry.kind == .delete else {
                let object = try StoredObject.object(of: entry.record, as: Model.self)
                staged.set(object, for: object.id.indexKey)
                continue
            }
            // A deleted object's last JSON may be of an older schema: find it by its stored id.
            if let object = try? StoredObject.object(of: entry.record, as: Model.self) {
                staged.set(nil, for: object.id.indexKey)
            } else if let id = objects.keys.first(where: { StoredID.text(of: $0) == entry.record.id }) {
                staged.set(nil, for: id)
            }
        }
        return staged
    }

    /// The changes that make the table hold exactly `records`: each record's object, and the
    /// deletion of every object the records do not hold.
    ///
    /// - Complexity: O(*n*) for *n* records and objects, each record decoded once.
    func stagedReload(from records: [StoredRecord]) throws(StoreError) -> any StagedCommit {
        let staged = StagedChanges(table: self)
        var kept: Set<IndexKey> = []
        kept.reserveCapacity(records.count)
        for record in records {
            let object = try StoredObject.object(of: record, as: Model.self)
            let id = object.id.indexKey
            kept.insert(id)
            staged.set(object, for: id)
        }
        for id in objects.keys where !kept.contains(id) { staged.set(nil, for: id) }
        return staged
    }
}
