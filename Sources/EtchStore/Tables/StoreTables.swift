@_spi(EtchCollections) import Etch
import Foundation

/// A store's tables: one per model type it was made with, found by type or by model name.
final class StoreTables {
    /// The tables by model type.
    private(set) var byType: [ObjectIdentifier: AnyObject] = [:]
    /// The loaders and clearers of the tables, by model name.
    private(set) var byName: [String: any AnyModelTable] = [:]
    /// The model names in the order the store was made with them.
    private(set) var names: [String] = []
    /// The model types by name.
    private var types: [String: any IdentifiedModel.Type] = [:]

    /// Makes a table per model type.
    ///
    /// - Throws: ``StoreError/duplicateModel(_:)`` when two types share a model name.
    init(models: [any IdentifiedModel.Type]) throws(StoreError) {
        for type in models { try add(type) }
    }

    private func add<Model: IdentifiedModel>(_ type: Model.Type) throws(StoreError) {
        guard byName[Model.modelName] == nil else { throw StoreError.duplicateModel(Model.modelName) }
        let table = ModelTable<Model>()
        byType[ObjectIdentifier(type)] = table
        byName[Model.modelName] = table
        types[Model.modelName] = type
        names.append(Model.modelName)
    }

    /// The table of a model type.
    ///
    /// - Throws: ``StoreError/unknownModel(_:)`` for a type the store was not made with.
    func table<Model: IdentifiedModel>(of type: Model.Type) throws(StoreError) -> ModelTable<Model> {
        guard let table = byType[ObjectIdentifier(type)] as? ModelTable<Model> else {
            throw StoreError.unknownModel(Model.modelName)
        }
        return table
    }

    /// The model type of a name.
    func type(named name: String) -> (any IdentifiedModel.Type)? { types[name] }

    /// Every table, in the order the store was made with the types.
    var all: [any AnyModelTable] { names.compactMap { byName[$0] } }
}

/// A model table whatever its type: what loading, counting and clearing need.
protocol AnyModelTable: AnyObject {
    /// The number of objects.
    var count: Int { get }
    /// The number of live observations.
    var observerCount: Int { get }
    /// The table's contents as of now, boxed for a snapshot.
    var contentsBox: any AnyObject & Sendable { get }
    /// The model's name.
    var modelName: String { get }
    /// The schema the model's objects are written with, as the file records it.
    var schemaDescription: String { get }
    /// The model's old names, from the schema's `@renamed(from:)`.
    var oldModelNames: [String] { get }
    /// A record of the model with its values under old keys moved to their fields' keys, or
    /// nil when it holds none; see ``StoredObject/renamingOldKeys(in:as:)``.
    func renamingOldKeys(in record: StoredRecord) -> StoredRecord?
    /// Reads records of the store's file at `path` into the empty table, checking the
    /// `@unique` indexes; returns the records it renamed old keys in.
    @discardableResult
    func load(_ records: [StoredRecord], path: String) throws(StoreError) -> [StoredRecord]
    /// The JSON size of every object, for ``Store/approximateSize``.
    var approximateSize: Int { get }
    /// Ends every observation.
    func finishObservers()
    /// Applies this model's `@onDelete` rules for references to a deleted object.
    func applyDeleteRules(
        owner: any IdentifiedModel.Type, deletedID: IndexKey, refusing: Bool, in transaction: StoreTransaction
    ) throws(StoreError) -> Bool
    /// Stages the deletion of every object in a transaction.
    func stageDeleteAll(in transaction: StoreTransaction) throws(StoreError)
    /// Every object as a JSON value, in id order.
    var exportedObjects: [ModelValue] { get }
    /// Stages the insertion of an exported object, checked as the model.
    func stageImport(_ object: ModelValue, in transaction: StoreTransaction) throws(StoreError)
    /// The changes another store's commit made to this model, read from its history entries.
    func staged(from entries: [HistoryEntry]) throws(StoreError) -> any StagedCommit
    /// The changes that make the table hold exactly `records`, the model's records in the file.
    func stagedReload(from records: [StoredRecord]) throws(StoreError) -> any StagedCommit
}

extension ModelTable: AnyModelTable {
    var modelName: String { Model.modelName }
    var contentsBox: any AnyObject & Sendable { snapshotBox }
    var oldModelNames: [String] { Model._schema.renamedFrom }

    func renamingOldKeys(in record: StoredRecord) -> StoredRecord? {
        StoredObject.renamingOldKeys(in: record, as: Model.self)
    }

    var approximateSize: Int {
        objects.values.reduce(0) { total, object in
            // An object kept as its JSON is measured by its bytes, not read for it.
            if case .stored(let bytes) = object, !bytes.isRead {
                return total + bytes.byteCount + MemoryLayout<Model>.size
            }
            return total + ((try? ModelValue.object(object.dictionary).jsonData().count) ?? 0)
                + MemoryLayout<Model>.size
        }
    }

    func stageDeleteAll(in transaction: StoreTransaction) throws(StoreError) {
        try transaction.deleteAll(Model.self)
    }

    var exportedObjects: [ModelValue] {
        allInIDOrder().map { .object($0.dictionary) }
    }

    func stageImport(_ object: ModelValue, in transaction: StoreTransaction) throws(StoreError) {
        let model: Model
        do {
            model = try Model(modelValue: object, context: .standard)
        } catch {
            throw StoreError.invalidExport(reason: "a \(Model.modelName) does not read: \(error)")
        }
        try transaction.insert(model)
    }
}

extension StoreTables {
    /// Every table's contents as of now, as a snapshot; O(number of model types), each
    /// table's box made again only when it changed.
    func snapshot(storeID: UUID, tokenNumber: Int) -> StoreSnapshot {
        var boxes: [ObjectIdentifier: any AnyObject & Sendable] = [:]
        boxes.reserveCapacity(byType.count)
        for (type, table) in byType {
            // The box of a type's table goes under the type: `StoreSnapshot.contents(of:)` relies on it.
            boxes[type] = (table as! any AnyModelTable).contentsBox
        }
        return StoreSnapshot(tables: boxes, storeID: storeID, tokenNumber: tokenNumber)
    }
}
