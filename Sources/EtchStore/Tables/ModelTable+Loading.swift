@_spi(EtchCollections) import Etch
import Foundation

extension ModelTable {
    /// Reads the model's records of the file at `path` into the empty table.
    ///
    /// - Returns: The records whose values under a field's old keys (`@renamed(from:)`) were
    ///   moved to the field's key, for the opening to write back.
    ///
    /// Every record is read before anything is said, so an error about objects that no longer
    /// read as the model counts them all and names the field most of them fail at.
    ///
    /// - Throws: ``StoreError/incompatibleSchema(path:model:field:objects:exampleID:reason:fix:)``
    ///   for objects the schema cannot read; ``StoreError/unreadableObject(model:id:reason:)``
    ///   for one that is not JSON; ``StoreError/uniqueViolation(model:field:value:existingID:newID:)``
    ///   when two objects hold one value of a `@unique` field.
    /// - Complexity: O(*n* log *n*) for *n* records.
    @discardableResult
    func load(_ records: [StoredRecord], path: String) throws(StoreError) -> [StoredRecord] {
        var loaded: [Model] = []
        loaded.reserveCapacity(records.count)
        var failures = SchemaFailures()
        var renamed: [StoredRecord] = []
        let renames = Model._schema.fields.contains { !$0.renamedFrom.isEmpty }
        for record in records {
            do {
                var record = record
                if renames, let moved = StoredObject.renamingOldKeys(in: record, as: Model.self) {
                    record = moved
                    renamed.append(moved)
                }
                loaded.append(try StoredObject.decode(record, as: Model.self, renaming: false))
            } catch let error as ModelError {
                failures.add(error, id: record.id)
            } catch {
                throw StoreError.unreadableObject(model: Model.modelName, id: record.id, reason: "\(error)")
            }
        }
        try finishLoading(LoadedObjects(loaded, indexes: indexes.map(\.index)), failures: failures, path: path)
        return renamed
    }

    /// Fills the empty table with the objects read from the file at `path`, unless some
    /// records did not read as the model or two objects hold one value of a `@unique` field.
    ///
    /// - Throws: as ``load(_:path:)``.
    func finishLoading(_ loaded: LoadedObjects, failures: SchemaFailures, path: String) throws(StoreError) {
        if let failure = failures.mostCommon {
            let field = Self.fieldName(at: failure.error.keyPath)
            throw StoreError.incompatibleSchema(
                path: path, model: Model.modelName, field: field, objects: failure.count,
                exampleID: failure.exampleID, reason: failure.error.message,
                fix: Self.fix(for: failure.error, field: field))
        }
        try load(loaded)
    }

    /// The schema's name of the field at a key path into an object's JSON — `unread` for
    /// `stats.unread` when `@key("stats.unread") var unread` — and the path itself below it
    /// (`owner.name` for a nested model's field); the key path when no field declares it.
    static func fieldName(at keyPath: [KeyPathComponent]) -> String {
        let keys = keyPath.map { component -> String in
            switch component {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            }
        }
        for field in Model._schema.fields where keys.starts(with: field.path) {
            let rest = keyPath.dropFirst(field.path.count)
            guard !rest.isEmpty else { return field.name }
            let below = Array(rest).keyPathDescription
            return field.name + (below.hasPrefix("[") ? "" : ".") + below
        }
        return keyPath.keyPathDescription
    }

    /// How to fix a schema that cannot read stored objects, in the schema's own words.
    private static func fix(for error: ModelError, field: String) -> String {
        switch error.kind {
        case .missingKey:
            "Give '\(field)' a default in the schema (`= …`) or make it optional, or register a StoreMigration "
                + "that sets it."
        case .typeMismatch, .invalidValue:
            "Keep '\(field)' a type its stored values read as (widening, such as Int to Double or T to T?, is fine), "
                + "or register a StoreMigration that converts them."
        case .immutableField:
            "Register a StoreMigration that converts the stored values."
        }
    }

    /// The schema the model's objects are written with: each field's name, wire key, value
    /// type and whether it has a default, and each index, as JSON text with sorted keys.
    var schemaDescription: String {
        let fields: [[String: String]] = Model._schema.fields.map { field in
            [
                "name": field.name, "key": field.path.joined(separator: "."), "type": field.valueTypeName,
                "default": field.hasDefault ? "yes" : "no",
            ]
        }
        let indexes: [[String: String]] = Model._indexes.map { index in
            ["name": index.name, "kind": "\(index.kind)"]
        }
        let description: [String: [[String: String]]] = ["fields": fields, "indexes": indexes]
        guard let data = try? JSONSerialization.data(withJSONObject: description, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The objects of one model that its schema could not read, grouped by field and kind of
/// error, so the error names the most common one with a count.
struct SchemaFailures {
    struct Group {
        var field: String
        var error: ModelError
        var count: Int
        var exampleID: String
    }

    private var groups: [String: Group] = [:]

    mutating func add(_ error: ModelError, id: String) {
        let field = error.keyPath.keyPathDescription
        let key = "\(field)\u{0}\(error.message)"
        if groups[key] == nil {
            groups[key] = Group(field: field, error: error, count: 0, exampleID: id)
        }
        groups[key]!.count += 1
    }

    /// Adds the failures of the records read after this one's, keeping each group's first
    /// example.
    mutating func merge(_ later: SchemaFailures) {
        for (key, group) in later.groups {
            if let known = groups[key] {
                groups[key]!.count = known.count + group.count
            } else {
                groups[key] = group
            }
        }
    }

    /// The group with the most objects; ties go to the first field in key order.
    var mostCommon: Group? {
        groups.values.max { ($0.count, $1.field) < ($1.count, $0.field) }
    }
}
