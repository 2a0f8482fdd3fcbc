@_spi(EtchCollections) import Etch
import Foundation

/// How objects and their ids are written into, and read from, a store's file.
enum StoredObject {
    /// The record of an object: its JSON, and its `@local` values as JSON unless they are
    /// the defaults.
    static func record<Model: IdentifiedModel>(of object: Model) throws(StoreError) -> StoredRecord {
        let id = StoredID.text(of: object.id.indexKey)
        let body: [UInt8]
        do {
            // The bytes as the writer made them: no copy into `Data` and out again.
            body = try ModelValue.object(object.dictionary).jsonBytes()
        } catch {
            throw StoreError.unwritableObject(model: Model.modelName, id: id, reason: "\(error)")
        }
        var local: [UInt8]?
        if object.localValues != Model.LocalValues() {
            do {
                local = Array(try JSONEncoder().encode(object.localValues))
            } catch {
                throw StoreError.unwritableObject(model: Model.modelName, id: id, reason: "local values: \(error)")
            }
        }
        return StoredRecord(model: Model.modelName, id: id, body: body, local: local)
    }

    /// The object of a record, with its `@local` values.
    static func object<Model: IdentifiedModel>(of record: StoredRecord, as type: Model.Type) throws(StoreError) -> Model
    {
        do {
            return try decode(record, as: type)
        } catch {
            throw StoreError.unreadableObject(model: Model.modelName, id: record.id, reason: "\(error)")
        }
    }

    /// The object of a record, with its `@local` values.
    ///
    /// - Throws: ``ModelError`` for JSON that does not fit the model's schema (a schema
    ///   change), anything else for bytes that are not JSON or local values that do not read.
    ///
    /// - Parameter renaming: Whether to move values under a field's old keys first (see
    ///   ``renamingOldKeys(in:as:)``); false when the caller did.
    static func decode<Model: IdentifiedModel>(_ record: StoredRecord, as type: Model.Type, renaming: Bool = true)
        throws -> Model
    {
        let record = renaming ? renamingOldKeys(in: record, as: type) ?? record : record
        var object: Model
        do {
            object = try Model(jsonData: Data(record.body))
        } catch {
            if let modelError = error.modelError { throw modelError }
            throw error
        }
        if let local = record.local {
            object = object.replacingLocalValues(try JSONDecoder().decode(Model.LocalValues.self, from: Data(local)))
        }
        return object
    }
}

extension StoredObject {
    /// The record with each value stored under a field's old wire key (the schema's
    /// `@renamed(from:)`) moved to the field's key, or nil when it holds none: what makes an
    /// object written before a rename read as today's model.
    ///
    /// - Complexity: O(*f*) for a model without renamed fields; a parse and a write of the
    ///   object's JSON when one is moved.
    static func renamingOldKeys<Model: IdentifiedModel>(in record: StoredRecord, as type: Model.Type) -> StoredRecord? {
        let renamed = Model._schema.fields.filter { !$0.renamedFrom.isEmpty }
        guard !renamed.isEmpty, case .object(var dictionary)? = try? ModelValue(jsonData: Data(record.body)) else {
            return nil
        }
        var changed = false
        for field in renamed where dictionary.value(atPath: field.path) == nil {
            for old in field.renamedFrom {
                let oldPath = old.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard let value = dictionary.value(atPath: oldPath) else { continue }
                dictionary.setValue(nil, atPath: oldPath)
                dictionary.setValue(value, atPath: field.path)
                changed = true
                break
            }
        }
        guard changed, let body = try? ModelValue.object(dictionary).jsonData() else { return nil }
        var renamedRecord = record
        renamedRecord.body = Array(body)
        return renamedRecord
    }
}

/// The text an id is stored under: its index key's description (`"u1"` with quotes for a
/// string, digits for a number), distinct for distinct ids of one type.
enum StoredID {
    static func text(of id: IndexKey) -> String { id.description }
}
