/// One object one commit changed, as the store's file records it in the commit's history
/// row: the model, the stored id, what happened, and the object's JSON after the change (for
/// a deletion, its last JSON), with its `@local` values.
package struct HistoryEntry: Sendable, Equatable {
    /// What a commit did to an object.
    package enum Kind: UInt8, Sendable {
        /// The object was not there before.
        case insert = 1
        /// The object replaced a different version with the same id.
        case update = 2
        /// The object was deleted; the entry holds its last version.
        case delete = 3
    }

    /// What happened.
    package var kind: Kind
    /// The object's JSON and local values, after the change (before it, for a deletion).
    package var record: StoredRecord

    package init(kind: Kind, record: StoredRecord) {
        self.kind = kind
        self.record = record
    }

    /// The most bytes the entry takes in a history row: its fields and, for the kind byte and
    /// four lengths, at most 41 more.
    var byteCount: Int {
        record.model.utf8.count + record.id.utf8.count + record.body.count + (record.local?.count ?? 0) + 41
    }

    /// The change the store's objects table takes for this entry.
    var recordChange: RecordChange {
        switch kind {
        case .insert, .update: .put(record)
        case .delete: .delete(model: record.model, id: record.id)
        }
    }
}

/// One commit as the history table holds it: its token's number, its time and its entries.
package struct HistoryRow: Sendable, Equatable {
    /// The commit's token number.
    package var token: Int
    /// When it committed, in seconds since 1970.
    package var time: Double
    /// What it changed, in commit order.
    package var entries: [HistoryEntry]

    package init(token: Int, time: Double, entries: [HistoryEntry]) {
        self.token = token
        self.time = time
        self.entries = entries
    }
}
