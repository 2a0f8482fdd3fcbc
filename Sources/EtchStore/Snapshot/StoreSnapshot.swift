@_spi(EtchCollections) import Etch
import Foundation

/// A store as of one commit: an immutable value holding every table and index, read
/// synchronously, that no later commit changes.
///
/// Taking one is O(1) and needs no `await` (``Store/snapshot``), so a SwiftUI view's body
/// can read it; it shares its structure with the store, which copies only the tree nodes a
/// later commit changes. A snapshot stays valid after its store moves on or closes. The
/// store's own reads go through its current snapshot, so a read never waits for a write's
/// file work: it sees the store as of the last durable commit. (Taking the snapshot may
/// wait for a small commit's in-place apply, microseconds: ``Store/snapshot``.)
///
/// ```swift
/// let snapshot = store.snapshot
/// let album = try snapshot.object(Album.self, id: "b1")
/// let count = try snapshot.count(Album.self)
/// ```
public struct StoreSnapshot: Sendable {
    /// What the snapshot holds, in one object every copy of it shares, so that the store can
    /// tell when no read holds a snapshot it stopped publishing (see ``RetiredSnapshots``).
    private var storage: StoreSnapshotStorage

    init(tables: [ObjectIdentifier: any AnyObject & Sendable], storeID: UUID, tokenNumber: Int) {
        storage = StoreSnapshotStorage(tables: tables, storeID: storeID, tokenNumber: tokenNumber)
    }

    /// Each model's contents, boxed (a `TableContentsBox<Model>`), by model type.
    var tables: [ObjectIdentifier: any AnyObject & Sendable] { storage.tables }
    /// The identity of the store's file, or of the in-memory store.
    var storeID: UUID { storage.storeID }
    /// The number of the last commit the snapshot holds.
    var tokenNumber: Int { storage.tokenNumber }

    /// A snapshot of no tables, held by a store's read state only while a commit changes the
    /// tables in place (see ``Store/applyInPlace(_:token:)``), under the read lock.
    static let placeholder = StoreSnapshot(tables: [:], storeID: UUID(), tokenNumber: 0)

    /// Whether this is the only copy of the snapshot: no read holds another.
    mutating func isUnshared() -> Bool { isKnownUniquelyReferenced(&storage) }

    /// The history token of the last commit the snapshot holds: ``Store/history(since:)``
    /// with it lists the commits made after the snapshot was taken.
    public var historyToken: HistoryToken { HistoryToken(storeID: storeID, number: tokenNumber) }

    /// The contents of a model type's table.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    func contents<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> TableContents<Model> {
        guard let box = tables[ObjectIdentifier(type)] else { throw StoreError.unknownModel(Model.modelName) }
        // The box under a type's identifier is always that type's: see `StoreTables.snapshot`.
        return unsafeDowncast(box, to: TableContentsBox<Model>.self).contents
    }

    /// The object of a type with an id.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    /// - Complexity: O(log₃₂ *n*).
    public func object<Model: IdentifiedModel>(_ type: Model.Type, id: Model.ID) throws(StoreError) -> Model? {
        try contents(of: type).object(id.indexKey)
    }

    /// The object a reference points to, or `nil` when it dangles.
    public func resolve<Model: IdentifiedModel>(_ reference: Ref<Model>) throws(StoreError) -> Model? {
        try object(Model.self, id: reference.id)
    }

    /// Every object of a type, in id order.
    /// - Complexity: O(*n*).
    public func objects<Model: IdentifiedModel>(_ type: Model.Type) throws(StoreError) -> [Model] {
        try contents(of: type).allInIDOrder()
    }

    /// The number of objects of a type.
    /// - Complexity: O(1).
    public func count<Model: IdentifiedModel>(_ type: Model.Type) throws(StoreError) -> Int {
        try contents(of: type).count
    }
}

extension StoreSnapshot {
    /// The number of objects of every type.
    /// - Complexity: O(number of model types).
    public var count: Int {
        tables.values.reduce(0) { $0 + ($1 as! any SnapshotCounting).objectCount }
    }
}

/// A boxed table's object count, whatever its model type.
protocol SnapshotCounting {
    var objectCount: Int { get }
}

extension TableContentsBox: SnapshotCounting {
    var objectCount: Int { contents.count }
}
