import Etch
import EtchStore
import Foundation

extension PostgresStore {
    /// The objects a query matches, sorted by its descriptors (ties by id ascending), paged:
    /// the answer of the SQLite store for the same objects.
    ///
    /// The predicate is translated to SQL where it can be (comparisons of fields with
    /// constants, `&&`, `||`, `!`, `in`, ranges, `nil` checks; `starts(with:)` and text
    /// `contains` narrow with `LIKE`), every value a parameter; what does not translate is
    /// evaluated in Swift on the rows the SQL narrowed. Descriptors of indexed fields become
    /// `ORDER BY`; others sort in Swift. The limit and offset go to the server only when the
    /// whole predicate and sort did.
    ///
    /// ```swift
    /// try await store.fetch(StoreQuery<Album>(
    ///     predicate: #Predicate { $0.artist == "a1" && $0.year >= 1960 },
    ///     sortBy: [SortDescriptor(\.year)], fetchLimit: 20))
    /// ```
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; what the predicate's evaluation
    ///   throws; ``PostgresError`` when the server fails.
    public func fetch<Model: IdentifiedModel>(_ query: StoreQuery<Model>) async throws -> [Model] {
        if let limit = query.fetchLimit, limit <= 0 { return [] }
        let statement = try fetchStatement(for: query)
        // Rows that are the answer once in id order are put in order as they come.
        let inIDOrder = statement.isComplete && !statement.isOrdered && query.sortBy.isEmpty
        let rows = try await objects(Model.self, statement.sql, statement.parameters, inIDOrder: inIDOrder)
        return inIDOrder ? rows : try Self.answer(query, from: rows, of: statement)
    }

    /// ``fetch(_:)`` on a connection, in whatever transaction it is in.
    func fetch<Model: IdentifiedModel>(_ query: StoreQuery<Model>, on connection: PostgresConnection) throws -> [Model]
    {
        if let limit = query.fetchLimit, limit <= 0 { return [] }
        let statement = try fetchStatement(for: query)
        let rows = try PostgresModelTable.objects(Model.self, statement.sql, statement.parameters, on: connection)
        return try Self.answer(query, from: rows, of: statement)
    }

    /// A query's answer from the rows of its statement: the rows themselves, sorted in Swift
    /// when the statement left the order to it, or the rows filtered, sorted and paged.
    static func answer<Model: IdentifiedModel>(
        _ query: StoreQuery<Model>, from rows: [Model], of statement: FetchStatement
    ) throws -> [Model] {
        guard statement.isComplete else { return try answer(query, from: rows) }
        guard !statement.isOrdered, rows.count > 1 else { return rows }
        if query.sortBy.isEmpty { return PostgresModelTable.inIDOrder(rows) }
        var keyed = rows.map { (id: $0.id.indexKey, model: $0) }
        QueryOrder(query.sortBy, indexes: Model._indexes).sort(&keyed)
        return keyed.map(\.model)
    }

    /// A query's answer from the rows SQL narrowed: the predicate evaluated on each, then
    /// sorted and paged in Swift.
    static func answer<Model: IdentifiedModel>(_ query: StoreQuery<Model>, from rows: [Model]) throws -> [Model] {
        let evaluation = QueryEvaluation(query)
        var matches: [(id: IndexKey, model: Model)] = []
        for candidate in rows where try evaluation.matches(candidate) {
            matches.append((candidate.id.indexKey, candidate))
        }
        QueryOrder(query.sortBy, indexes: Model._indexes).sort(&matches)
        return matches.dropFirst(max(0, query.fetchOffset)).prefix(max(0, query.fetchLimit ?? .max)).map(\.model)
    }

