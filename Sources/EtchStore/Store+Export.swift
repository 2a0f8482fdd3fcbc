@_spi(EtchCollections) import Etch
import Foundation

extension Store {
    /// The format name an export carries.
    static let exportFormat = "etch.store"

    /// The whole object graph as one JSON document: every object of every type, with its
    /// model's name, references as the ids they hold (so cycles need nothing special), and
    /// every key the objects arrived with; `@local` values stay on the device.
    ///
    /// ```json
    /// {"format":"etch.store","version":1,"objects":{"Artist":[{"id":"a1",…}],"Album":[…]}}
    /// ```
    ///
    /// ModelKit's `serialize` with `ModelPointer`, for backups, fixtures and moving data
    /// between stores; ``importGraph(from:)`` reads it back.
    ///
    /// - Throws: ``StoreError/unwritableObject(model:id:reason:)`` for an object JSON cannot
    ///   hold (a non-finite double).
    public func exportGraph() throws(StoreError) -> Data {
        try catchUpIfStale()
        var objects = ModelDictionary()
        for name in tables.names {
            guard let table = tables.byName[name], table.count > 0 else { continue }
            objects.setValue(.array(table.exportedObjects), atPath: [name])
        }
        let document: ModelValue = ["format": .string(Self.exportFormat), "version": 1, "objects": .object(objects)]
        do {
            return try document.jsonData()
        } catch {
            throw StoreError.unwritableObject(model: "export", id: "\(error.keyPath)", reason: "\(error)")
        }
    }

    /// Reads an export into the store as one transaction: each object inserts or replaces
    /// the one with its id (keeping that one's `@local` values); objects not in the export
    /// stay. Nothing changes when anything in the document is wrong.
    ///
    /// - Throws: ``StoreError/invalidExport(reason:)`` for a document that is not an export
    ///   or holds an object that does not read as its model; ``StoreError/unknownModel(_:)``
    ///   for a model the store was not made with; a unique violation.
    public func importGraph(from data: Data) throws(StoreError) {
        let document: ModelValue
        do {
            document = try ModelValue(jsonData: data)
        } catch {
            throw StoreError.invalidExport(reason: "\(error)")
        }
        guard document["format"] == .string(Self.exportFormat) else {
            throw StoreError.invalidExport(reason: "its \"format\" is not \"\(Self.exportFormat)\"")
        }
        guard document["version"] == 1 else {
            throw StoreError.invalidExport(
                reason: "version \(document["version"]?.description ?? "missing"); this Etch reads 1")
        }
        guard case .object(let objects)? = document["objects"] else {
            throw StoreError.invalidExport(reason: "\"objects\" is not an object")
        }
        try beginWrite()
        do throws(StoreError) {
            let transaction = StoreTransaction(tables: tables)
            for (name, value) in objects {
                guard let table = tables.byName[name] else { throw StoreError.unknownModel(name) }
                guard case .array(let elements) = value else {
                    throw StoreError.invalidExport(reason: "\"objects.\(name)\" is not an array")
                }
                for element in elements { try table.stageImport(element, in: transaction) }
            }
            try commit(transaction)
            try endWrite()
        } catch {
            abortWrite()
            throw error
        }
    }
}
