import Etch
import Foundation

/// One batch of ``PostgresStoreTransaction/insert(contentsOf:)``: its objects' ids and
/// `@unique` values, the statement that reads what the table holds of them, and what it read.
///
/// The batch can be written in one statement when writing its objects one at a time in
/// order would meet no `@unique` value held by another object: no id or `@unique` value
/// repeats within it, and each value of it the table holds is held by the object the batch
/// gives it to. ``init(_:)`` checks the first, ``readCurrent(_:)`` the second.
struct PostgresBatch<Model: IdentifiedModel> {
    /// A `@unique` index, its column, and which object of the batch has each value.
    private struct Unique {
        let index: ModelIndex<Model>
        let kind: PostgresValueKind
        let column: PostgresColumn
        /// The position of the object of the batch that has each value.
        var positions: [IndexKey: Int] = [:]
        /// The values as parameters, an array's elements.
        var parameters: [String?] = []
    }

    /// The objects, in order.
    let objects: [Model]
    /// Each object's position, by its id.
    private var positions: [IndexKey: Int] = [:]
    /// The ids as parameters of their column, in order.
    private var ids: [String?] = []
    /// The table.
    private let table: PostgresModelTable
    /// The model's `@unique` indexes.
    private var uniques: [Unique] = []
    /// The version of each object the table holds, once ``readCurrent(_:)`` read them.
    private(set) var current: [Model?]

    /// A batch; `nil` when an id or a `@unique` value repeats in it, or a `@unique` value is
    /// one SQL cannot compare as Etch does (only the database's index checks those, so only
    /// one object at a time says which object breaks it).
    ///
    /// - Throws: ``PostgresError/invalidParameter(position:reason:)`` for an id its column
    ///   cannot hold.
    init?(_ objects: [Model], table: PostgresModelTable) throws(PostgresError) {
        self.objects = objects
        self.table = table
        current = Array(repeating: nil, count: objects.count)
        for index in Model._indexes where index.kind == .unique {
            guard let column = table.columns.first(where: { $0.field == index.value.name }), let kind = column.kind
            else { return nil }
            uniques.append(Unique(index: index, kind: kind, column: column))
        }
        ids.reserveCapacity(objects.count)
        for (position, object) in objects.enumerated() {
            guard positions.updateValue(position, forKey: object.id.indexKey) == nil else { return nil }
            ids.append(try PostgresModelTable.idParameter(of: object.id, as: Model.self))
            for number in uniques.indices {
                let key = uniques[number].index.value.key(object)
                guard key != .null else { continue }
                guard let text = uniques[number].kind.parameter(of: key),
                    uniques[number].positions.updateValue(position, forKey: key) == nil
                else { return nil }
                uniques[number].parameters.append(text)
            }
        }
    }

    /// The statement that reads the objects of the batch's ids and those holding one of its
    /// `@unique` values, through the primary key and the `@unique` indexes, and locks their
    /// rows until the transaction ends (`FOR UPDATE`), as a transaction's reads do.
    var readStatement: String {
        var conditions = ["id = ANY (\(table.id.placeholder("$1"))[])"]
        for unique in uniques where !unique.parameters.isEmpty {
            conditions.append(
                "\(unique.column.quoted) = ANY (\(unique.column.placeholder("$\(conditions.count + 1)"))[])")
        }
        return "SELECT object FROM \(table.quotedTable) WHERE " + conditions.joined(separator: " OR ")
            + " FOR UPDATE"
    }

    /// The parameters of ``readStatement``: the ids, then the values of each `@unique`
    /// index the batch has any of, as arrays.
    var readParameters: [String?] {
        let arrays = [ids] + uniques.filter { !$0.parameters.isEmpty }.map(\.parameters)
        return arrays.map(PostgresArray.literal)
    }

    /// Takes the objects ``readStatement(_:)`` read: the current versions of the batch's
    /// objects, and the holders of its `@unique` values.
    ///
    /// - Returns: Whether the batch can be written in one statement: every `@unique` value
    ///   the table holds is held by the object the batch gives it to.
    mutating func readCurrent(_ stored: [Model]) -> Bool {
        for object in stored {
            let id = object.id.indexKey
            if let position = positions[id] { current[position] = object }
            for unique in uniques {
                let key = unique.index.value.key(object)
                if key != .null, let taker = unique.positions[key], objects[taker].id.indexKey != id { return false }
            }
        }
        return true
    }

    /// The objects as they are written, each replaced object's `@local` values carried over,
    /// their JSON, and the parameters of ``writeStatement``: the objects as one JSON array,
    /// the other columns one array each; `nil` when one of them JSON or its columns cannot
    /// express (one object at a time then reports it, after writing those before it).
    func written() -> (objects: [Model], jsons: [String], parameters: [String?])? {
        var written = objects
        var jsons: [String] = []
        jsons.reserveCapacity(objects.count)
        var columns = Array(repeating: [String?](), count: table.columns.count + 1)
        for number in columns.indices { columns[number].reserveCapacity(objects.count) }
        for position in objects.indices {
            if Model.LocalValues.self != NoLocalValues.self, let old = current[position] {
                written[position] = objects[position].replacingLocalValues(old.localValues)
            }
            guard let json = try? PostgresModelTable.json(of: written[position]),
                let row = try? table.row(of: written[position], json: json)
            else { return nil }
            jsons.append(json)
            // The row is the id, the JSON, then the columns.
            columns[0].append(row[0])
            for number in 2..<row.count { columns[number - 1].append(row[number]) }
        }
        var parameters = columns.map(PostgresArray.literal)
        parameters.insert("[" + jsons.joined(separator: ",") + "]", at: 1)
        return (written, jsons, parameters)
    }

    /// The statement that writes the batch, its parameters those of ``written()``: `INSERT …
    /// SELECT * FROM ROWS FROM (unnest($1::text[]), jsonb_array_elements($2::jsonb),
    /// unnest($3::text[]), …) ON CONFLICT (id) DO UPDATE …`, the rows zipped by position.
    /// The objects go as one JSON array, which the server parses once, rather than as a
    /// `jsonb[]`, whose text it would unescape before parsing each element.
    var writeStatement: String {
        var sources = ["unnest(\(table.id.placeholder("$1"))[])", "jsonb_array_elements($2::jsonb)"]
        for (number, column) in table.columns.enumerated() {
            sources.append("unnest(\(column.placeholder("$\(number + 3)"))[])")
        }
        return """
            INSERT INTO \(table.quotedTable) (\(table.insertColumns))
            SELECT * FROM ROWS FROM (\(sources.joined(separator: ", ")))
            \(table.replacing)
            """
    }

    /// The position of the object whose `@unique` value a unique violation's detail names
    /// (`Key (…)=(CAT-1) already exists.`); the first with a value of that index when the
    /// detail names none of them.
    func object(holding detail: String?, constraint: String?) -> Int {
        let unique = uniques.first { unique in
            PostgresSQL.fittingIdentifier("\(table.table) unique \(unique.index.value.name)") == constraint
        }
        guard let unique else { return 0 }
        let named = unique.positions.first { key, _ in
            guard let detail, let text = unique.kind.parameter(of: key) else { return false }
            return detail.contains("=(\(text))")
        }
        return named?.value ?? unique.positions.values.min() ?? 0
    }
}
