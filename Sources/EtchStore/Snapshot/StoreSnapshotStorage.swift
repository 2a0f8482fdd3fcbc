import Foundation

/// What a ``StoreSnapshot`` holds: every copy of a snapshot shares this one object.
final class StoreSnapshotStorage: Sendable {
    /// Each model's contents, boxed (a `TableContentsBox<Model>`), by model type.
    let tables: [ObjectIdentifier: any AnyObject & Sendable]
    /// The identity of the store's file, or of the in-memory store.
    let storeID: UUID
    /// The number of the last commit the snapshot holds.
    let tokenNumber: Int

    init(tables: [ObjectIdentifier: any AnyObject & Sendable], storeID: UUID, tokenNumber: Int) {
        self.tables = tables
        self.storeID = storeID
        self.tokenNumber = tokenNumber
    }
}
