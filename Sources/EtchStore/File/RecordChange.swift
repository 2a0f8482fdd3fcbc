/// One change of a commit to a ``StoreFile``.
package enum RecordChange: Sendable, Equatable {
    /// Inserts the record, or replaces the one with the same model and id.
    case put(StoredRecord)
    /// Deletes the record with this model and id; nothing happens when there is none.
    case delete(model: String, id: String)
    /// Deletes every record of one model, or every record of every model when `model` is nil.
    case deleteAll(model: String?)
}
