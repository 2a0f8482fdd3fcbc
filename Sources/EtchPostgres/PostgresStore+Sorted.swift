import Etch
import EtchStore
import Foundation

extension PostgresStore {
    /// The objects of a range of an ungrouped `@sorted` field, in Etch's order: by value
    /// (`nil` first; reversed by `.reverse`), ties by id ascending in both directions;
    /// paged in SQL.
    ///
    /// - Throws: ``EtchStore/StoreError/noIndex(model:keyPath:kind:)`` without a `@sorted`
    ///   index on the field; ``EtchStore/StoreError/needsGroup(model:field:group:)`` for a
    ///   field sorted within groups only; ``PostgresError`` when the server fails.
    public func sorted<Model: IdentifiedModel, Value: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, in range: SortedRange<Value>
    ) async throws -> [Model] {
        let target: AnyKeyPath = keyPath
        guard
            let index = Model._indexes.first(where: {
                $0.kind == .sorted && $0.groupBy == nil && $0.value.keyPath == target
            })
        else {
            if let grouped = Model._indexes.first(where: { $0.kind == .sorted && $0.value.keyPath == target }),
                let group = grouped.groupBy
            {
                throw StoreError.needsGroup(model: Model.modelName, field: grouped.value.name, group: group.name)
            }
            throw Self.noIndex(Model.self, keyPath, "sorted")
        }
        return try await objects(Model.self, in: index, group: nil, range.keys)
    }

    /// The objects of a range of one group of a `@sorted(groupBy:)` field, in Etch's order.
    ///
    /// - Throws: ``EtchStore/StoreError/noIndex(model:keyPath:kind:)`` without a grouped
    ///   sorted index on the field; ``PostgresError`` when the server fails.
    public func sorted<Model: IdentifiedModel, Value: IndexableValue, Group: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Group, in range: SortedRange<Value>
    ) async throws -> [Model] {
        let target: AnyKeyPath = keyPath
        guard
            let index = Model._indexes.first(where: {
                $0.kind == .sorted && $0.groupBy != nil && $0.value.keyPath == target
            })
        else { throw Self.noIndex(Model.self, keyPath, "grouped sorted") }
        return try await objects(Model.self, in: index, group: group.indexKey, range.keys)
    }

    /// The objects of a range of a sorted index: in SQL when the value, the group and the id
    /// compare there, else in Swift over the table.
    func objects<Model: IdentifiedModel>(
        _ type: Model.Type, in index: ModelIndex<Model>, group: IndexKey?, _ range: SortedRange<IndexKey>
    ) async throws -> [Model] {
        if let lower = range.lower, let upper = range.upper, upper < lower { return [] }
        let limit = range.limit.map { max(0, $0) }
        if limit == 0 { return [] }
        let offset = max(0, range.offset)
        let table = try table(of: type)
        if let statement = Self.rangeStatement(
            Model.self, table: table, index: index, group: group, range, limit: limit, offset: offset)
        {
            return try await objects(Model.self, statement.sql, statement.parameters)
        }
        var found: [(key: IndexKey, id: IndexKey, object: Model)] = []
        for object in try await allObjects(Model.self) {
            if let group, let groupBy = index.groupBy, groupBy.key(object) != group { continue }
            let key = index.value.key(object)
            if let lower = range.lower, key < lower { continue }
            if let upper = range.upper, upper < key { continue }
            found.append((key, object.id.indexKey, object))
        }
        // Ties go by id ascending in both directions, as in the SQLite store.
        let reversed = range.order == .reverse
        found.sort { $0.key != $1.key ? (reversed ? $1.key < $0.key : $0.key < $1.key) : $0.id < $1.id }
        return found.dropFirst(offset).prefix(limit ?? .max).map(\.object)
    }

    /// The statement of a range, or `nil` when a value it compares has no SQL kind.
    static func rangeStatement<Model: IdentifiedModel>(
        _ type: Model.Type, table: PostgresModelTable, index: ModelIndex<Model>, group: IndexKey?,
        _ range: SortedRange<IndexKey>, limit: Int?, offset: Int
    ) -> (sql: String, parameters: [String?])? {
        guard let value = PostgresFieldExpression.of(index.value.keyPath, of: Model.self), let kind = value.kind,
            let typed = value.typed, let id = PostgresFieldExpression.id(of: Model.self).typed
        else { return nil }
        var parameters = PostgresParameters()
        var conditions: [String] = []
        if let group, let groupBy = index.groupBy {
            guard let field = PostgresFieldExpression.of(groupBy.keyPath, of: Model.self), let groupKind = field.kind,
                let groupTyped = field.typed
            else { return nil }
            if group == .null {
                conditions.append("(\(groupTyped)) IS NULL")
            } else {
                guard let text = groupKind.parameter(of: group) else { return nil }
                conditions.append("(\(groupTyped)) = \(groupKind.placeholder(parameters.bind(text)))")
            }
        }
        if let lower = range.lower, lower != .null {
            guard let text = kind.parameter(of: lower) else { return nil }
            conditions.append("(\(typed)) >= \(kind.placeholder(parameters.bind(text)))")
        }
        if let upper = range.upper {
            if upper == .null {
                conditions.append("(\(typed)) IS NULL")
            } else {
                guard let text = kind.parameter(of: upper) else { return nil }
                conditions.append("((\(typed)) IS NULL OR (\(typed)) <= \(kind.placeholder(parameters.bind(text))))")
            }
        }
        let direction = range.order == .reverse ? "DESC NULLS LAST" : "ASC NULLS FIRST"
        var sql = "SELECT object FROM \(table.quotedTable)"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY \(typed) \(direction), \(id) ASC"
        if let limit { sql += " LIMIT \(parameters.bind(String(limit)))::bigint" }
        if offset > 0 { sql += " OFFSET \(parameters.bind(String(offset)))::bigint" }
        return (sql, parameters.values)
    }
}

extension PostgresStore {
    /// The statement a grouped ``sorted(_:by:inGroup:in:)`` read sends, or `nil` when it
    /// reads in Swift (a value of a type SQL cannot compare as Etch does).
    package func sortedStatement<Model: IdentifiedModel, Value: IndexableValue, Group: IndexableValue>(
        _ type: Model.Type, by keyPath: KeyPath<Model, Value>, inGroup group: Group, in range: SortedRange<Value>
    ) throws -> (sql: String, parameters: [String?])? {
        let target: AnyKeyPath = keyPath
        guard let index = Model._indexes.first(where: { $0.kind == .sorted && $0.value.keyPath == target }) else {
            throw Self.noIndex(Model.self, keyPath, "sorted")
        }
        let keys = range.keys
        return Self.rangeStatement(
            Model.self, table: try table(of: type), index: index, group: index.groupBy == nil ? nil : group.indexKey,
            keys, limit: keys.limit, offset: max(0, keys.offset))
    }
}

extension SortedRange where Value: IndexableValue {
    /// The range with its ends as index keys.
    var keys: SortedRange<IndexKey> {
        SortedRange<IndexKey>(
            from: lower?.indexKey, through: upper?.indexKey, order: order, limit: limit, offset: offset)
    }
}