    /// The statement ``fetch(_:)`` sends for a query: its SQL and parameters, and whether
    /// its rows are the answer (the whole predicate and sort translated, the page in SQL)
    /// or candidates that Swift then filters, sorts and pages.
    ///
    /// A query without a page has its rows sorted in Swift (`isOrdered` false): the
    /// server would otherwise compute each row's sort keys, the normalized id among them,
    /// which costs it more than the sort costs here. A page is sorted by the server, which
    /// then sends only the page.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``.
    package func fetchStatement<Model: IdentifiedModel>(for query: StoreQuery<Model>) throws -> FetchStatement {
        let table = try table(of: Model.self)
        var statement = Self.selection(of: query, table: table, columns: "object")
        guard statement.isExact, let order = Self.orderBy(query.sortBy, of: Model.self) else {
            return FetchStatement(sql: statement.sql, parameters: statement.parameters.values, isComplete: false)
        }
        if query.fetchLimit == nil && query.fetchOffset <= 0 {
            return FetchStatement(
                sql: statement.sql, parameters: statement.parameters.values, isComplete: true, isOrdered: false)
        }
        statement.sql += " ORDER BY " + order
        if let limit = query.fetchLimit {
            statement.sql += " LIMIT \(statement.parameters.bind(String(max(0, limit))))::bigint"
        }
        if query.fetchOffset > 0 {
            statement.sql += " OFFSET \(statement.parameters.bind(String(query.fetchOffset)))::bigint"
        }
        return FetchStatement(sql: statement.sql, parameters: statement.parameters.values, isComplete: true)
    }

    /// What ``fetchStatement(for:)`` makes of a query.
    package struct FetchStatement: Sendable {
        /// The statement.
        package var sql: String
        /// Its parameters, `$1` first.
        package var parameters: [String?]
        /// Whether its rows are the answer, once in order: the whole predicate, the sort and
        /// the page are in SQL.
        package var isComplete: Bool
        /// Whether its rows come in the answer's order (`ORDER BY`).
        package var isOrdered = true
    }

    /// The number of objects a query matches, ignoring its limit and offset: `SELECT count(*)`
    /// when the whole predicate translates, else a count of the rows SQL narrowed that the
    /// predicate holds for.
    ///
    /// - Throws: ``EtchStore/StoreError/unknownModel(_:)``; what the predicate's evaluation
    ///   throws; ``PostgresError`` when the server fails.
    public func fetchCount<Model: IdentifiedModel>(_ query: StoreQuery<Model>) async throws -> Int {
        let table = try table(of: Model.self)
        let statement = Self.selection(of: query, table: table, columns: "count(*)")
        if statement.isExact {
            let parameters = statement.parameters.values
            let count = try await read { connection in try connection.execute(statement.sql, parameters).singleValue }
            return count.flatMap { Int($0) } ?? 0
        }
        let narrowed = Self.selection(of: query, table: table, columns: "object")
        let candidates = try await objects(Model.self, narrowed.sql, narrowed.parameters.values)
        let evaluation = QueryEvaluation(query)
        return try candidates.reduce(0) { try $0 + (evaluation.matches($1) ? 1 : 0) }
    }

    /// `SELECT columns FROM table WHERE …` for a query's predicate, and whether the `WHERE`
    /// is the whole predicate.
    static func selection<Model: IdentifiedModel>(
        of query: StoreQuery<Model>, table: PostgresModelTable, columns: String
    ) -> (sql: String, parameters: PostgresParameters, isExact: Bool) {
        var parameters = PostgresParameters()
        var sql = "SELECT \(columns) FROM \(table.quotedTable)"
        guard let predicate = query.predicate else { return (sql, parameters, true) }
        guard let condition = PostgresPredicateTranslator.translate(predicate, parameters: &parameters) else {
            return (sql, parameters, false)
        }
        sql += " WHERE " + condition.sql
        return (sql, parameters, condition.isExact)
    }

    /// `ORDER BY` of sort descriptors then the id, as the SQLite store orders; `nil` when a
    /// descriptor is not of an indexed field whose values SQL compares as Etch does.
    static func orderBy<Model: IdentifiedModel>(_ descriptors: [SortDescriptor<Model>], of type: Model.Type) -> String?
    {
        guard let id = PostgresFieldExpression.id(of: Model.self).typed else { return nil }
        var terms: [String] = []
        for descriptor in descriptors {
            guard
                let (value, reversed) = Model._indexes.lazy.compactMap({ index in
                    QueryOrder.direction(of: descriptor, on: index.value).map { (index.value, $0) }
                }).first,
                let typed = PostgresFieldExpression.of(value.keyPath, of: Model.self)?.typed
            else { return nil }
            terms.append("\(typed) \(reversed ? "DESC NULLS LAST" : "ASC NULLS FIRST")")
        }
        terms.append("\(id) ASC")
        return terms.joined(separator: ", ")
    }
}
