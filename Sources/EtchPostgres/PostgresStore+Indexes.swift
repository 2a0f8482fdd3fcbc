import Etch
import EtchStore
import Foundation

extension PostgresStore {
    /// The object whose `@unique` field holds a value; `nil` for a `nil` value.
    ///
    /// The statement compares the field as Etch's index does (text normalized, by code point).
    ///
    /// - Throws: ``EtchStore/StoreError/noIndex(model:keyPath:kind:)`` when the field is not
    ///   `@unique`; ``PostgresError`` when the server fails.
    public func unique<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, _ keyPath: KeyPath<Model, Value>, _ value: Value
    ) async throws -> Model? {
        let target: AnyKeyPath = keyPath
        guard let index = Model._indexes.first(where: { $0.kind == .unique && $0.value.keyPath == target }) else {
            throw Self.noIndex(Model.self, keyPath, "unique")
        }
        let key = value.indexKey
        guard key != .null else { return nil }
        return try await objects(Model.self, where: index.value, is: key).first
    }

    /// The objects whose `@index` (or `@unique`) field holds a value, in id order; for `nil`,
    /// those without a value.
    ///
    /// - Throws: ``EtchStore/StoreError/noIndex(model:keyPath:kind:)`` when the field has no
    ///   such index; ``PostgresError`` when the server fails.
    public func objects<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, where keyPath: KeyPath<Model, Value>, is value: Value
    ) async throws -> [Model] {
        let target: AnyKeyPath = keyPath
        guard
            let index = Model._indexes.first(where: { $0.kind == .index && $0.value.keyPath == target })
                ?? Model._indexes.first(where: { $0.kind == .unique && $0.value.keyPath == target })
        else { throw Self.noIndex(Model.self, keyPath, "@index or @unique") }
        return try await objects(Model.self, where: index.value, is: value.indexKey)
    }

    /// The objects whose indexed value has a key, in id order: found in SQL when the field's
    /// values compare there (then put in id order in Swift), else in Swift over the table.
    func objects<Model: IdentifiedModel>(
        _ type: Model.Type, where value: ModelIndex<Model>.Value, is key: IndexKey
    ) async throws -> [Model] {
        let table = try table(of: type)
        if let statement = table.lookups[value.name]?.statement(for: key) {
            return try await objects(Model.self, statement.sql, statement.parameters, inIDOrder: true)
        }
        let all = try await allObjects(Model.self)
        return all.filter { value.key($0) == key }
    }

    /// The rows of a statement whose first column is an object, as objects, decoded as they
    /// come (see ``PostgresConnectionPool/query(_:_:into:)``): in the rows' order, or in id
    /// order (see ``PostgresObjectReader``).
    func objects<Model: IdentifiedModel>(
        _ type: Model.Type, _ statement: String, _ parameters: [String?], inIDOrder: Bool = false
    ) async throws -> [Model] {
        let reader = PostgresObjectReader(type, statement: statement, inIDOrder: inIDOrder)
        return try await pool.query(statement, parameters, into: reader)
    }

    /// Every object of a type, in id order (Etch's, sorted in Swift).
    func allObjects<Model: IdentifiedModel>(_ type: Model.Type) async throws -> [Model] {
        let table = try table(of: type)
        return try await objects(type, "SELECT object FROM \(table.quotedTable)", [], inIDOrder: true)
    }

    /// The error for a read through an index the model lacks, naming the field as the
    /// schema spells it: the SQLite store's.
    static func noIndex<Model: IdentifiedModel>(_ type: Model.Type, _ keyPath: AnyKeyPath, _ kind: String)
        -> StoreError
    {
        Store.noIndex(type, keyPath, kind)
    }
}
