/// One stored object as the file holds it: a row of the `objects` table.
package struct StoredRecord: Sendable, Equatable {
    /// The model's name, for example "Album".
    package var model: String
    /// The object's id as text (the store makes it); unique within `model`.
    package var id: String
    /// The object's JSON bytes.
    package var body: [UInt8]
    /// The JSON of the object's `@local` values, or nil when they all have their defaults.
    package var local: [UInt8]?

    /// Makes a record.
    ///
    /// ```swift
    /// let record = StoredRecord(model: "Album", id: "1", body: Array(#"{"title":"Blue"}"#.utf8), local: nil)
    /// ```
    package init(model: String, id: String, body: [UInt8], local: [UInt8]?) {
        self.model = model
        self.id = id
        self.body = body
        self.local = local
    }
}
